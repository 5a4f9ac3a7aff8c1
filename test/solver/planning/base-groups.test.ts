import { describe, expect, it } from 'vitest';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { BaseGroups } from '../../../src/solver/planning/base-groups.js';
import { board, boxMarks } from '../helpers.js';

// Two rooms joined by a door at (2,5); the boxes start at (2,2), (2,3), in the door and at (2,8).
const problem = buildProblem(board('###########', '#    #    #', '# $$ $  $ #', '#    #    #', '# @  #  ..#', '#..########', '###########'), 'all-goals');
const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
const baseOfCell = new Int32Array(problem.cellCount).fill(-1);
problem.initialBoxes.forEach((c, b) => {
  baseOfCell[c] = b;
});
const baseAt = (row: number, col: number): number => baseOfCell[cell(row, col)];

const boxesOn = (...cells: number[]): Uint8Array => boxMarks(problem.cellCount, ...cells);

describe('the main group of free bases (the gate on removals of strategy A)', () => {
  it('takes the largest group of bases a lone box can be pushed between both ways, boxes standing as walls', () => {
    const groups = new BaseGroups(problem, baseOfCell);
    // A box in the door walls the right room off: the two left bases are the main group.
    const boxAt = boxesOn(cell(2, 5));
    const before = boxAt.slice();
    expect(groups.mark(boxAt, new Uint8Array(4).fill(1))).toBe(2);
    expect(groups.inGroup[baseAt(2, 2)]).toBe(1);
    expect(groups.inGroup[baseAt(2, 3)]).toBe(1);
    expect(groups.inGroup[baseAt(2, 8)]).toBe(0);
    // The covered door base is not free, so in no group.
    expect(groups.inGroup[baseAt(2, 5)]).toBe(0);
    expect(boxAt).toEqual(before);
  });

  it('joins the rooms once the door is free', () => {
    const groups = new BaseGroups(problem, baseOfCell);
    expect(groups.mark(boxesOn(), new Uint8Array(4).fill(1))).toBe(4);
  });

  it('leaves out bases already taken off the board', () => {
    const groups = new BaseGroups(problem, baseOfCell);
    const left = new Uint8Array(4).fill(1);
    left[baseAt(2, 2)] = 0;
    expect(groups.mark(boxesOn(), left)).toBe(3);
    expect(groups.inGroup[baseAt(2, 2)]).toBe(0);
  });
});
