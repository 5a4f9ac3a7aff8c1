import { describe, expect, it } from 'vitest';
import { SubBoardSearch, type SubBoardRules } from '../../../src/solver/deadlocks/sub-board-search.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { drawBoard, randomBoard, seededRandom } from '../random-boards.js';

/**
 * Every box on a goal wins; the order is the boxes' summed distance to the goals. Boxes stay, or
 * with `letsGo`, a box pushed onto a cell of odd number leaves the board.
 */
function rulesOf(goalIndexOfCell: Int32Array, nearest: ArrayLike<number>, readsChildWalk: boolean, letsGo = false): SubBoardRules {
  return {
    order: 'best-first',
    readsChildWalk,
    prepare: () => {},
    score: (cells, size) => {
      let sum = 0;
      for (let i = 0; i < size; i++) sum += nearest[cells[i]];
      return sum;
    },
    wins: (cells: Int32Array, size: number, _score: number, _child: PlayerReach) => {
      for (let i = 0; i < size; i++) if (goalIndexOfCell[cells[i]] < 0) return false;
      return true;
    },
    keeps: (to) => !letsGo || to % 2 === 0,
  };
}

describe('the sub-board search', () => {
  it.each([
    ['boxes that stay', false],
    ['boxes let go', true],
  ])('gives the same verdict and stores the same positions whether or not its rules read the child walk (%s)', (_rule, letsGo) => {
    // Rules that do not read it let the search find each child's player square by a fill that
    // stops at the board's first free square instead of a full walk, or with no fill where the
    // child's area is the parent's with the box's old square and without its new one (a box
    // pushed within the area, round which the area stays joined, or let go): the square must be the same.
    const random = seededRandom(17);
    let compared = 0;
    let lost = 0;
    for (let tried = 0; tried < 400; tried++) {
      const boxes = 2 + Math.floor(random() * 3);
      const start = randomBoard(random, { boxes, goals: boxes });
      if (start === null) continue;
      const problem = buildProblem(start, 'all-goals');
      if (problem.hopelessBecause !== null) continue;
      const { dead, distances } = analyzeLevel(problem);
      const limits = { maxBoxes: 4, maxStates: 256, cacheSlots: 16, boxSeed: 3, playerSeed: 5 };
      const outcome = (readsChildWalk: boolean): [number, number] => {
        const search = new SubBoardSearch(problem, dead, limits);
        const sorted = Array.from(problem.initialBoxes).sort((a, b) => a - b);
        search.child.set(sorted);
        const player = search.normalizedPlayer(sorted.length, problem.initialPlayer);
        const verdict = search.search(sorted.length, player, rulesOf(problem.goalIndexOfCell, distances.nearest, readsChildWalk, letsGo), limits.maxStates);
        return [verdict, search.stored];
      };
      const walker = new PlayerReach(problem);
      for (const box of problem.initialBoxes) walker.boxAt[box] = 1;
      walker.flood(problem.initialPlayer);
      const search = new SubBoardSearch(problem, dead, limits);
      search.child.set(Array.from(problem.initialBoxes).sort((a, b) => a - b));
      expect(search.normalizedPlayer(problem.initialBoxes.length, problem.initialPlayer)).toBe(walker.topLeft);
      const walked = outcome(true);
      expect(outcome(false), drawBoard(start)).toEqual(walked);
      compared++;
      if (walked[0] === 2) lost++;
    }
    expect(compared).toBeGreaterThan(200);
    expect(lost).toBeGreaterThan(5);
  });
});
