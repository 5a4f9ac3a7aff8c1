import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/level/board.js';
import { replay } from '../../../src/game/replay.js';
import { parseCollection } from '../../../src/level/parse.js';
import { PushSearch } from '../../../src/solver/engines/push-search.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { solve } from '../../../src/solver/solve.js';
import { board, expectReplaysToSolved, sharedDir } from '../helpers.js';
import { fewestByExhaustionWithin } from '../oracle.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * The push-optimal search stores a position again when it reaches it with fewer pushes; with
 * move ties on (the default) also with as many pushes and fewer moves. The optimal pushes mode
 * turns the ties off: the fewest pushes need only the first rule, and its second search proves
 * the fewest moves. Dropping them must keep the fewest pushes, store fewer positions, and leave
 * `solve --optimal pushes` with the same fewest moves among its push-optimal solutions.
 */

interface Searched {
  readonly state: string;
  readonly pushes: number | null;
  readonly generated: number;
}

/** The push-optimal search of solve.ts, run to its end, its solution replayed. */
function pushOptimal(start: Board, moveTies: boolean): Searched {
  const problem = buildProblem(start, 'all-goals');
  const search = new PushSearch(analyzeLevel(problem), { mode: 'pushes', corralPruning: true, triplePatterns: true, moveTies });
  while (search.state === 'running') search.run(10_000);
  if (search.state !== 'solved') return { state: search.state, pushes: null, generated: search.generated };
  const solution = pushesToLurd(problem, search.solution());
  const replayed = replay(start, solution.lurd, { rule: 'all-goals', strictCase: true });
  expect(replayed.error, drawBoard(start)).toBeNull();
  expect(replayed.solved, drawBoard(start)).toBe(true);
  expect(replayed.pushes).toBe(solution.pushes);
  return { state: search.state, pushes: solution.pushes, generated: search.generated };
}

function randomBoards(seed: number, count: number, most: number): Board[] {
  const random = seededRandom(seed);
  const boards: Board[] = [];
  while (boards.length < count) {
    const boxes = 1 + Math.floor(random() * most);
    const start = randomBoard(random, { boxes, goals: boxes });
    if (start !== null) boards.push(start);
  }
  return boards;
}

describe('push-optimal search without move ties', () => {
  it('does not store a position again for a shorter walk with as many pushes', () => {
    // Two boxes, two goals and room to walk around them (level r174 of test/data/random): some
    // positions are reached again with as many pushes along a shorter walk.
    const start = board('#####', '#+#.#', '#$  #', '#   #', '# $ #', '#   #', '#####');
    const truth = fewestByExhaustionWithin(start, 'all-goals', 'pushes', 200_000);
    if (truth === null || truth === 'too large') throw new Error('expected the judge to solve the board');
    const withTies = pushOptimal(start, true);
    const without = pushOptimal(start, false);
    expect(without.pushes).toBe(truth.pushes);
    expect(withTies.pushes).toBe(truth.pushes);
    expect(without.generated).toBeLessThan(withTies.generated);
  });

  it('finds the fewest pushes of the exhaustive judge on random boards', () => {
    let judged = 0;
    let solved = 0;
    for (const start of randomBoards(2411, 300, 3)) {
      const truth = fewestByExhaustionWithin(start, 'all-goals', 'pushes', 200_000);
      if (truth === 'too large') continue;
      judged++;
      const withTies = pushOptimal(start, true);
      const without = pushOptimal(start, false);
      expect(without.pushes, drawBoard(start)).toBe(truth === null ? null : truth.pushes);
      expect(withTies.pushes, drawBoard(start)).toBe(without.pushes);
      if (without.state === 'solved') solved++;
    }
    expect(judged).toBeGreaterThan(250);
    expect(solved).toBeGreaterThan(40);
  });

  it('proves the same fewest pushes as with the ties on the levels of test/data/random, storing fewer positions', () => {
    const randomDir = path.join(sharedDir, 'random');
    let solved = 0;
    let fewer = 0;
    let generatedWithTies = 0;
    let generatedWithout = 0;
    for (const file of readdirSync(randomDir).filter((name) => name.endsWith('.xsb'))) {
      const start = parseCollection(readFileSync(path.join(randomDir, file), 'utf8'), { file }).levels[0].board;
      const withTies = pushOptimal(start, true);
      const without = pushOptimal(start, false);
      expect(without.state, file).toBe(withTies.state);
      expect(without.pushes, file).toBe(withTies.pushes);
      if (without.state === 'solved') solved++;
      if (without.generated < withTies.generated) fewer++;
      generatedWithTies += withTies.generated;
      generatedWithout += without.generated;
    }
    expect(solved).toBeGreaterThan(50);
    expect(fewer).toBeGreaterThan(0);
    expect(generatedWithout).toBeLessThan(generatedWithTies);
  });

  it('leaves solve --optimal pushes with the fewest moves of the judge among the fewest pushes', () => {
    // Two boxes and room to walk: many push-optimal solutions, of different walks.
    const boards = [board('#######', '#@    #', '# $$  #', '#  .. #', '#     #', '#######'), ...randomBoards(77, 150, 2)];
    let compared = 0;
    for (const start of boards) {
      const truth = fewestByExhaustionWithin(start, 'all-goals', 'pushes', 200_000);
      if (truth === null || truth === 'too large') continue;
      compared++;
      const result = solve(start, { optimal: 'pushes', timeLimitMs: 60_000 });
      expect(result.status, drawBoard(start)).toBe('solved');
      expectReplaysToSolved(start, result, 'all-goals');
      expect(result.pushes, drawBoard(start)).toBe(truth.pushes);
      expect(result.optimal).toBe('pushes');
      expect(result.thenFewest).toBe('moves');
      expect(result.moves, drawBoard(start)).toBe(truth.moves);
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('is refused where moves are a measure of their own', () => {
    const problem = buildProblem(board('#####', '#@$.#', '#####'), 'all-goals');
    const analysis = analyzeLevel(problem);
    expect(() => new PushSearch(analysis, { mode: 'moves', corralPruning: false, moveTies: false })).toThrow(/pushes mode/);
    expect(() => new PushSearch(analysis, { mode: 'pushes', corralPruning: false, lexicographic: true, moveTies: false })).toThrow(/pushes mode/);
  });
});
