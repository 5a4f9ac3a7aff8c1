import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import type { GoalRule } from '../../../src/game/goal-rule.js';
import { replay } from '../../../src/game/replay.js';
import { parseCollection } from '../../../src/level/parse.js';
import { PushSearch, type SearchMode } from '../../../src/solver/engines/push-search.js';
import { OneWaySquares } from '../../../src/solver/geometry/one-way-squares.js';
import { buildProblem, DOWN, LEFT, type Problem, RIGHT, UP } from '../../../src/solver/model/problem.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board, sharedDir } from '../helpers.js';
import { fewestByExhaustionWithin } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * A box pushed onto a one-way square (a corridor square that cuts the level) that must move again
 * can only move forward, so the push search pushes it on at once; the fewest pushes must not
 * change, and every solution must replay.
 */

const cellAt = (problem: Problem, start: Board, row: number, col: number): number => problem.cellOfSquare[row * start.width + col];

interface Searched {
  readonly state: string;
  readonly pushes: number | null;
  readonly expanded: number;
  readonly generated: number;
}

/** Runs one search to its end and replays what it found under `rule`. */
function searchWith(start: Board, rule: GoalRule, mode: SearchMode, oneWayMacros: boolean): Searched {
  const problem = buildProblem(start, rule);
  const search = new PushSearch(analyzeLevel(problem), { mode, corralPruning: mode === 'pushes', oneWayMacros });
  while (search.state === 'running') search.run(10_000);
  if (search.state !== 'solved') return { state: search.state, pushes: null, expanded: search.expanded, generated: search.generated };
  const solution = pushesToLurd(problem, search.solution());
  const replayed = replay(start, solution.lurd, { rule, strictCase: true });
  expect(replayed.error, drawBoard(start)).toBeNull();
  expect(replayed.solved, drawBoard(start)).toBe(true);
  expect(replayed.solvedAfter).toBe(replayed.moves);
  expect(replayed.pushes).toBe(solution.pushes);
  return { state: search.state, pushes: solution.pushes, expanded: search.expanded, generated: search.generated };
}

describe('the one-way square table', () => {
  // Two boxes for a dead-end corridor of two goals: row 2, columns 5 to 7, walls above and below.
  const corridor = board('#########', '#    ####', '#@$ $ ..#', '#    ####', '#########');

  it('marks the corridor squares that cut the level, in the direction into the corridor, with its goals beyond', () => {
    const problem = buildProblem(corridor, 'all-goals');
    const oneWay = OneWaySquares.build(problem);
    if (oneWay === null) throw new Error('expected one-way squares in a dead-end corridor');
    expect(oneWay.goalsBeyondOf(cellAt(problem, corridor, 2, 5), RIGHT)).toBe(2);
    expect(oneWay.goalsBeyondOf(cellAt(problem, corridor, 2, 6), RIGHT)).toBe(1);
    // Pushed out of the corridor, the part beyond is the room: no goals there.
    expect(oneWay.goalsBeyondOf(cellAt(problem, corridor, 2, 6), LEFT)).toBe(0);
    // The last square has nothing beyond it; room squares have no walls on both sides.
    expect(oneWay.isOneWay(cellAt(problem, corridor, 2, 7), RIGHT)).toBe(false);
    expect(oneWay.isOneWay(cellAt(problem, corridor, 2, 4), RIGHT)).toBe(false);
  });

  it('does not treat a tunnel with a second route around it as one-way', () => {
    const loop = board('#######', '#@    #', '# ### #', '#     #', '#######');
    const closed = board('#######', '#@    #', '#######');
    const loopProblem = buildProblem(loop, 'all-goals');
    const tunnel = cellAt(loopProblem, loop, 1, 3);
    const loopTable = OneWaySquares.build(loopProblem);
    for (const d of [UP, DOWN, LEFT, RIGHT]) expect(loopTable?.isOneWay(tunnel, d) ?? false).toBe(false);
    // The same square with the way around walled up is one-way both ways along the corridor.
    const closedProblem = buildProblem(closed, 'all-goals');
    const closedTable = OneWaySquares.build(closedProblem);
    expect(closedTable?.isOneWay(cellAt(closedProblem, closed, 1, 3), LEFT)).toBe(true);
    expect(closedTable?.isOneWay(cellAt(closedProblem, closed, 1, 3), RIGHT)).toBe(true);
  });

  it('says lost when a box that must go on meets another box in the corridor, and rests on a goal the corridor no longer needs', () => {
    // Box B stands in the corridor (row 2, column 6); box A, at column 3, would come in behind it at column 5.
    const start = board('##########', '#    #####', '#@ $  $..#', '#    #####', '##########');
    const problem = buildProblem(start, 'all-goals');
    const analysis = analyzeLevel(problem);
    const oneWay = analysis.oneWaySquares();
    if (oneWay === null) throw new Error('expected one-way squares');
    const boxAt = new Uint8Array(problem.cellCount);
    const boxes = new Uint32Array(problem.words);
    for (const cell of problem.initialBoxes) {
      boxAt[cell] = 1;
      boxes[cell >>> 5] |= 1 << (cell & 31);
    }
    expect(oneWay.forcedEnd(cellAt(problem, start, 2, 5), RIGHT, boxes, 0, boxAt, analysis.dead)).toBe(-1);
    // Box B itself, pushed onto the first goal, must go on: the last goal has no box yet.
    expect(oneWay.forcedEnd(cellAt(problem, start, 2, 7), RIGHT, boxes, 0, boxAt, analysis.dead)).toBe(cellAt(problem, start, 2, 8));
    expect(oneWay.lastRun).toBe(2);
    // The solver still finds the way, B first, then A, in the fewest pushes.
    const oracle = fewestByExhaustionWithin(start, 'all-goals', 'pushes', 2_000_000);
    if (oracle === null || oracle === 'too large') throw new Error('expected the oracle to solve the corridor');
    expect(searchWith(start, 'all-goals', 'pushes', true)).toMatchObject({ state: 'solved', pushes: oracle.pushes });
  });
});

describe('push-optimal search with one-way macros', () => {
  it('fills a dead-end goal corridor in runs with the same fewest pushes as without, and the oracle', () => {
    const corridor = board('###########', '#      ####', '#@$ $ $...#', '#      ####', '###########');
    const oracle = fewestByExhaustionWithin(corridor, 'all-goals', 'pushes', 2_000_000);
    if (oracle === null || oracle === 'too large') throw new Error('expected the oracle to solve the corridor');
    const without = searchWith(corridor, 'all-goals', 'pushes', false);
    const withMacros = searchWith(corridor, 'all-goals', 'pushes', true);
    expect(without.pushes).toBe(oracle.pushes);
    expect(withMacros.pushes).toBe(oracle.pushes);
    // The corridor squares' positions are never stored: fewer positions.
    expect(withMacros.generated).toBeLessThan(without.generated);
  });

  it('keeps the fewest pushes under keeper-too, where the player needs a free goal', () => {
    const corridor = board('#########', '#.   ####', '#@$ $ ..#', '#    ####', '#########');
    const oracle = fewestByExhaustionWithin(corridor, 'keeper-too', 'pushes', 2_000_000);
    if (oracle === null || oracle === 'too large') throw new Error('expected the oracle to solve the corridor');
    expect(searchWith(corridor, 'keeper-too', 'pushes', true).pushes).toBe(oracle.pushes);
  });

  it('proves the same fewest pushes as without on random boards and the levels of test/data/random', () => {
    const random = seededRandom(1515);
    const boards: Board[] = [];
    while (boards.length < 150) {
      const boxes = 1 + Math.floor(random() * 3);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start !== null) boards.push(start);
    }
    const randomDir = path.join(sharedDir, 'random');
    for (const file of readdirSync(randomDir).filter((name) => name.endsWith('.xsb'))) {
      boards.push(parseCollection(readFileSync(path.join(randomDir, file), 'utf8'), { file }).levels[0].board);
    }
    let withOneWay = 0;
    let solvedWithOneWay = 0;
    for (const start of boards) {
      const without = searchWith(start, 'all-goals', 'pushes', false);
      const withMacros = searchWith(start, 'all-goals', 'pushes', true);
      expect(withMacros.state, drawBoard(start)).toBe(without.state);
      expect(withMacros.pushes, drawBoard(start)).toBe(without.pushes);
      if (OneWaySquares.build(buildProblem(start, 'all-goals')) !== null) {
        withOneWay++;
        if (without.state === 'solved') solvedWithOneWay++;
      }
    }
    // The check means something only where there are one-way squares to use.
    expect(withOneWay).toBeGreaterThan(50);
    expect(solvedWithOneWay).toBeGreaterThan(20);
  });

  it('solves greedily with runs too, every solution replayed', () => {
    const corridor = board('###########', '#      ####', '#@$ $ $...#', '#      ####', '###########');
    expect(searchWith(corridor, 'all-goals', 'greedy', true).state).toBe('solved');
  });
});
