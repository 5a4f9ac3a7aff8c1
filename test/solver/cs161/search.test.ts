import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Cs161State, goalTest, h0, h1, nextStates, stateToBoard } from '../../../src/game/cs161.js';
import { movesOfStates } from '../../../src/game/cs161-moves.js';
import { replay } from '../../../src/game/replay.js';
import { AStarLimitError, aStar } from '../../../src/solver/cs161/a-star.js';
import { cs161RankSearch } from '../../../src/solver/cs161/rank-search.js';
import { sokoban } from '../../../src/solver/cs161/search.js';
import { h2 } from '../../../src/solver/cs161/seed-api.js';
import { sharedDir } from '../helpers.js';

const problems = JSON.parse(readFileSync(path.join(sharedDir, 'cs161', 'hw3_22_problems_boxes_rule.json'), 'utf8')) as {
  name: string;
  grid: number[][];
}[];
const HEURISTICS = [
  ['h0', h0],
  ['h1', h1],
  ['h2', h2],
] as const;

/** One box left of its goal, the keeper left of the box: one push wins. */
const ONE_PUSH = [
  [1, 1, 1, 1, 1],
  [1, 3, 2, 4, 1],
  [1, 1, 1, 1, 1],
];

function expectReplaysToWin(start: Cs161State, states: readonly Cs161State[], rule: 'all-boxes' | 'keeper-too'): void {
  expect(states[0]).toEqual(start);
  const played = replay(stateToBoard(start), movesOfStates(states), { rule, strictCase: true });
  expect(played.solved).toBe(true);
  expect(played.moves).toBe(states.length - 1);
}

describe('sokoban(state, heuristic)', () => {
  it('returns the states from start to goal and the states expanded', () => {
    const result = sokoban(ONE_PUSH, h0);
    expect(result.path).toEqual([
      ONE_PUSH,
      [
        [1, 1, 1, 1, 1],
        [1, 0, 3, 5, 1],
        [1, 1, 1, 1, 1],
      ],
    ]);
    expect(result.expanded).toBe(1);
  });

  it('answers null when no box can ever reach a goal', () => {
    expect(sokoban([[3, 2, 1, 4]], h1).path).toBeNull();
    expect(sokoban([[3, 2, 1, 4]], h2)).toEqual({ path: null, expanded: 0 });
  });

  it('under keeper-too keeps going until the keeper stands on a goal as well', () => {
    const state = [[3, 2, 4, 4]];
    const boxes = sokoban(state, h0, { rule: 'all-boxes' });
    const keeper = sokoban(state, h0, { rule: 'keeper-too' });
    expect(boxes.path).toHaveLength(2);
    expect(keeper.path).toHaveLength(3);
    expectReplaysToWin(state, keeper.path ?? [], 'keeper-too');
  });

  it('calls a heuristic of the caller with the states as grids', () => {
    const seen: string[] = [];
    sokoban(ONE_PUSH, (state) => {
      seen.push(JSON.stringify(state));
      return 0;
    });
    expect(seen).toContain(JSON.stringify(ONE_PUSH));
  });

  // sokoban() searches compact states (cs161-rank-search.ts); it must be the very search the homework's code does.
  it.each(problems.slice(0, 12).flatMap((problem) => HEURISTICS.map(([name, heuristic]) => [problem.name, name, problem.grid, heuristic] as const)))(
    '%s with %s: same path and count as aStar over goalTest and nextStates',
    (_problem, _name, grid, heuristic) => {
      const fast = sokoban(grid, heuristic);
      const plain = aStar(
        grid,
        (state) => goalTest(state),
        nextStates,
        (state) => heuristic(state),
      );
      expect(fast).toEqual(plain);
      expectReplaysToWin(grid, fast.path ?? [], 'all-boxes');
    },
  );
});

describe('the rank search behind sokoban() for h0, h1 and h2', () => {
  const keeperProblems = JSON.parse(readFileSync(path.join(sharedDir, 'cs161', 'hw3_15_problems_keeper_rule.json'), 'utf8')) as { name: string; grid: number[][] }[];

  it.each(keeperProblems.slice(0, 6).flatMap((problem) => HEURISTICS.map(([name, heuristic]) => [problem.name, name, problem.grid, heuristic] as const)))(
    'keeper-too %s with %s: same path and count as aStar',
    (_problem, _name, grid, heuristic) => {
      const fast = sokoban(grid, heuristic, { rule: 'keeper-too' });
      const plain = aStar(
        grid,
        (state) => goalTest(state, 'keeper-too'),
        nextStates,
        (state) => (heuristic === h2 ? h2(state, 'keeper-too') : heuristic(state)),
      );
      expect(fast).toEqual(plain);
      expectReplaysToWin(grid, fast.path ?? [], 'keeper-too');
    },
  );

  it('expands every state it can reach, and answers null, when no goal test can pass', () => {
    // Two boxes, one goal: the homework's goal test never passes, so A* runs out of states.
    const grid = [[3, 2, 0, 2, 0, 4]];
    const fast = sokoban(grid, h0);
    expect(fast.path).toBeNull();
    expect(fast).toEqual(aStar(grid, (state) => goalTest(state), nextStates, h0));
  });

  it('stops with a memory limit when its state table is full, saying how far it got', () => {
    let stopped: unknown = null;
    try {
      sokoban(problems[10].grid, h0, { maxBytes: 4096 });
    } catch (error) {
      stopped = error;
    }
    expect(stopped).toBeInstanceOf(AStarLimitError);
    expect((stopped as AStarLimitError).limit).toBe('memory');
    expect((stopped as AStarLimitError).expanded).toBeGreaterThan(0);
  });

  it('reports the states it stored and the bytes they took', () => {
    const result = cs161RankSearch(ONE_PUSH, 'h0');
    // The start and its one successor, the goal.
    expect(result?.stored).toBe(2);
    expect(result?.tableBytes).toBeGreaterThan(0);
  });
});

describe('h2', () => {
  it.each(problems.slice(0, 10).map((problem) => [problem.name, problem.grid] as const))(
    '%s: never more than the moves left, at any state of an optimal solution',
    (_name, grid) => {
      const path = sokoban(grid, h1).path ?? [];
      expect(path.length).toBeGreaterThan(1);
      for (const [i, state] of path.entries()) expect(h2(state)).toBeLessThanOrEqual(path.length - 1 - i);
    },
  );

  it('is at least h1, as each box off a goal is at least one push from one', () => {
    for (const { grid } of problems.slice(0, 19)) expect(h2(grid)).toBeGreaterThanOrEqual(h1(grid));
  });

  it('is Infinity for a box that can never reach a goal', () => {
    expect(h2([[3, 2, 0, 1, 4]])).toBe(Infinity);
  });
});
