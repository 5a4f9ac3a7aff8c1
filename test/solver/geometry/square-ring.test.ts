import { describe, expect, it } from 'vitest';
import { squareRingOf, staysJoinedWithout } from '../../../src/solver/geometry/square-ring.js';
import { buildProblem } from '../../../src/solver/model/problem.js';
import { board } from '../helpers.js';

/** The problem of `rows`, the cell of the square marked `x` (read as floor), and the boxes' marks. */
function setUp(...rows: string[]) {
  let marked = -1;
  const plain = rows.map((row, r) => {
    const c = row.indexOf('x');
    if (c >= 0) marked = r * 1000 + c;
    return row.replace('x', ' ');
  });
  const problem = buildProblem(board(...plain), 'all-goals');
  const cell = problem.cellOfSquare[Math.floor(marked / 1000) * problem.width + (marked % 1000)];
  const boxAt = new Uint8Array(problem.cellCount);
  for (const box of problem.initialBoxes) boxAt[box] = 1;
  return { problem, cell, boxAt, ring: squareRingOf(problem) };
}

describe('the squares round a cell', () => {
  it('lists the eight in order round it, each beside the next, walls as -1', () => {
    const { problem, cell, ring } = setUp('#####', '#@  #', '# x #', '#  .#', '#####');
    const at = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
    expect(Array.from(ring.subarray(cell * 8, cell * 8 + 8))).toEqual([at(1, 1), at(1, 2), at(1, 3), at(2, 3), at(3, 3), at(3, 2), at(3, 1), at(2, 1)]);
    const corner = at(1, 1);
    expect(Array.from(ring.subarray(corner * 8, corner * 8 + 8))).toEqual([-1, -1, -1, at(1, 2), at(2, 2), at(2, 1), -1, -1]);
    expect(squareRingOf(problem)).toBe(ring);
  });

  it('says a cell in the open can be filled: its neighbours meet round it', () => {
    const { cell, boxAt, ring } = setUp('#####', '#@  #', '# x #', '# $.#', '#####');
    // A box below the cell breaks the ring but leaves its other three neighbours on one run.
    expect(staysJoinedWithout(ring, cell, boxAt)).toBe(true);
  });

  it('says a cell in a corridor cannot: its two ends meet only through it', () => {
    const { cell, boxAt, ring } = setUp('#######', '#@ x .#', '#  $  #', '#######');
    expect(staysJoinedWithout(ring, cell, boxAt)).toBe(false);
  });

  it('takes the diagonal squares alone for no join', () => {
    // Left and below are free, and meet only through the free square diagonal to them both.
    const joined = setUp('#####', '#@$.#', '# x$#', '#  .#', '#####');
    expect(staysJoinedWithout(joined.ring, joined.cell, joined.boxAt)).toBe(true);
    // With that diagonal square a wall, left and below meet only through the cell.
    const cut = setUp('#####', '#@$.#', '# x$#', '## .#', '#####');
    expect(staysJoinedWithout(cut.ring, cut.cell, cut.boxAt)).toBe(false);
  });

  it('is sufficient, not necessary: neighbours that meet far away answer false', () => {
    // The squares left and right of the cell meet round the wall below it, not round the cell.
    const { cell, boxAt, ring } = setUp('#########', '#   x   #', '# ##### #', '#@     .#', '#  $    #', '#########');
    expect(staysJoinedWithout(ring, cell, boxAt)).toBe(false);
  });
});
