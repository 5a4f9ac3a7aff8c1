import { describe, expect, it } from 'vitest';
import { openNeighboursOf } from '../../../src/solver/geometry/open-neighbours.js';
import { DOWN, LEFT, RIGHT, UP, buildProblem } from '../../../src/solver/model/problem.js';
import { board } from '../helpers.js';

describe('open neighbours', () => {
  const problem = buildProblem(board('#####', '#@  #', '## $#', '#  .#', '#####'), 'all-goals');
  const cellAt = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
  const listOf = (lists: { start: Int32Array; cells: Int32Array }, cell: number): number[] => Array.from(lists.cells.subarray(lists.start[cell], lists.start[cell + 1]));

  it("lists each cell's neighbours that are not walls, in the order of the directions", () => {
    const lists = openNeighboursOf(problem);
    // (1,2): up is a wall; down, left and right are floor.
    expect(listOf(lists, cellAt(1, 2))).toEqual([cellAt(2, 2), cellAt(1, 1), cellAt(1, 3)]);
    // (1,1): only right is open.
    expect(listOf(lists, cellAt(1, 1))).toEqual([cellAt(1, 2)]);
    for (let cell = 0; cell < problem.cellCount; cell++) {
      const expected = [0, 1, 2, 3].map((d) => problem.neighbours[cell * 4 + d]).filter((to) => to >= 0);
      expect(listOf(lists, cell)).toEqual(expected);
    }
  });

  it('takes another order of directions, and makes each list once per problem and order', () => {
    const upwardLast = [RIGHT, DOWN, LEFT, UP];
    const lists = openNeighboursOf(problem, upwardLast);
    expect(listOf(lists, cellAt(2, 2))).toEqual([cellAt(2, 3), cellAt(3, 2), cellAt(1, 2)]);
    expect(openNeighboursOf(problem, upwardLast)).toBe(lists);
    expect(openNeighboursOf(problem)).toBe(openNeighboursOf(problem));
    expect(openNeighboursOf(problem)).not.toBe(lists);
  });
});
