import { describe, expect, it } from 'vitest';
import { HotspotTable } from '../../../src/solver/fess/hotspots.js';
import { PositionHotspots } from '../../../src/solver/fess/position-hotspots.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';

function level(...rows: string[]): { problem: Problem; table: HotspotTable; cell: (row: number, col: number) => number } {
  const problem = buildProblem(board(...rows), 'all-goals');
  const table = HotspotTable.of(problem, analyzeLevel(problem).dead);
  if (table === null) throw new Error('no table');
  return { problem, table, cell: (row, col) => problem.cellOfSquare[row * problem.width + col] };
}

describe('hotspots', () => {
  // A corridor: the box nearer the goal stands in the way of the other, not the other way round.
  const corridor = ['########', '#@ $ $.#', '#     .#', '########'];

  it('are boxes that cut another box off a goal it reaches alone', () => {
    const { table, cell } = level(...corridor);
    expect(table.isHot(cell(1, 3), cell(1, 5))).toBe(true);
    expect(table.isHot(cell(1, 5), cell(1, 3))).toBe(false);
  });

  it('are not boxes that only take the goal they stand on', () => {
    const { table, cell } = level('#########', '#@      #', '#       #', '# $  .. #', '#       #', '#       #', '#########');
    expect(table.isHot(cell(3, 2), cell(3, 5))).toBe(false);
  });

  it('are counted per position, and the count follows a box move', () => {
    const { problem, table, cell } = level(...corridor);
    const hotspots = new PositionHotspots(table, problem);
    const boxes = Int32Array.from([cell(1, 3), cell(1, 5)]);
    hotspots.analyze(boxes, 2);
    expect(hotspots.count).toBe(1);
    expect(hotspots.hottest).toBe(cell(1, 5));
    // Packed on its goal, the front box no longer blocks: the goal it takes is its own.
    expect(hotspots.countAfterMove(cell(1, 5), cell(1, 6))).toBe(0);
  });
});
