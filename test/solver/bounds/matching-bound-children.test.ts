import { describe, expect, it } from 'vitest';
import { INFEASIBLE, MatchingBound } from '../../../src/solver/bounds/matching-bound.js';
import { type PushDistances, UNREACHABLE } from '../../../src/solver/geometry/push-distances.js';
import { seededRandom } from '../random-boards.js';

/**
 * A child's bound (one box of the parent moved) is worked out from the parent: its nearest goals
 * from the parent's tally, and where they clash, one repair of the parent's matching. A caller
 * that never reads the child's duals (arrangement.ts) gets the value alone by a shortest path that
 * leaves the parent's tables as they were. Both must give what a matching from scratch gives.
 */
const CELLS = 16;
const PARENTS = 25;

/** Push distances of a made-up level: small numbers, some cells that cannot reach some goals. */
function madeUpDistances(random: () => number, goalCount: number): PushDistances {
  const distance = new Uint16Array(CELLS * goalCount);
  const nearest = new Uint16Array(CELLS).fill(UNREACHABLE);
  for (let cell = 0; cell < CELLS; cell++) {
    for (let goal = 0; goal < goalCount; goal++) {
      const d = random() < 0.2 ? UNREACHABLE : Math.floor(random() * 6);
      distance[cell * goalCount + goal] = d;
      if (d < nearest[cell]) nearest[cell] = d;
    }
  }
  return { goalCount, distance, nearest };
}

/** `count` different cells, at random. */
function someCells(random: () => number, count: number): Int32Array {
  const cells: number[] = [];
  while (cells.length < count) {
    const cell = Math.floor(random() * CELLS);
    if (!cells.includes(cell)) cells.push(cell);
  }
  return Int32Array.from(cells);
}

describe("a child's matching bound", () => {
  for (const spareGoals of [0, 1]) {
    it(`is the one a matching from scratch gives, with or without the child's duals${spareGoals > 0 ? ', with a spare goal' : ''}`, () => {
      const random = seededRandom(44 + spareGoals);
      let repaired = 0;
      let infeasible = 0;
      for (let trial = 0; trial < 4; trial++) {
        const boxes = 3 + trial;
        const distances = madeUpDistances(random, boxes + spareGoals);
        const withDuals = new MatchingBound(distances, boxes, true);
        const valueOnly = new MatchingBound(distances, boxes, true, null, false);
        const fromScratch = new MatchingBound(distances, boxes, true);
        for (let p = 0; p < PARENTS; p++) {
          const parent = someCells(random, boxes);
          // Children are matched from their parent's matching; a parent without one is not asked about.
          if (fromScratch.evaluate(parent, boxes) === INFEASIBLE) continue;
          withDuals.beginParent(parent, boxes, -1, -1);
          valueOnly.beginParent(parent, boxes, -1, -1);
          // As arrangement.ts asks: the parent's own value first, on every other parent.
          if (p % 2 === 0) expect(valueOnly.evaluateParent() + 0).toBe(withDuals.evaluateParent() + 0);
          const child = Int32Array.from(parent);
          for (let i = 0; i < boxes; i++) {
            for (let cell = 0; cell < CELLS; cell++) {
              if (parent.includes(cell)) continue;
              child[i] = cell;
              // (+ 0: a matching from scratch may say -0.)
              const truth = fromScratch.evaluate(child, boxes) + 0;
              expect(withDuals.evaluateChild(child, boxes, i) + 0).toBe(truth);
              expect(valueOnly.evaluateChild(child, boxes, i) + 0).toBe(truth);
              if (truth === INFEASIBLE) infeasible++;
              else if (withDuals.lastSlot >= 0) repaired++;
            }
            child[i] = parent[i];
          }
        }
      }
      // Children whose nearest goals clash took the repair; without a spare goal, some children have no matching at all.
      expect(repaired).toBeGreaterThan(200);
      if (spareGoals === 0) expect(infeasible).toBeGreaterThan(20);
    });
  }

  it('is the same when the parent is matched from the last parent, most of whose boxes still stand', () => {
    const random = seededRandom(45);
    let kept = 0;
    for (let trial = 0; trial < 4; trial++) {
      const boxes = 4 + trial;
      const distances = madeUpDistances(random, boxes);
      const fromLast = new MatchingBound(distances, boxes, true, null, false);
      const fromScratch = new MatchingBound(distances, boxes, true);
      const parent = someCells(random, boxes);
      for (let p = 0; p < PARENTS; p++) {
        // The next parent moves one or two boxes of the last to free cells.
        for (let moved = 0; moved < 1 + (p % 2); moved++) {
          let cell = Math.floor(random() * CELLS);
          while (parent.includes(cell)) cell = Math.floor(random() * CELLS);
          parent[Math.floor(random() * boxes)] = cell;
        }
        fromLast.beginParent(parent, boxes, -1, -1);
        const value = fromLast.evaluateParentFromLast() + 0;
        expect(value).toBe(fromScratch.evaluate(parent, boxes) + 0);
        if (value === INFEASIBLE) continue;
        kept++;
        const child = Int32Array.from(parent);
        for (let i = 0; i < boxes; i++) {
          for (let cell = 0; cell < CELLS; cell++) {
            if (parent.includes(cell)) continue;
            child[i] = cell;
            expect(fromLast.evaluateChild(child, boxes, i) + 0).toBe(fromScratch.evaluate(child, boxes) + 0);
          }
          child[i] = parent[i];
        }
      }
    }
    // Most parents had a matching, so most started from the last one's.
    expect(kept).toBeGreaterThan(40);
  });
});
