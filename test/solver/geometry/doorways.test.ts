import { describe, expect, it } from 'vitest';
import { doorwaysOf } from '../../../src/solver/geometry/doorways.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { board } from '../helpers.js';

/** The doorways of a board, as [row, col] squares. */
function doorways(...rows: string[]): number[][] {
  const problem = buildProblem(board(...rows), 'all-goals');
  return [...doorwaysOf(problem)].map((cell) => {
    const square = problem.squareOfCell[cell];
    return [Math.floor(square / problem.width), square % problem.width];
  });
}

describe('doorways', () => {
  it('are the gap in a wall between two rooms and the squares at its mouths', () => {
    expect(doorways('#######', '#@ $  #', '#     #', '### ###', '#     #', '#  .  #', '#######')).toEqual([
      [2, 3],
      [3, 3],
      [4, 3],
    ]);
  });

  it('are every cell of a corridor between two rooms, and the room cell at its mouth', () => {
    expect(doorways('##########', '#@ ####  #', '#$     . #', '##########')).toEqual([
      [2, 2],
      [2, 3],
      [2, 4],
      [2, 5],
      [2, 6],
    ]);
  });

  it('leave out goals, which boxes are meant to block', () => {
    expect(doorways('#######', '#@ $  #', '#     #', '###.###', '#     #', '#     #', '#######')).toEqual([
      [2, 3],
      [4, 3],
    ]);
  });

  it('are none in a single open room', () => {
    expect(doorways('######', '#@   #', '# $. #', '#    #', '######')).toEqual([]);
  });
});
