import { describe, expect, it } from 'vitest';
import type { GoalRule } from '../../src/game/goal-rule.js';
import { solve } from '../../src/solver/solve.js';
import { board, expectReplaysToSolved } from './helpers.js';
import { fewestByExhaustion, solveByExhaustion } from './oracle.js';
import { drawBoard, randomBoard, seededRandom, type BoardShape } from './random-boards.js';

/**
 * The solver against a naive exhaustive search on many small random boards, under every rule
 * and with unequal box and goal counts: the same optimal lengths, the same verdict on
 * solvability. This is what catches an unsound pruning rule, which would turn a solvable board
 * into a wrong "unsolvable" or an optimal length into a longer one.
 */
const BOARDS_PER_CASE = 60;

interface Case {
  readonly name: string;
  readonly rule: GoalRule;
  readonly shape: (random: () => number) => BoardShape;
  readonly seed: number;
  /** Fewer for the larger shapes, whose exhaustive answers take longer. */
  readonly boards?: number;
}

const cases: Case[] = [
  { name: 'all-goals, as many boxes as goals', rule: 'all-goals', seed: 11, shape: (r) => same(1 + Math.floor(r() * 3)) },
  { name: 'all-goals, one box more than goals', rule: 'all-goals', seed: 12, shape: (r) => extraBox(1 + Math.floor(r() * 2)) },
  { name: 'all-boxes, one goal more than boxes', rule: 'all-boxes', seed: 13, shape: (r) => extraGoal(1 + Math.floor(r() * 2)) },
  { name: 'keeper-too, one goal more than boxes', rule: 'keeper-too', seed: 14, shape: (r) => extraGoal(1 + Math.floor(r() * 2)) },
  { name: 'keeper-too, two goals more than boxes', rule: 'keeper-too', seed: 15, shape: (r) => ({ boxes: 1 + Math.floor(r() * 2), goals: 3 + Math.floor(r() * 2) }) },
  // Three boxes with spare goals: a box moving off its goal re-matches the others, the case where
  // the incremental bound is below the optimum (issue 13: a move-optimal keeper-too solution that left a box off its goal).
  { name: 'all-goals, three boxes on three of three goals', rule: 'all-goals', seed: 16, shape: () => same(3), boards: 30 },
  { name: 'all-boxes, three boxes and spare goals', rule: 'all-boxes', seed: 17, shape: (r) => ({ boxes: 3, goals: 4 + Math.floor(r() * 2) }), boards: 30 },
  { name: 'keeper-too, three boxes and spare goals', rule: 'keeper-too', seed: 18, shape: (r) => ({ boxes: 3, goals: 4 + Math.floor(r() * 2) }), boards: 30 },
];

function same(count: number): BoardShape {
  return { boxes: count, goals: count };
}
function extraBox(goals: number): BoardShape {
  return { boxes: goals + 1, goals };
}
function extraGoal(boxes: number): BoardShape {
  return { boxes, goals: boxes + 1 };
}

function boardsFor(testCase: Case) {
  const random = seededRandom(testCase.seed);
  const boards = [];
  while (boards.length < (testCase.boards ?? BOARDS_PER_CASE)) {
    const board = randomBoard(random, testCase.shape(random));
    if (board !== null) boards.push(board);
  }
  return boards;
}

describe.each(cases)('on random small boards under $name', (testCase) => {
  const boards = boardsFor(testCase).map((board) => ({
    board,
    answer: solveByExhaustion(board, testCase.rule),
    pushesThenMoves: fewestByExhaustion(board, testCase.rule, 'pushes'),
    movesThenPushes: fewestByExhaustion(board, testCase.rule, 'moves'),
    drawn: drawBoard(board),
  }));

  it('the samples include both solvable and unsolvable boards', () => {
    expect(boards.some(({ answer }) => answer.fewestMoves !== null)).toBe(true);
    expect(boards.some(({ answer }) => answer.fewestMoves === null)).toBe(true);
  });

  it('the two exhaustive searches agree with the plain one on each first measure', () => {
    for (const { answer, pushesThenMoves, movesThenPushes, drawn } of boards) {
      expect(pushesThenMoves?.pushes ?? null, drawn).toBe(answer.fewestPushes);
      expect(movesThenPushes?.moves ?? null, drawn).toBe(answer.fewestMoves);
    }
  });

  it('move-optimal search finds exactly the fewest moves, and among those the fewest pushes, or proves there is no solution', () => {
    for (const { board, answer, movesThenPushes, drawn } of boards) {
      const result = solve(board, { optimal: 'moves', rule: testCase.rule });
      if (answer.fewestMoves === null) {
        expect(result.status, drawn).toBe('unsolvable');
        continue;
      }
      expect(result.moves, drawn).toBe(answer.fewestMoves);
      expect({ moves: result.moves, pushes: result.pushes }, drawn).toEqual(movesThenPushes);
      expect(result.optimal).toBe('moves');
      expectReplaysToSolved(board, result, testCase.rule);
    }
  });

  it('push-optimal search finds exactly the fewest pushes, and among those the fewest moves, or proves there is no solution', () => {
    for (const { board, answer, pushesThenMoves, drawn } of boards) {
      const result = solve(board, { optimal: 'pushes', rule: testCase.rule });
      if (answer.fewestPushes === null) {
        expect(result.status, drawn).toBe('unsolvable');
        continue;
      }
      expect(result.pushes, drawn).toBe(answer.fewestPushes);
      expect({ moves: result.moves, pushes: result.pushes }, drawn).toEqual(pushesThenMoves);
      expect(result.optimal).toBe('pushes');
      expectReplaysToSolved(board, result, testCase.rule);
    }
  });

  it('any-solution search solves exactly the solvable boards', () => {
    for (const { board, answer, drawn } of boards) {
      const result = solve(board, { rule: testCase.rule });
      if (answer.fewestMoves === null) {
        expect(result.status, drawn).toBe('unsolvable');
        continue;
      }
      expect(result.optimal).toBeNull();
      expectReplaysToSolved(board, result, testCase.rule);
    }
  });
});

describe('the CS161 grid of issue 13 under keeper-too (optimum 23 moves)', () => {
  const grid = board('#####', '#   #', '#...#', '# $ #', '#   #', '# $ #', '#. .#', '#$#$#', '# @ #', '#####');
  const answer = solveByExhaustion(grid, 'keeper-too');

  it('is solved in the fewest moves, the fewest pushes and by the any-solution search, each replayed', () => {
    const byMoves = solve(grid, { optimal: 'moves', rule: 'keeper-too' });
    expect(byMoves.moves).toBe(answer.fewestMoves);
    expectReplaysToSolved(grid, byMoves, 'keeper-too');
    expect(byMoves.pushes).toBe(fewestByExhaustion(grid, 'keeper-too', 'moves')?.pushes);
    const byPushes = solve(grid, { optimal: 'pushes', rule: 'keeper-too' });
    expect(byPushes.pushes).toBe(answer.fewestPushes);
    expect(byPushes.moves).toBe(fewestByExhaustion(grid, 'keeper-too', 'pushes')?.moves);
    expectReplaysToSolved(grid, byPushes, 'keeper-too');
    expectReplaysToSolved(grid, solve(grid, { rule: 'keeper-too' }), 'keeper-too');
  });
});
