import { describe, expect, it } from 'vitest';
import { HotspotTable } from '../../../src/solver/fess/hotspots.js';
import { PositionHotspots } from '../../../src/solver/fess/position-hotspots.js';
import { buildProblem, type Problem } from '../../../src/solver/model/problem.js';
import { analyzeLevel } from '../../../src/solver/planning/analysis.js';
import { board } from '../helpers.js';
import { randomBoard, seededRandom } from '../random-boards.js';

function level(...rows: string[]): { problem: Problem; table: HotspotTable; cell: (row: number, col: number) => number } {
  const problem = buildProblem(board(...rows), 'all-goals');
  const table = HotspotTable.of(problem, analyzeLevel(problem).dead);
  if (table === null) throw new Error('no table');
  return { problem, table, cell: (row, col) => problem.cellOfSquare[row * problem.width + col] };
}

/**
 * The definition, slowly: the goals a lone box on x reaches with a wall on y (-1: none) and the
 * cells it stands on, by a search over every square of the box and of the player, who may start
 * anywhere; dead cells are never entered.
 */
function loneBoxReach(problem: Problem, dead: Uint8Array, x: number, y: number): { goals: number; cells: Set<number> } {
  const n = problem.cellCount;
  const { neighbours, goalIndexOfCell } = problem;
  const cells = new Set<number>();
  if (dead[x] !== 0) return { goals: 0, cells };
  const seen = new Uint8Array(n * n);
  const queue: number[] = [];
  for (let player = 0; player < n; player++) {
    if (player === x || player === y) continue;
    seen[x * n + player] = 1;
    queue.push(x * n + player);
  }
  for (let head = 0; head < queue.length; head++) {
    const box = Math.floor(queue[head] / n);
    const player = queue[head] % n;
    cells.add(box);
    for (let d = 0; d < 4; d++) {
      const step = neighbours[player * 4 + d];
      if (step < 0 || step === y) continue;
      let next = box * n + step;
      if (step === box) {
        const pushedTo = neighbours[box * 4 + d];
        if (pushedTo < 0 || pushedTo === y || dead[pushedTo] !== 0) continue;
        next = pushedTo * n + box;
      }
      if (seen[next] !== 0) continue;
      seen[next] = 1;
      queue.push(next);
    }
  }
  let goals = 0;
  for (const cell of cells) if (goalIndexOfCell[cell] >= 0) goals++;
  return { goals, cells };
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

  it("are one table a level for each rule, made when first asked for and then shared by the level's searches", () => {
    const problem = buildProblem(board('########', '#@ $ ..#', '#  $   #', '########'), 'all-goals');
    const analysis = analyzeLevel(problem);
    const cell = (row: number, col: number) => problem.cellOfSquare[row * problem.width + col];
    const ours = analysis.hotspotTable(true);
    const festivals = analysis.hotspotTable(false);
    expect(ours).not.toBeNull();
    expect(analysis.hotspotTable(true)).toBe(ours);
    expect(analysis.hotspotTable(false)).toBe(festivals);
    expect(festivals).not.toBe(ours);
    expect(ours?.isHot(cell(1, 3), cell(1, 5))).toBe(true);
    expect(festivals?.isHot(cell(1, 3), cell(1, 5))).toBe(false);
  });

  it('are, for every pair of cells, what searching the lone box with the other cell walled says', () => {
    // The table skips the search where the wall stands off every way the lone box takes to its
    // goals; random rooms and a level of rooms and corridors check every pair against the definition.
    const random = seededRandom(11);
    const boards = [board('##########', '#@   #  .#', '# $  # $ #', '#  $    .#', '## ##  $ #', '#.   #  .#', '##########')];
    while (boards.length < 40) {
      const next = randomBoard(random, { boxes: 3, goals: 3 });
      if (next !== null) boards.push(next);
    }
    let hot = 0;
    let pairs = 0;
    for (const start of boards) {
      const problem = buildProblem(start, 'all-goals');
      const dead = analyzeLevel(problem).dead;
      const table = HotspotTable.of(problem, dead);
      if (table === null) throw new Error('no table');
      for (let x = 0; x < problem.cellCount; x++) {
        const alone = loneBoxReach(problem, dead, x, -1);
        for (let y = 0; y < problem.cellCount; y++) {
          if (y === x) continue;
          const spared = problem.goalIndexOfCell[y] >= 0 && alone.cells.has(y) ? 1 : 0;
          const expected = loneBoxReach(problem, dead, x, y).goals < alone.goals - spared;
          expect(table.isHot(x, y), `cells ${x} and ${y}`).toBe(expected);
          if (expected) hot++;
          pairs++;
        }
      }
    }
    expect(hot).toBeGreaterThan(50);
    expect(pairs - hot).toBeGreaterThan(hot);
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
