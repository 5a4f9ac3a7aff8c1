import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCollection } from '../../../src/level/parse.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { packingOrder } from '../../../src/solver/planning/packing-order.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { board, sharedDir } from '../helpers.js';

/** The cells of squares given as [row, col] pairs. */
function cellsAt(problem: Problem, ...squares: [number, number][]): number[] {
  return squares.map(([row, col]) => problem.cellOfSquare[row * problem.width + col]);
}

function orderOf(rows: string[]): { problem: Problem; order: number[] | null } {
  const problem = buildProblem(board(...rows), 'all-goals');
  const order = packingOrder(problem, analyzeLevel(problem).dead);
  return { problem, order: order && Array.from(order) };
}

describe('packing order', () => {
  it('fills a dead-end goal corridor from its far end', () => {
    const { problem, order } = orderOf(['#########', '#..  $  #', '### $ @ #', '  #     #', '  #######']);
    expect(order).toEqual(cellsAt(problem, [1, 1], [1, 2]));
  });

  it('fills a goal before the goal on the only square the player can push it from', () => {
    // The lower goal is filled by a push down from the upper one, with the player above it,
    // so the lower goal must come first however near the way out it is.
    const { problem, order } = orderOf(['#######', '#  @  #', '# $ $ #', '##.####', '##.####', '#######']);
    expect(order).toEqual(cellsAt(problem, [4, 2], [3, 2]));
  });

  it('on XSokoban 11 fills the goal pushed in from beside a neighbouring goal before that neighbour', () => {
    // A box reaches row 12, col 3 only by a push down from row 11, col 3, and gets there by a push
    // from row 11, col 4, with the player beside the goal at row 11, col 5. A plan that counts any
    // open square as a way out takes the box only to row 11, col 3 and fills the neighbours first.
    const text = readFileSync(path.join(sharedDir, 'levels', 'xsokoban90.xsb'), 'utf8');
    const level = parseCollection(text, { file: 'xsokoban90.xsb' }).levels[10];
    const problem = buildProblem(level.board, 'all-goals');
    const order = Array.from(packingOrder(problem, analyzeLevel(problem).dead) ?? []);
    const [deep, beside] = cellsAt(problem, [12, 3], [11, 5]);
    expect(order).toHaveLength(problem.goals.length);
    expect(order.indexOf(deep)).toBeLessThan(order.indexOf(beside));
  });

  it('when no box can be taken all the way out alone, orders the goals by taking boxes just off them', () => {
    // Microban 3: the right-hand goal's box can only be pulled up and left, away from where the
    // boxes start, and the left-hand one not at all while its neighbour is full.
    const { problem, order } = orderOf(['  ####', '###  ####', '#     $ #', '# #  #$ #', '# . .#@ #', '#########']);
    expect(order).toHaveLength(2);
    expect(new Set(order)).toEqual(new Set(cellsAt(problem, [4, 2], [4, 4])));
  });

  it('is null when no box starts off a goal, since then there is nothing to plan', () => {
    expect(orderOf(['#####', '#@* #', '#####']).order).toBeNull();
  });
});
