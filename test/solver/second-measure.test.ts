import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCollection } from '../../src/level/parse.js';
import { solve } from '../../src/solver/solve.js';
import { board, expectReplaysToSolved, sharedDir } from './helpers.js';
import { fewestByExhaustion } from './oracle.js';

/**
 * The optimal modes prove a second measure: --optimal pushes gives, among the solutions with the
 * fewest pushes, one with the fewest moves; --optimal moves, among the fewest-move ones, the
 * fewest pushes. An exhaustive Dijkstra over (player, boxes) with pair costs is the judge.
 */
const microban10 = parseCollection(readFileSync(path.join(sharedDir, 'levels', 'microban.xsb'), 'utf8'), { file: 'microban.xsb' }).levels[9].board;

// Two boxes in a row to push right; the player may push the near one first or walk round.
const TWO_IN_A_ROW = board('########', '#      #', '#@$ $ .#', '#     .#', '########');

describe('the second measure in the optimal modes', () => {
  it('Microban 10 with --optimal pushes: 21 pushes in the fewest moves any 21-push solution has (at most 89)', () => {
    const result = solve(microban10, { optimal: 'pushes', rule: 'all-goals' });
    const exhaustive = fewestByExhaustion(microban10, 'all-goals', 'pushes');
    expect(result.status).toBe('solved');
    expect(result).toMatchObject({ optimal: 'pushes', thenFewest: 'moves' });
    expect({ moves: result.moves, pushes: result.pushes }).toEqual(exhaustive);
    expect(result.pushes).toBe(21);
    expect(result.moves).toBeLessThanOrEqual(89);
    expectReplaysToSolved(microban10, result, 'all-goals');
  });

  it('Microban 10 with --optimal moves: the fewest moves, then the fewest pushes among them', () => {
    const result = solve(microban10, { optimal: 'moves', rule: 'all-goals' });
    expect({ moves: result.moves, pushes: result.pushes }).toEqual(fewestByExhaustion(microban10, 'all-goals', 'moves'));
    expectReplaysToSolved(microban10, result, 'all-goals');
  });

  it.each(['pushes', 'moves'] as const)('on a tiny board, --optimal %s agrees with the exhaustive pair of measures', (first) => {
    const result = solve(TWO_IN_A_ROW, { optimal: first, rule: 'all-goals' });
    expect({ moves: result.moves, pushes: result.pushes }).toEqual(fewestByExhaustion(TWO_IN_A_ROW, 'all-goals', first));
    expect(result.optimal).toBe(first);
    expectReplaysToSolved(TWO_IN_A_ROW, result, 'all-goals');
  });

  it('when a limit stops the search for fewer moves, the push count is still proven and the moves are said not to be', () => {
    const full = solve(microban10, { optimal: 'pushes', rule: 'all-goals' });
    expect(full.thenFewest).toBe('moves');
    // The smallest node budget that solves: the push-optimal search's own, with none left for the moves.
    let budget = 1;
    let cut = solve(microban10, { optimal: 'pushes', rule: 'all-goals', maxNodes: budget });
    while (cut.status !== 'solved' && budget < full.nodes) {
      budget++;
      cut = solve(microban10, { optimal: 'pushes', rule: 'all-goals', maxNodes: budget });
    }
    expect(cut).toMatchObject({ status: 'solved', optimal: 'pushes', thenFewest: null, pushes: full.pushes });
    expect(cut.moves).toBeGreaterThanOrEqual(full.moves ?? 0);
    expectReplaysToSolved(microban10, cut, 'all-goals');
  });
});
