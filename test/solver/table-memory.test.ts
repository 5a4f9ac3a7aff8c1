import { describe, expect, it } from 'vitest';
import { PairCosts } from '../../src/solver/bounds/pair-costs.js';
import { MovePerimeter } from '../../src/solver/bounds/move-perimeter.js';
import { TripleCosts } from '../../src/solver/bounds/triple-costs.js';
import { buildProblem } from '../../src/solver/model/problem.js';
import { analyzeLevel } from '../../src/solver/planning/analysis.js';
import { PushSearch } from '../../src/solver/engines/push-search.js';
import { board } from './helpers.js';

/**
 * --max-memory bounds every table a search builds: the node table, the perimeters and the
 * pattern tables, while they are built too. Checked on the tables' own byte counts.
 */

// An open room with three boxes: hundreds of thousands of positions near the solved ones.
const OPEN = board('##########', '#@       #', '#  $  .  #', '#   $  . #', '#  $   . #', '#        #', '#        #', '##########');
const MIB = 1024 * 1024;

describe('the move perimeter under a byte budget', () => {
  it('stops growing before its tables would pass the budget, and is shallower for it', () => {
    const problem = buildProblem(OPEN, 'all-goals');
    const dead = analyzeLevel(problem).backward().dead;
    const free = MovePerimeter.build(problem, dead, { maxPositions: 2_000_000 });
    const capped = MovePerimeter.build(problem, dead, { maxPositions: 2_000_000, maxBytes: 3 * MIB });
    if (free === null || capped === null) throw new Error('expected both perimeters');
    expect(free.bytes).toBeGreaterThan(3 * MIB);
    expect(capped.bytes).toBeLessThanOrEqual(3 * MIB);
    expect(capped.depth).toBeLessThan(free.depth);
    expect(capped.size).toBeGreaterThan(0);
  });

  it('is not built when not even its solved positions fit', () => {
    const problem = buildProblem(OPEN, 'all-goals');
    expect(MovePerimeter.build(problem, analyzeLevel(problem).backward().dead, { maxPositions: 2_000_000, maxBytes: 10_000 })).toBeNull();
  });
});

describe('the pattern tables', () => {
  it('say their bytes before they are built', () => {
    const problem = buildProblem(OPEN, 'all-goals');
    const analysis = analyzeLevel(problem);
    expect(analysis.pairCosts()?.bytes).toBe(PairCosts.bytesFor(problem.cellCount));
    expect(analysis.tripleCosts()?.bytes).toBe(TripleCosts.bytesFor(problem.cellCount));
  });
});

describe('move-optimal search under a byte limit', () => {
  it('holds its node table, its move perimeter and its pattern tables within the limit, and counts them all', () => {
    for (const maxBytes of [2 * MIB, 4 * MIB]) {
      const problem = buildProblem(OPEN, 'all-goals');
      const analysis = analyzeLevel(problem);
      const search = new PushSearch(analysis, { mode: 'moves', corralPruning: false, lexicographic: true, triplePatterns: true, movePerimeter: { afterExpanded: 0 }, maxBytes });
      const perimeter = search.builtMovePerimeter;
      if (perimeter === null) throw new Error('expected a move perimeter');
      // The pair table at least is used at either limit.
      expect(search.bytes).toBeGreaterThanOrEqual(perimeter.bytes + PairCosts.bytesFor(problem.cellCount));
      while (search.state === 'running') {
        search.run(1_000);
        expect(search.bytes).toBeLessThanOrEqual(maxBytes);
      }
      expect(search.bytes).toBeLessThanOrEqual(maxBytes);
    }
  });

  it('leaves out a pattern table that alone would take over a quarter of the limit', () => {
    const problem = buildProblem(OPEN, 'all-goals');
    const maxBytes = 3 * TripleCosts.bytesFor(problem.cellCount);
    const search = new PushSearch(analyzeLevel(problem), { mode: 'moves', corralPruning: false, lexicographic: true, triplePatterns: true, maxBytes });
    // The pair table fits a quarter of the limit; the triple table would not.
    expect(search.bytes).toBeLessThan(PairCosts.bytesFor(problem.cellCount) + TripleCosts.bytesFor(problem.cellCount));
    expect(search.bytes).toBeGreaterThanOrEqual(PairCosts.bytesFor(problem.cellCount));
  });
});
