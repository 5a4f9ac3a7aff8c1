import { describe, expect, it } from 'vitest';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { goalArea, sinkRoom } from '../../../src/solver/planning/sink-room.js';
import { board } from '../helpers.js';

function sinkOf(...rows: string[]) {
  const problem = buildProblem(board(...rows), 'all-goals');
  const fromStart = analyzeLevel(problem).backward();
  const pushable = Uint8Array.from(fromStart.dead, (dead) => (dead === 0 ? 1 : 0));
  const at = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
  return { problem, sink: sinkRoom(problem, pushable), at };
}

describe('the sink room', () => {
  // A goal room on the left, behind a doorway at 2,3, and the room the boxes start in.
  const goalRoom = ['##########', '#..#     #', '#..  $ $ #', '#  #  $  #', '#  #$   @#', '##########'];

  it('lies outside the rooms that hold goals, where boxes come in from', () => {
    const { sink, at } = sinkOf(...goalRoom);
    expect(sink).not.toBeNull();
    // The doorway and the squares before it are in; the goal room's own free squares are not.
    expect([sink?.[at(2, 3)], sink?.[at(2, 4)], sink?.[at(3, 4)]]).toEqual([1, 1, 1]);
    expect([sink?.[at(3, 1)], sink?.[at(4, 2)], sink?.[at(1, 1)]]).toEqual([0, 0, 0]);
  });

  it('is not given where the goals share one room with everything else', () => {
    expect(sinkOf('#######', '#.    #', '#.$$  #', '#@    #', '#######').sink).toBeNull();
  });

  it('counts a corridor between two goal rooms as part of the goal area', () => {
    const problem = buildProblem(board('#########', '#.  #  .#', '#  $ $  #', '#   #  @#', '#########'), 'all-goals');
    const area = goalArea(problem);
    const at = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
    expect(area[at(2, 4)]).toBe(1);
  });
});
