import { describe, expect, it } from 'vitest';
import { HotspotTable } from '../../../src/solver/fess/hotspots.js';
import { PositionHotspots } from '../../../src/solver/fess/position-hotspots.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';
import { seededRandom } from '../random-boards.js';

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

  it("by Festival's rule are never boxes on goals: a box on the near goal of a corridor blocks the far one only by ours", () => {
    const problem = buildProblem(board('########', '#@ $ ..#', '#  $   #', '########'), 'all-goals');
    const dead = analyzeLevel(problem).dead;
    const cell = (row: number, col: number) => problem.cellOfSquare[row * problem.width + col];
    expect(HotspotTable.of(problem, dead)?.isHot(cell(1, 3), cell(1, 5))).toBe(true);
    expect(HotspotTable.of(problem, dead, false)?.isHot(cell(1, 3), cell(1, 5))).toBe(false);
    // Off the goals the two rules agree.
    expect(HotspotTable.of(problem, dead, false)?.isHot(cell(1, 3), cell(1, 4))).toBe(HotspotTable.of(problem, dead)?.isHot(cell(1, 3), cell(1, 4)));
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

  it('after any box move, are counted as analyzing the position after it counts them', () => {
    // Several positions in a row, each box moved to many cells: the per-position and per-cell
    // work countAfterMove keeps must be that position's, whatever was asked before.
    const { problem, table } = level('##########', '#@   #  .#', '# $  # $ #', '#  $    .#', '## ##  $ #', '#.   #  .#', '##########');
    const moving = new PositionHotspots(table, problem);
    const fresh = new PositionHotspots(table, problem);
    const random = seededRandom(5);
    const boxes = new Int32Array(4);
    const moved = new Int32Array(4);
    let compared = 0;
    for (let trial = 0; trial < 200; trial++) {
      const taken = new Set<number>();
      while (taken.size < 4) taken.add(Math.floor(random() * problem.cellCount));
      boxes.set([...taken].sort((a, b) => a - b));
      moving.analyze(boxes, 4);
      for (let i = 0; i < 4; i++) {
        for (let to = 0; to < problem.cellCount; to++) {
          if (taken.has(to)) continue;
          moved.set(boxes);
          moved[i] = to;
          fresh.analyze(moved, 4);
          expect(moving.countAfterMove(boxes[i], to)).toBe(fresh.count);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});
