import { describe, expect, it } from 'vitest';
import { DeferredEngine } from '../../src/solver/engines/deferred-engine.js';
import { FeatureSearch } from '../../src/solver/engines/feature-search.js';
import { runPortfolio } from '../../src/solver/portfolio/run-portfolio.js';
import { buildProblem } from '../../src/solver/model/problem.js';
import { analyzeLevel } from '../../src/solver/planning/analysis.js';
import { board } from './helpers.js';

const ONE_PUSH = board('#####', '#@$.#', '#####');
const analysis = analyzeLevel(buildProblem(ONE_PUSH, 'all-goals'));

/** A deferred feature search on ONE_PUSH, and how many times it has been built. */
function countingDeferred(): { deferred: DeferredEngine; built: () => number } {
  let built = 0;
  const deferred = new DeferredEngine(() => {
    built++;
    return new FeatureSearch(analysis);
  });
  return { deferred, built: () => built };
}

describe('a deferred search', () => {
  it('is not built until its first turn, and reads as running with nothing done until then', () => {
    const { deferred, built } = countingDeferred();
    expect([built(), deferred.state, deferred.expanded, deferred.generated, deferred.bytes]).toEqual([0, 'running', 0, 0, 0]);
    expect(() => deferred.solution()).toThrow();
    deferred.run(10);
    expect(built()).toBe(1);
    expect(deferred.state).toBe('solved');
    expect(deferred.solution().length).toBe(1);
    expect(deferred.bytes).toBeGreaterThan(0);
  });

  it('costs nothing when a portfolio settles the level before its turn comes', () => {
    const { deferred, built } = countingDeferred();
    let now = 0;
    const outcome = runPortfolio(
      [
        { engine: new FeatureSearch(analysis), share: 0.5 },
        { engine: deferred, share: 0.5 },
      ],
      { deadline: 1000, maxNodes: Number.MAX_SAFE_INTEGER, maxBytes: Number.POSITIVE_INFINITY, clock: () => now++ },
    );
    expect(outcome.finished?.state).toBe('solved');
    expect(built()).toBe(0);
  });
});
