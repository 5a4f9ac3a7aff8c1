import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/game/replay.js';
import { BoxPathFinder } from '../../../src/solver/geometry/box-path.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { pushesToLurd } from '../../../src/solver/geometry/solution.js';
import { board } from '../helpers.js';

/** The cell of the square at (row, col). */
function cellAt(problem: Problem, row: number, col: number): number {
  return problem.cellOfSquare[row * problem.width + col];
}

describe('box paths', () => {
  it('finds the pushes that take one box round a corner, and they replay', () => {
    const bend = board('######', '#    #', '#@$  #', '#### #', '   #.#', '   ###');
    const problem = buildProblem(bend, 'all-goals');
    const walker = new PlayerReach(problem);
    const finder = new BoxPathFinder(problem);
    const pushes = finder.search(walker, cellAt(problem, 2, 2), problem.initialPlayer, cellAt(problem, 4, 4), -1);
    expect(pushes).toBe(4);
    const text = pushesToLurd(problem, Int32Array.from(finder.pushes()));
    expect(text.lurd).toBe('RRurDD');
    expect(replay(bend, text.lurd, { rule: 'all-goals', strictCase: true }).solved).toBe(true);
  });

  it('says -1 when other boxes block every way', () => {
    const blocked = board('#######', '#@$ $.#', '#######');
    const problem = buildProblem(blocked, 'all-goals');
    const walker = new PlayerReach(problem);
    walker.boxAt[cellAt(problem, 1, 4)] = 1;
    const finder = new BoxPathFinder(problem);
    expect(finder.search(walker, cellAt(problem, 1, 2), problem.initialPlayer, cellAt(problem, 1, 5), -1)).toBe(-1);
  });

  it('reaches a square with the player on a given side by going past it and coming back', () => {
    // To end one square on with the player on its right, the box goes one further right, where
    // the player can walk round it, and is pushed back.
    const corridor = board('#######', '#@$   #', '###   #', '#######');
    const problem = buildProblem(corridor, 'all-goals');
    const walker = new PlayerReach(problem);
    const finder = new BoxPathFinder(problem);
    const next = cellAt(problem, 1, 3);
    const pushes = finder.search(walker, cellAt(problem, 1, 2), problem.initialPlayer, next, cellAt(problem, 1, 4));
    expect(pushes).toBe(3);
  });

  it('takes a box out and back to its own square when the player must end on the other side', () => {
    // The player, shut in on the left, can only reach the right of the box by pushing it once.
    const shut = board('######', '##   #', '#@$  #', '######');
    const problem = buildProblem(shut, 'all-goals');
    const walker = new PlayerReach(problem);
    const finder = new BoxPathFinder(problem);
    const box = cellAt(problem, 2, 2);
    expect(finder.search(walker, box, problem.initialPlayer, box, cellAt(problem, 2, 3))).toBe(2);
    expect(finder.search(walker, box, problem.initialPlayer, box, problem.initialPlayer)).toBe(0);
  });
});
