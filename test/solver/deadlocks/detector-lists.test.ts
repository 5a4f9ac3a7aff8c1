import { describe, expect, it } from 'vitest';
import type { PushDeadlockTest } from '../../../src/solver/deadlocks/detector-shapes.js';
import { DETECTORS, type DetectorContext, type DetectorEntry, type DetectorRegistry, detectorListsFor, ENGINE_CALLS } from '../../../src/solver/deadlocks/registry.js';
import { FeatureSearch } from '../../../src/solver/engines/feature-search.js';
import { PushSearch } from '../../../src/solver/engines/push-search.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';

const LEVEL = board('########', '#@ $  .#', '#  $  .#', '########');

function analysis() {
  return analyzeLevel(buildProblem(LEVEL, 'all-boxes'));
}

/** A detector that is not in the registry: adding one takes its class and this one row. */
class CountingDetector implements PushDeadlockTest {
  calls = 0;
  constructor(private readonly verdict: boolean) {}
  isDeadlockAfterPush(): boolean {
    this.calls++;
    return this.verdict;
  }
}

function withThrowaway(detector: CountingDetector, engines: DetectorEntry['engines'] = ['feature-search', 'push-search']): DetectorRegistry {
  const throwaway: DetectorEntry<'afterPush', CountingDetector> = {
    calls: ['afterPush'],
    byDefault: 'on',
    kind: 'deadlock',
    proves: 'nothing: it counts its calls and answers as the test tells it',
    soundBecause: 'it is never used outside this test',
    engines,
    appliesTo: () => true,
    create: () => detector,
  };
  return { ...DETECTORS, throwaway };
}

function context(): DetectorContext {
  const { problem, dead, distances } = analysis();
  return { problem, dead, distances, boxAt: new Uint8Array(problem.cellCount), backward: false, exactPlayer: false };
}

describe('a detector added as one registry row', () => {
  it('is called by the feature search after each push, and the search still solves the level', () => {
    const detector = new CountingDetector(false);
    const search = new FeatureSearch(analysis(), { detectorRegistry: withThrowaway(detector) });
    search.run(10_000);
    expect(search.state).toBe('solved');
    expect(detector.calls).toBeGreaterThan(0);
  });

  it('prunes what it calls lost: a detector that calls every push lost leaves the push search nothing', () => {
    const alone = new PushSearch(analysis(), { mode: 'pushes', corralPruning: true });
    alone.run(10_000);
    expect(alone.state).toBe('solved');
    const search = new PushSearch(analysis(), { mode: 'pushes', corralPruning: true, detectorRegistry: withThrowaway(new CountingDetector(true)) });
    search.run(10_000);
    expect(search.state).toBe('unsolvable');
  });

  it('is left out by an engine it does not name, and by a config that switches it off by its name', () => {
    const notForPushes = new CountingDetector(true);
    const search = new PushSearch(analysis(), { mode: 'pushes', corralPruning: true, detectorRegistry: withThrowaway(notForPushes, ['feature-search']) });
    search.run(10_000);
    expect(search.state).toBe('solved');
    const switchedOff = detectorListsFor('feature-search', context(), { throwaway: false } as object, withThrowaway(new CountingDetector(true)));
    expect(switchedOff.afterPushTests.some((test) => test instanceof CountingDetector)).toBe(false);
  });
});

describe('the detector lists', () => {
  it('hold each detector in the list of each point it is called at, in the registry order', () => {
    const lists = detectorListsFor('feature-search', context(), { fixedGoalMatching: true });
    const names = (tests: readonly object[]) => tests.map((test) => test.constructor.name);
    expect(names(lists.afterPushTests)).toEqual(['FreezeDeadlocks', 'MatchingDeadlocks']);
    expect(names(lists.atStartTests)).toEqual(['MatchingDeadlocks']);
    expect(names(lists.onBoardTests)).toEqual(['RetrogradeDeadlocks']);
    expect(names(lists.afterWalkTests)).toEqual(['FixedGoalMatching', 'CorralDeadlocks', 'LocalSearchDeadlocks', 'RoomDeadlocks']);
    expect(names(lists.pruners)).toEqual(['PiCorralPruning']);
  });

  it('give the push search only what it calls: push tests, whole-board tests when it expands, pruning', () => {
    const lists = detectorListsFor('push-search', context());
    expect(lists.afterWalkTests).toEqual([]);
    expect(lists.atStartTests).toEqual([]);
    expect(lists.afterPushTests.length + lists.onBoardTests.length + lists.pruners.length).toBe(3);
  });

  it('refuse a detector at a point its engine never calls', () => {
    for (const [name, entry] of Object.entries(DETECTORS)) {
      for (const engine of entry.engines) for (const point of entry.calls) expect(ENGINE_CALLS[engine], `${name} in the ${engine}`).toContain(point);
    }
    const walkOnly: DetectorRegistry = { ...DETECTORS, walkOnly: { ...DETECTORS.roomDeadlocks, engines: ['push-search'] } };
    expect(() => detectorListsFor('push-search', context(), {}, walkOnly)).toThrow(/no afterWalk calls/);
  });
});
