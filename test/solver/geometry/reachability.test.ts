import { describe, expect, it } from 'vitest';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { board } from '../helpers.js';

/** The cell of the square at (row, col). */
function cellAt(problem: Problem, row: number, col: number): number {
  return problem.cellOfSquare[row * problem.width + col];
}

describe('the fill from some squares until it meets one of others', () => {
  // Two rooms joined by one square, where a box stands; another box and two goals on the right.
  const rooms = board('#########', '#@  #   #', '#   $ $.#', '#   #  .#', '#########');
  const problem = buildProblem(rooms, 'all-goals');
  const door = cellAt(problem, 2, 4);
  const near = cellAt(problem, 3, 3);
  const far = cellAt(problem, 1, 7);
  const walker = new PlayerReach(problem);
  walker.boxAt[door] = 1;
  const player = Int32Array.of(problem.initialPlayer);

  it('reaches the player from a square of its area, as the player walk says, and reads only the first count squares', () => {
    expect(walker.anyReaches(Int32Array.of(far, near), 2, player, 1)).toBe(true);
    expect(walker.anyReaches(Int32Array.of(far, near), 1, player, 1)).toBe(false);
    walker.flood(problem.initialPlayer);
    expect([walker.reached(near), walker.reached(far)]).toEqual([true, false]);
  });

  it('when it does not reach the player, marks what it filled: the other room, none of the player area', () => {
    expect(walker.anyReaches(Int32Array.of(far), 1, player, 1)).toBe(false);
    expect([walker.reached(far), walker.reached(cellAt(problem, 3, 5)), walker.reached(near), walker.reached(problem.initialPlayer)]).toEqual([true, true, false, false]);
  });

  it('starts from no square holding a box, counts a source on the player as reaching it, and passes where the box was', () => {
    expect(walker.anyReaches(player, 1, Int32Array.of(cellAt(problem, 3, 5), near), 2)).toBe(true);
    expect(walker.anyReaches(Int32Array.of(door), 1, player, 1)).toBe(false);
    expect(walker.anyReaches(Int32Array.of(problem.initialPlayer), 1, player, 1)).toBe(true);
    walker.boxAt[door] = 0;
    expect(walker.anyReaches(Int32Array.of(far), 1, player, 1)).toBe(true);
    walker.boxAt[door] = 1;
  });
});
