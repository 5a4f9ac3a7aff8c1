import { describe, expect, it } from 'vitest';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { INFEASIBLE, MatchingBound } from '../../../src/solver/bounds/matching-bound.js';
import { board } from '../helpers.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * The searches take a bound of 0 to mean "every box is home": a child with bound 0 ends the
 * search. With spare goals the bound of a child is repaired from its parent's matching, which
 * may leave it below the optimum; it must still never say 0 while a box stands off every goal.
 */
function boundsOfEveryPush(rows: readonly string[] | ReturnType<typeof board>) {
  const level = Array.isArray(rows) ? board(...rows) : (rows as ReturnType<typeof board>);
  const problem = buildProblem(level, 'all-boxes');
  const analysis = analyzeLevel(problem);
  const boxCount = problem.initialBoxes.length;
  const incremental = new MatchingBound(analysis.distances, boxCount, true);
  const fresh = new MatchingBound(analysis.distances, boxCount, true);
  const results: { child: Int32Array; repaired: number; exact: number; home: boolean }[] = [];
  // Every placement of the boxes that pushes (ignoring where the player can walk) lead to.
  const seen = new Set<string>();
  const start = Int32Array.from(problem.initialBoxes);
  // As in the searches, a parent evaluated as a child starts from the duals cached for it then.
  interface Pending {
    readonly cells: Int32Array;
    readonly node: number;
    readonly slot: number;
  }
  const pending: Pending[] = fresh.evaluate(start, boxCount) === INFEASIBLE ? [] : [{ cells: start, node: 0, slot: -1 }];
  let nodes = 1;
  const walk = ({ cells: parent, node, slot }: Pending): void => {
    incremental.beginParent(parent, boxCount, node, slot);
    for (let i = 0; i < boxCount; i++) {
      for (let d = 0; d < 4; d++) {
        const to = problem.neighbours[parent[i] * 4 + d];
        if (to < 0 || parent.includes(to)) continue;
        const child = Int32Array.from(parent);
        child[i] = to;
        const repaired = incremental.evaluateChild(child, boxCount, i);
        const exact = fresh.evaluate(child, boxCount);
        const home = Array.from(child).every((cell) => problem.goalIndexOfCell[cell] >= 0);
        results.push({ child, repaired, exact, home });
        // The searches never expand a lost position, so neither does this walk.
        const key = Array.from(child)
          .sort((a, b) => a - b)
          .join(',');
        if (exact !== INFEASIBLE && !seen.has(key)) {
          seen.add(key);
          const childNode = nodes++;
          if (incremental.lastSlot >= 0) incremental.claimSlot(incremental.lastSlot, childNode);
          pending.push({ cells: child, node: childNode, slot: incremental.lastSlot });
        }
      }
    }
  };
  while (pending.length > 0) walk(pending.pop() as Pending);
  return results;
}

describe('the matching bound of a child position with spare goals', () => {
  it('is not 0 while a box stands off the goals (issue 13: CS161 grid under keeper-too)', () => {
    const results = boundsOfEveryPush(['#####', '#   #', '#...#', '# $ #', '#   #', '# $ #', '#. .#', '#$#$#', '# @ #', '#####']);
    for (const { repaired, exact, home } of results) {
      expect(repaired === 0).toBe(home);
      expect(repaired).toBeLessThanOrEqual(exact);
    }
  });

  it('is 0 exactly when every box is home, and never above the optimum, on random boards', () => {
    const random = seededRandom(1313);
    let checked = 0;
    while (checked < 150) {
      const goals = 4 + Math.floor(random() * 2);
      const level = randomBoard(random, { boxes: 3, goals });
      if (level === null) continue;
      checked++;
      for (const { child, repaired, exact, home } of boundsOfEveryPush(level)) {
        const where = `${drawBoard(level)}\nboxes at cells ${Array.from(child).join(', ')}`;
        expect(repaired === 0, where).toBe(home);
        expect(repaired, where).toBeLessThanOrEqual(exact);
      }
    }
  });
});
