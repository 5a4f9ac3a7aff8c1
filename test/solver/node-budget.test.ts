import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCollection } from '../../src/level/parse.js';
import { type SolveResult, solve } from '../../src/solver/solve.js';
import { expectReplaysToSolved, repoRoot } from './helpers.js';

const microban = parseCollection(readFileSync(path.join(repoRoot, 'levels', 'microban.xsb'), 'utf8'), { file: 'microban.xsb' }).levels;

/** A clock that moves by its own steps: how fast a machine seems to the solver (milliseconds a reading). */
function steppingClock(steps: readonly number[]): () => number {
  let now = 0;
  let k = 0;
  return () => {
    now += steps[k++ % steps.length];
    return now;
  };
}

const withoutMs = ({ ms: _ms, ...rest }: SolveResult) => rest;

describe('a node budget gives the same run on any machine (issue 32)', () => {
  // Searches take turns and phases change by the positions expanded, not by the clock, and the
  // improvement pass stops at its node cap: a fast, a slow and an uneven machine do the same work.
  it.each([
    ['solved, then improved', 145, 3000],
    ['solved, then improved', 100, 3000],
    ['stopped at the budget', 153, 5000],
  ])('%s (Microban %i)', (_what, index, maxNodes) => {
    const level = microban[index - 1];
    const runs = [[0.001], [0.5], [0.01, 3, 0.2, 0.05]].map((steps) => solve(level, { maxNodes, timeLimitMs: 1e12, clock: steppingClock(steps) }));
    for (const run of runs.slice(1)) expect(withoutMs(run)).toEqual(withoutMs(runs[0]));
    if (runs[0].status === 'solved') expectReplaysToSolved(level.board, runs[0], 'all-goals');
    else expect(runs[0].limit).toBe('nodes');
  });
});
