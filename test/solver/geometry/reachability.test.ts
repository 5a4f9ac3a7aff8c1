import { describe, expect, it } from 'vitest';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { board } from '../helpers.js';

/** The cell of the square at (row, col). */
function cellAt(problem: Problem, row: number, col: number): number {
  return problem.cellOfSquare[row * problem.width + col];
}

describe('the player walk toward a few squares', () => {
  // Two rooms joined by one square; a box in it cuts them apart.
  const rooms = board('#########', '#@  #   #', '#   $ $.#', '#   #  .#', '#########');
  const problem = buildProblem(rooms, 'all-goals');

  function walkerWith(boxes: readonly number[]): PlayerReach {
    const walker = new PlayerReach(problem);
    for (const box of boxes) walker.boxAt[box] = 1;
    return walker;
  }

  it('says yes when some target lies in the player area, as a full flood says', () => {
    const walker = walkerWith([cellAt(problem, 2, 4)]);
    const near = cellAt(problem, 3, 3);
    const far = cellAt(problem, 1, 7);
    expect(walker.reachesAny(problem.initialPlayer, Int32Array.of(far, near), 2)).toBe(true);
    walker.flood(problem.initialPlayer);
    expect(walker.reached(near)).toBe(true);
  });

  it('says no when every target lies beyond a box, and reads only the first count targets', () => {
    const walker = walkerWith([cellAt(problem, 2, 4)]);
    const far = cellAt(problem, 1, 7);
    const near = cellAt(problem, 3, 3);
    expect(walker.reachesAny(problem.initialPlayer, Int32Array.of(far, near), 1)).toBe(false);
    walker.flood(problem.initialPlayer);
    expect(walker.reached(far)).toBe(false);
  });

  it('counts the start as reached, and walks on once the box is gone', () => {
    const walker = walkerWith([cellAt(problem, 2, 4)]);
    expect(walker.reachesAny(problem.initialPlayer, Int32Array.of(problem.initialPlayer), 1)).toBe(true);
    walker.boxAt[cellAt(problem, 2, 4)] = 0;
    expect(walker.reachesAny(problem.initialPlayer, Int32Array.of(cellAt(problem, 1, 7)), 1)).toBe(true);
  });
});
