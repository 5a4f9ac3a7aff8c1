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

describe('the walk that stops once it has reached some squares', () => {
  // A corridor with the player at its left end, and a lower room reached on either side of a box.
  const corridor = board('##########', '#@       #', '# $ ######', '#.  #', '#####');
  const problem = buildProblem(corridor, 'all-goals');
  const walker = new PlayerReach(problem);
  const box = cellAt(problem, 2, 2);
  walker.boxAt[box] = 1;
  const start = problem.initialPlayer;
  const near = cellAt(problem, 1, 3);
  const far = cellAt(problem, 1, 8);
  const below = cellAt(problem, 3, 2);

  it('gives each target the distance the whole walk gives it', () => {
    const targets = Int32Array.of(below, near, far);
    walker.walk(start);
    const whole = Array.from(targets, (cell) => walker.distance[cell]);
    expect(walker.walkToAll(start, targets, 3)).toBe(0);
    expect(Array.from(targets, (cell) => walker.reached(cell) && walker.distance[cell])).toEqual(whole);
    expect(whole).toEqual([3, 2, 7]);
  });

  it('stops at the farthest target: the end of the corridor is not walked for a square near the start', () => {
    expect(walker.walkToAll(start, Int32Array.of(near, near), 2)).toBe(0);
    expect([walker.reached(near), walker.reached(far)]).toEqual([true, false]);
  });

  it('counts the targets it cannot reach, each once, and a start that is a target as reached', () => {
    // Boxes on both ways down close the lower room.
    const ways = [cellAt(problem, 2, 1), cellAt(problem, 2, 3)];
    for (const cell of ways) walker.boxAt[cell] = 1;
    expect(walker.walkToAll(start, Int32Array.of(below, below, far, start), 4)).toBe(1);
    expect(walker.stepsTo(start, below)).toBe(-1);
    expect(walker.stepsTo(start, start)).toBe(0);
    expect(walker.stepsTo(start, box)).toBe(-1);
    for (const cell of ways) walker.boxAt[cell] = 0;
    expect(walker.stepsTo(start, below)).toBe(3);
  });
});
