import { describe, expect, it } from 'vitest';
import { buildProblem } from '../../src/solver/model/problem.js';
import { sinkBasin } from '../../src/solver/planning/sink-basin.js';
import { board } from './helpers.js';

function basinOf(...rows: string[]) {
  const problem = buildProblem(board(...rows), 'all-goals');
  const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
  return { basin: sinkBasin(problem), cell };
}

describe('the sink basin', () => {
  // Two goals at the end of a corridor. With the deep goal full, a box reaches the outer one by
  // the corridor, coming in from the right or up the side passage; the box at the bottom can be
  // pushed along the bottom row but never up into the passage (the wall is below it).
  const corridor = ['########', '#..  $ #', '#### # #', '#@ $   #', '########'];

  it('belongs to the goal that the most starting boxes can still reach once the other goals are full', () => {
    const { basin, cell } = basinOf(...corridor);
    expect(basin?.goal).toBe(cell(1, 2));
  });

  it('holds the squares a box can still be pushed to that goal from', () => {
    const { basin, cell } = basinOf(...corridor);
    const inBasin = (row: number, col: number): number => basin?.cells[cell(row, col)] ?? -1;
    expect([inBasin(1, 2), inBasin(1, 3), inBasin(1, 5), inBasin(2, 4)]).toEqual([1, 1, 1, 1]);
    // The deep goal is full in that position, and the bottom row cannot feed the passage.
    expect([inBasin(1, 1), inBasin(3, 3), inBasin(3, 4)]).toEqual([0, 0, 0]);
  });

  it('counts the boxes that start outside it: out of plan', () => {
    expect(basinOf(...corridor).basin?.outsideAtStart).toBe(1);
  });

  it('is not given where every box starts inside it', () => {
    expect(basinOf('#######', '#.    #', '#.$$  #', '#@    #', '#######').basin).toBeNull();
  });
});
