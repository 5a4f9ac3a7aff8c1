import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCollection } from '../../src/level/parse.js';
import { solve } from '../../src/solver/solve.js';
import { expectReplaysToSolved, sharedDir } from './helpers.js';
import { fewestByExhaustionWithin } from './oracle.js';

/**
 * test/data/random: small random levels whose move-optimal lengths an independent program found
 * by exhaustive breadth-first search (ANSWERS). All 180 are checked: move-optimal search takes
 * well under a second for the whole set.
 */
const randomDir = path.join(sharedDir, 'random');

interface Recorded {
  readonly file: string;
  /** Move-optimal length, or null for a level recorded as unsolvable. */
  readonly moves: number | null;
}

function readAnswers(): Recorded[] {
  return readFileSync(path.join(randomDir, 'ANSWERS'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [file, answer] = line.trim().split(/\s+/);
      return { file, moves: answer === 'unsolvable' ? null : Number(answer) };
    });
}

const answers = readAnswers();
const levels = answers.map((recorded) => ({
  ...recorded,
  board: parseCollection(readFileSync(path.join(randomDir, recorded.file), 'utf8'), { file: recorded.file }).levels[0].board,
}));

describe('the random levels of test/data/random', () => {
  it('are all there, both solvable and unsolvable ones', () => {
    expect(answers).toHaveLength(180);
    expect(answers.some((a) => a.moves === null)).toBe(true);
    expect(answers.some((a) => a.moves !== null)).toBe(true);
  });

  it.each(levels)('$file: move-optimal search gives the recorded answer ($moves)', ({ board, moves }) => {
    const result = solve(board, { optimal: 'moves', rule: 'all-goals' });
    if (moves === null) {
      expect(result.status).toBe('unsolvable');
      return;
    }
    expect(result).toMatchObject({ status: 'solved', optimal: 'moves', moves });
    expectReplaysToSolved(board, result, 'all-goals');
  });

  it('push-optimal search agrees: no more pushes, no fewer moves than the move-optimal solution', () => {
    for (const { file, board, moves } of levels) {
      const byPushes = solve(board, { optimal: 'pushes', rule: 'all-goals' });
      if (moves === null) {
        expect(byPushes.status, file).toBe('unsolvable');
        continue;
      }
      const byMoves = solve(board, { optimal: 'moves', rule: 'all-goals' });
      expectReplaysToSolved(board, byPushes, 'all-goals');
      expect(byPushes.pushes, file).toBeLessThanOrEqual(byMoves.pushes ?? -1);
      expect(byPushes.moves, file).toBeGreaterThanOrEqual(moves);
    }
  });

  // The exhaustive pair-cost search settles millions of positions on a few of these levels; those
  // it leaves out (and says how many it checked) keep the suite's time down.
  const EXHAUSTIVE_POSITIONS = 50_000;

  it.each(['pushes', 'moves'] as const)('--optimal %s gives the fewest of the other measure among its optimal solutions, as an exhaustive search finds', (first) => {
    let checked = 0;
    let solvable = 0;
    for (const { file, board, moves } of levels) {
      if (moves === null) continue;
      solvable++;
      const exhaustive = fewestByExhaustionWithin(board, 'all-goals', first, EXHAUSTIVE_POSITIONS);
      if (exhaustive === 'too large') continue;
      checked++;
      const result = solve(board, { optimal: first, rule: 'all-goals' });
      expect({ moves: result.moves, pushes: result.pushes }, file).toEqual(exhaustive);
      expect(result.optimal).toBe(first);
      expectReplaysToSolved(board, result, 'all-goals');
    }
    expect(checked).toBeGreaterThanOrEqual(Math.ceil(solvable * 0.8));
  });

  it('any-solution search solves exactly the solvable ones, never in fewer moves than the optimum', () => {
    for (const { file, board, moves } of levels) {
      const result = solve(board, { rule: 'all-goals' });
      if (moves === null) {
        expect(result.status, file).toBe('unsolvable');
        continue;
      }
      expectReplaysToSolved(board, result, 'all-goals');
      expect(result.moves, file).toBeGreaterThanOrEqual(moves);
    }
  });
});
