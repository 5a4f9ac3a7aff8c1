import { describe, expect, it } from 'vitest';
import { RoomConnectivity } from '../../../src/solver/fess/room-connectivity.js';
import { RegionLabels } from '../../../src/solver/geometry/regions.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { longestPullAdvice, pullOffGoalAdvice, removalAdvice } from '../../../src/solver/planning/pull-advice.js';
import { board } from '../helpers.js';

/** A level's problem, its analysis, its boxes marked, and the cell of a square. */
function level(...rows: string[]) {
  const problem = buildProblem(board(...rows), 'all-goals');
  const analysis = analyzeLevel(problem);
  const boxAt = new Uint8Array(problem.cellCount);
  for (const box of problem.initialBoxes) boxAt[box] = 1;
  const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
  return { problem, analysis, boxAt, cell };
}

describe('the removal advisor of the backward search with bases', () => {
  // Three boxes that may leave, in board order: off a goal, on a goal, off a goal.
  const { problem, cell } = level('########', '#$*$..@#', '########');
  const boxes = Int32Array.from([cell(1, 1), cell(1, 2), cell(1, 3)]);

  it("takes the first box off the goals in board order with Festival's order, the last by default", () => {
    expect(removalAdvice(problem, boxes, 3, 'first')).toBe(0);
    expect(removalAdvice(problem, boxes, 3, 'last')).toBe(2);
  });

  it('takes a box off the goals before one on a goal, and the first box when all are on goals', () => {
    expect(removalAdvice(problem, Int32Array.from([cell(1, 2), cell(1, 3)]), 2, 'first')).toBe(1);
    expect(removalAdvice(problem, Int32Array.from([cell(1, 2)]), 1, 'first')).toBe(0);
  });
});

describe('the pull advisors of the backward search', () => {
  // Both boxes on their goals. The right one pulled left ends next to the other goal, five
  // pushes from its own; pulled right it ends two squares from any goal, two pushes back.
  const rows = ['############', '#  @       #', '#*     *   #', '#          #', '############'];

  it("takes the longest pull back to the box's own goal (Festival's), where the default takes the square farthest from any goal", () => {
    const { problem, analysis, boxAt, cell } = level(...rows);
    const from = cell(2, 7);
    const boxes = Int32Array.from([from, from]);
    // The advisors read only the target's cell (state >> 2), not the player's side.
    const states = Int32Array.from([cell(2, 2) * 4, cell(2, 9) * 4]);
    const goal = problem.goalIndexOfCell[from];
    const goals = problem.goals.length;
    // On the open board the pulls each takes are the pushes back: five and two.
    const lengths = Int32Array.from(states, (state) => analysis.distances.distance[(state >> 2) * goals + goal]);
    expect(Array.from(lengths)).toEqual([5, 2]);
    const regions = new RegionLabels(problem);
    const areas = regions.count(boxAt);
    expect(pullOffGoalAdvice(problem, regions, boxAt, boxes, states, 2, analysis.distances.nearest, areas)).toBe(1);
    expect(longestPullAdvice(problem, regions, new RoomConnectivity(problem, 'festival'), boxAt, boxes, states, lengths, 2, areas)).toBe(0);
    // The position is left as it was.
    expect(Array.from(boxAt.keys()).filter((c) => boxAt[c] !== 0)).toEqual(Array.from(problem.initialBoxes).sort((a, b) => a - b));
  });

  it('never takes a longer pull that cuts the floor into more areas', () => {
    // Pulled into the gap of the wall, the right box would shut the top row off.
    const { problem, boxAt, cell } = level('############', '#          #', '#### #######', '#*   *  @  #', '#          #', '############');
    const from = cell(3, 5);
    const boxes = Int32Array.from([from, from]);
    const states = Int32Array.from([cell(2, 4) * 4, cell(3, 6) * 4]);
    const lengths = Int32Array.from([9, 2]);
    const regions = new RegionLabels(problem);
    expect(longestPullAdvice(problem, regions, new RoomConnectivity(problem, 'festival'), boxAt, boxes, states, lengths, 2, regions.count(boxAt))).toBe(1);
  });
});
