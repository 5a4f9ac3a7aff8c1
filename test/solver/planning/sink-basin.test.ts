import { describe, expect, it } from 'vitest';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { everyGoalBasin, sinkBasin } from '../../../src/solver/planning/sink-basin.js';
import { board } from '../helpers.js';

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

describe("every goal's basin together", () => {
  // Two goals in a corridor open at both ends, each end with a box of its own: with the left goal
  // full a box reaches the right one only from the right, and the other way round.
  const twoWays = ['##########', '#        #', '# ###### #', '#@$ .. $ #', '##########'];

  it('calls a box out of plan only where it can reach no goal once the others are full', () => {
    const problem = buildProblem(board(...twoWays), 'all-goals');
    // The sink basin is one way in; the box coming the other way is off it.
    expect(sinkBasin(problem)?.outsideAtStart).toBe(1);
    // Together the two ways hold both boxes, so no box is out of plan and there is no basin to give.
    expect(everyGoalBasin(problem)).toBeNull();
  });

  it('still leaves out a box that no goal can take last', () => {
    const problem = buildProblem(board('########', '#..  $ #', '#### # #', '#@ $   #', '########'), 'all-goals');
    const basin = everyGoalBasin(problem);
    const cell = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
    expect(basin?.outsideAtStart).toBe(1);
    expect([basin?.cells[cell(1, 5)], basin?.cells[cell(3, 3)]]).toEqual([1, 0]);
  });
});
