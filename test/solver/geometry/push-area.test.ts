import { describe, expect, it } from 'vitest';
import { opensOnlyOntoArea, staysJoinedWithout } from '../../../src/solver/geometry/push-area.js';
import { PlayerReach } from '../../../src/solver/geometry/reachability.js';
import { DOWN, RIGHT, buildProblem } from '../../../src/solver/model/problem.js';
import { board } from '../helpers.js';

/** The problem of `rows`, the cell of the square marked `x` (read as floor), and its boxes marked. */
function setUp(...rows: string[]) {
  let marked = -1;
  const plain = rows.map((row, r) => {
    const c = row.indexOf('x');
    if (c >= 0) marked = r * 1000 + c;
    return row.replace('x', ' ');
  });
  const problem = buildProblem(board(...plain), 'all-goals');
  const cellAt = (row: number, col: number): number => problem.cellOfSquare[row * problem.width + col];
  const cell = cellAt(Math.floor(marked / 1000), marked % 1000);
  const boxAt = new Uint8Array(problem.cellCount);
  for (const box of problem.initialBoxes) boxAt[box] = 1;
  return { problem, cell, boxAt, cellAt, neighbours: problem.neighbours };
}

describe('what a push does to the player area, told locally', () => {
  it('says a cell in the open can be filled: its neighbours meet round it', () => {
    const { neighbours, cell, boxAt } = setUp('#####', '#@  #', '# x #', '# $.#', '#####');
    // A box below the cell breaks the ring but leaves its other three neighbours joined.
    expect(staysJoinedWithout(neighbours, boxAt, cell)).toBe(true);
  });

  it('says a cell in a corridor cannot: its two ends meet only through it', () => {
    const { neighbours, cell, boxAt } = setUp('#######', '#@ x .#', '#  $  #', '#######');
    expect(staysJoinedWithout(neighbours, boxAt, cell)).toBe(false);
  });

  it('joins two neighbours through the square diagonal between them, and only so', () => {
    // Left and below are free, and meet only through the free square diagonal to them both.
    const joined = setUp('#####', '#@$.#', '# x$#', '#  .#', '#####');
    expect(staysJoinedWithout(joined.neighbours, joined.boxAt, joined.cell)).toBe(true);
    // With that diagonal square a wall, left and below meet only through the cell.
    const cut = setUp('#####', '#@$.#', '# x$#', '## .#', '#####');
    expect(staysJoinedWithout(cut.neighbours, cut.boxAt, cut.cell)).toBe(false);
  });

  it('counts the square a pushed box leaves as free', () => {
    // The box above the cell is being pushed down onto it: its square joins left and right round the top.
    const { neighbours, cell, boxAt, cellAt } = setUp('#####', '#@$.#', '# x #', '#####');
    expect(staysJoinedWithout(neighbours, boxAt, cell)).toBe(false);
    expect(staysJoinedWithout(neighbours, boxAt, cell, cellAt(1, 2))).toBe(true);
  });

  it('is sufficient, not necessary: neighbours that meet far away answer false', () => {
    // The squares left and right of the cell meet round the wall below it, not round the cell.
    const { neighbours, cell, boxAt } = setUp('#########', '#   x   #', '# ##### #', '#@     .#', '#  $    #', '#########');
    expect(staysJoinedWithout(neighbours, boxAt, cell)).toBe(false);
  });

  it("says whether a pushed box's old square opens onto the player's area alone", () => {
    const { problem, boxAt, cellAt } = setUp('#######', '#@ $ .#', '#  #  #', '#######');
    const reach = new PlayerReach(problem);
    reach.boxAt.set(boxAt);
    reach.flood(problem.initialPlayer);
    const box = cellAt(1, 3);
    // Pushed right: above is a wall, below a wall too.
    expect(opensOnlyOntoArea(problem.neighbours, boxAt, reach, box, RIGHT)).toBe(true);
    // Pushed down (were it free below): left is in the area, right is free and out of it.
    expect(opensOnlyOntoArea(problem.neighbours, boxAt, reach, box, DOWN)).toBe(false);
  });
});
