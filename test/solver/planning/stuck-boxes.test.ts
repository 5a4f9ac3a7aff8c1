import { describe, expect, it } from 'vitest';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { StuckBoxes } from '../../../src/solver/planning/stuck-boxes.js';
import { board } from '../helpers.js';

describe('stuck boxes of the spread-out backward search', () => {
  it('counts boxes that cannot be pulled any way: on every side a wall, or a wall or a box two steps out', () => {
    // The box at the top left has walls on two sides and walls two steps out on the others: stuck; the other has room below it.
    const problem = buildProblem(board('#######', '#$ #  #', '#  $  #', '## .  #', '#  . @#', '#######'), 'all-goals');
    const cell = (row: number, column: number): number => problem.cellOfSquare[row * problem.width + column];
    const boxAt = new Uint8Array(problem.cellCount);
    const boxes = Int32Array.of(cell(1, 1), cell(2, 3));
    for (const box of boxes) boxAt[box] = 1;
    expect(new StuckBoxes(problem).beginPosition(boxes, 2, boxAt)).toBe(1);
  });

  it('tells the change each pull of a position makes as counting the position after it does, near and far', () => {
    const problem = buildProblem(
      board('############', '#    #     #', '#          #', '#  ##   #  #', '#          #', '# #    #   #', '#     @   .#', '############'),
      'all-goals',
    );
    const n = problem.cellCount;
    const stuck = new StuckBoxes(problem);
    const fresh = new StuckBoxes(problem);
    let state = 44;
    const random = (): number => {
      state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
      return state / 0x7fffffff;
    };
    const row = (c: number): number => Math.floor(problem.squareOfCell[c] / problem.width);
    const column = (c: number): number => problem.squareOfCell[c] % problem.width;
    let far = 0;
    let near = 0;
    let changed = 0;
    for (let position = 0; position < 60; position++) {
      const boxAt = new Uint8Array(n);
      const boxes: number[] = [];
      for (let c = 0; c < n; c++) if (random() < 0.3) boxes.push(c);
      for (const box of boxes) boxAt[box] = 1;
      const empty = Array.from({ length: n }, (_, c) => c).filter((c) => boxAt[c] === 0);
      if (boxes.length === 0 || empty.length === 0) continue;
      const before = stuck.beginPosition(Int32Array.from(boxes), boxes.length, boxAt);
      // Many pulls of the same position, the same box several times (the counts kept for the position must not show).
      for (let pull = 0; pull < 20; pull++) {
        const from = boxes[Math.floor(random() * Math.min(3, boxes.length))];
        const to = empty[Math.floor(random() * empty.length)];
        const change = stuck.change(boxAt, from, to);
        boxAt[from] = 0;
        boxAt[to] = 1;
        const after = fresh.beginPosition(
          Int32Array.from(boxes, (b) => (b === from ? to : b)),
          boxes.length,
          boxAt,
        );
        boxAt[to] = 0;
        boxAt[from] = 1;
        expect(change).toBe(after - before);
        if (Math.abs(row(from) - row(to)) + Math.abs(column(from) - column(to)) > 4) far++;
        else near++;
        if (change !== 0) changed++;
      }
    }
    expect(far).toBeGreaterThan(100);
    expect(near).toBeGreaterThan(100);
    expect(changed).toBeGreaterThan(100);
  });
});
