import { describe, expect, it } from 'vitest';
import { GoalAssignment } from '../../../src/solver/deadlocks/goal-assignment.js';
import { seededRandom } from '../random-boards.js';

/** Goal lists per row (cell) as the matching reads them: row r takes goals[start[r]] up to goals[start[r + 1]]. */
function goalLists(lists: number[][]): { start: Int32Array; goals: Int32Array } {
  const start = new Int32Array(lists.length + 1);
  for (let row = 0; row < lists.length; row++) start[row + 1] = start[row] + lists[row].length;
  return { start, goals: Int32Array.from(lists.flat()) };
}

describe('goal assignment', () => {
  it('gives each box a goal of its own when one exists, moving boxes along augmenting paths', () => {
    // Box 0 takes goal 0 first; box 1 reaches only goal 0, so box 0 moves on to goal 1.
    const { start, goals } = goalLists([[0, 1], [0], [0]]);
    expect(new GoalAssignment(2, 2).assignsAll(2, Int32Array.of(0, 1), start, goals)).toBe(true);
    expect(new GoalAssignment(2, 2).assignsAll(2, Int32Array.of(1, 2), start, goals)).toBe(false);
  });

  it('started from the last board, answers each of a run of boards as a matching from scratch does', () => {
    // Boards in a row that share most boxes, as a search meets them: one box moves each time.
    const random = seededRandom(3);
    const rowCount = 40;
    const goalCount = 12;
    const lists = Array.from({ length: rowCount }, () => Array.from({ length: goalCount }, (_, goal) => goal).filter(() => random() < 0.25));
    const { start, goals } = goalLists(lists);
    const again = new GoalAssignment(goalCount, goalCount);
    const rows = new Set<number>();
    while (rows.size < goalCount) rows.add(Math.floor(random() * rowCount));
    const answers = { all: 0, lost: 0 };
    for (let board = 0; board < 3000; board++) {
      const moved = [...rows][Math.floor(random() * rows.size)];
      let to = Math.floor(random() * rowCount);
      while (rows.has(to)) to = Math.floor(random() * rowCount);
      rows.delete(moved);
      rows.add(to);
      const boxes = Int32Array.from([...rows].sort((a, b) => a - b));
      const expected = new GoalAssignment(goalCount, goalCount).assignsAll(boxes.length, boxes, start, goals);
      expect(again.assignsAllAgain(boxes.length, boxes, start, goals), `board ${board}`).toBe(expected);
      if (expected) answers.all++;
      else answers.lost++;
    }
    expect(answers.all).toBeGreaterThan(100);
    expect(answers.lost).toBeGreaterThan(100);
  });
});
