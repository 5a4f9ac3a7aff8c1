import { describe, expect, it } from 'vitest';
import { DETECTORS, detectorsFor, type DetectorContext } from '../../../src/solver/deadlocks/registry.js';
import { CorralDeadlocks } from '../../../src/solver/deadlocks/corral-deadlocks.js';
import { FixedGoalMatching } from '../../../src/solver/deadlocks/fixed-goal-matching.js';
import { FreezeDeadlocks } from '../../../src/solver/deadlocks/freeze-deadlocks.js';
import { GrownCorralPruning } from '../../../src/solver/deadlocks/grown-corral-pruning.js';
import { LocalSearchDeadlocks } from '../../../src/solver/deadlocks/local-search-deadlocks.js';
import { MatchingDeadlocks } from '../../../src/solver/deadlocks/matching-deadlocks.js';
import { PiCorralPruning } from '../../../src/solver/deadlocks/pi-corral-pruning.js';
import { RetrogradeDeadlocks } from '../../../src/solver/deadlocks/retrograde-deadlock.js';
import { RoomDeadlocks } from '../../../src/solver/deadlocks/room-deadlocks.js';
import type { GoalRule } from '../../../src/game/goal-rule.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';

const TWO_BOXES = board('#######', '#@ $ .#', '# $  .#', '#######');

const SPARE_BOX = board('#######', '#@ $ .#', '# $   #', '#######');

function context(rule: GoalRule, search: { backward?: boolean; exactPlayer?: boolean } = {}, start = TWO_BOXES): DetectorContext {
  const problem = buildProblem(start, rule);
  const analysis = analyzeLevel(problem);
  return {
    problem,
    dead: analysis.dead,
    distances: analysis.distances,
    boxAt: new Uint8Array(problem.cellCount),
    backward: search.backward ?? false,
    exactPlayer: search.exactPlayer ?? false,
  };
}

describe('the deadlock registry', () => {
  it('says for every detector what it proves, why that is sound, and which engines use it', () => {
    for (const entry of Object.values(DETECTORS)) {
      expect(entry.proves.length).toBeGreaterThan(20);
      expect(entry.soundBecause.length).toBeGreaterThan(20);
      expect(entry.engines.length).toBeGreaterThan(0);
    }
  });

  it('gives a forward push search freeze and retrograde deadlocks and PI-corral pruning, each of its own class', () => {
    const set = detectorsFor('push-search', context('all-boxes'));
    expect(set.freezeDeadlocks).toBeInstanceOf(FreezeDeadlocks);
    expect(set.retrogradeDeadlocks).toBeInstanceOf(RetrogradeDeadlocks);
    expect(set.corralPruning).toBeInstanceOf(PiCorralPruning);
    // Corral and matching deadlocks are listed for the feature search only (the push search's matching bound holds the latter).
    expect(set.corralDeadlocks).toBeNull();
    expect(set.matchingDeadlocks).toBeNull();
  });

  it('gives the feature search freezes, corrals, matchings, fixed-goal matching, local and room searches and PI-corral pruning', () => {
    const set = detectorsFor('feature-search', context('all-boxes'), { fixedGoalMatching: true });
    expect(set.freezeDeadlocks).toBeInstanceOf(FreezeDeadlocks);
    expect(set.matchingDeadlocks).toBeInstanceOf(MatchingDeadlocks);
    expect(set.fixedGoalMatching).toBeInstanceOf(FixedGoalMatching);
    expect(set.corralDeadlocks).toBeInstanceOf(CorralDeadlocks);
    expect(set.localSearchDeadlocks).toBeInstanceOf(LocalSearchDeadlocks);
    expect(set.roomDeadlocks).toBeInstanceOf(RoomDeadlocks);
    expect(set.corralPruning).toBeInstanceOf(PiCorralPruning);
  });

  it('leaves out PI-corral pruning in move-optimal search, where it could lose the fewest moves', () => {
    const set = detectorsFor('push-search', context('all-boxes', { exactPlayer: true }));
    expect(set.corralPruning).toBeNull();
    expect(set.freezeDeadlocks).toBeInstanceOf(FreezeDeadlocks);
  });

  it('gives a backward search, which pulls boxes, none of them', () => {
    const set = detectorsFor('push-search', context('all-boxes', { backward: true }));
    expect(set).toEqual({
      freezeDeadlocks: null,
      matchingDeadlocks: null,
      retrogradeDeadlocks: null,
      fixedGoalMatching: null,
      corralDeadlocks: null,
      localSearchDeadlocks: null,
      roomDeadlocks: null,
      grownCorralPruning: null,
      corralPruning: null,
    });
  });

  it('leaves out the deadlock tests when a spare box may rest off a goal', () => {
    const set = detectorsFor('feature-search', context('all-goals', {}, SPARE_BOX));
    expect(set.freezeDeadlocks).toBeNull();
    expect(set.corralDeadlocks).toBeNull();
    expect(set.localSearchDeadlocks).toBeNull();
    expect(set.roomDeadlocks).toBeNull();
    expect(set.fixedGoalMatching).toBeNull();
    expect(set.matchingDeadlocks).toBeNull();
    expect(set.corralPruning).toBeInstanceOf(PiCorralPruning);
  });

  it('gives grown corral pruning to the search over features only when switched on, and never to the optimal searches', () => {
    expect(detectorsFor('feature-search', context('all-boxes')).grownCorralPruning).toBeNull();
    expect(detectorsFor('feature-search', context('all-boxes'), { grownCorralPruning: true }).grownCorralPruning).toBeInstanceOf(GrownCorralPruning);
    expect(detectorsFor('push-search', context('all-boxes'), { grownCorralPruning: true }).grownCorralPruning).toBeNull();
  });

  it('leaves fixed-goal matching off unless switched on (it cost 17% more time for a few positions fewer)', () => {
    expect(detectorsFor('feature-search', context('all-boxes')).fixedGoalMatching).toBeNull();
  });

  it('turns a detector off when the engine switches it off, and only that one', () => {
    const set = detectorsFor('feature-search', context('all-boxes'), { corralDeadlocks: false });
    expect(set.corralDeadlocks).toBeNull();
    expect(set.freezeDeadlocks).toBeInstanceOf(FreezeDeadlocks);
  });
});
