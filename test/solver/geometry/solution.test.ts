import { describe, expect, it } from 'vitest';
import { pushesUntilWon } from '../../../src/solver/geometry/solution.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { board, boxMarks } from '../helpers.js';

function cellAt(problem: Problem, row: number, column: number): number {
  return problem.cellOfSquare[row * problem.width + column];
}

/** The push of the box on (row, column) one square in the direction of `step` (a letter of LURD's). */
function push(problem: Problem, row: number, column: number, step: 'l' | 'u' | 'r' | 'd'): number {
  const cell = cellAt(problem, row, column);
  const target = { l: [row, column - 1], u: [row - 1, column], r: [row, column + 1], d: [row + 1, column] }[step];
  for (let d = 0; d < 4; d++) if (problem.neighbours[cell * 4 + d] === cellAt(problem, target[0], target[1])) return cell * 4 + d;
  throw new Error('no such push');
}

describe('a joined solution cut at the win', () => {
  it('ends at the push that puts the last box on a goal, though a part of it went on pushing the box past and back', () => {
    const problem = buildProblem(board('########', '#@ $.  #', '########'), 'all-goals');
    const pushes = [push(problem, 1, 3, 'r'), push(problem, 1, 4, 'r'), push(problem, 1, 5, 'l'), push(problem, 1, 4, 'l')];
    const cut = pushesUntilWon(problem, boxMarks(problem.cellCount, cellAt(problem, 1, 3)), pushes);
    expect(Array.from(cut)).toEqual(pushes.slice(0, 1));
  });

  it('keeps every push while another box is still off its goal when one crosses a goal', () => {
    const problem = buildProblem(board('########', '#@ $. .#', '#  $   #', '########'), 'all-goals');
    const pushes = [push(problem, 1, 3, 'r'), push(problem, 1, 4, 'r'), push(problem, 1, 5, 'r')];
    const cut = pushesUntilWon(problem, boxMarks(problem.cellCount, cellAt(problem, 1, 3), cellAt(problem, 2, 3)), pushes);
    expect(Array.from(cut)).toEqual(pushes);
  });
});
