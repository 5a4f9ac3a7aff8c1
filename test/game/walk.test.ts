import { describe, expect, it } from 'vitest';
import { replay } from '../../src/game/replay.js';
import { shortestWalk } from '../../src/game/walk.js';
import { board, draw } from './board-helper.js';

/** Square index of the first occurrence of `mark` in rows drawn for the test. */
function squareOf(rows: string[], mark: string): number {
  const width = Math.max(...rows.map((row) => row.length));
  const row = rows.findIndex((line) => line.includes(mark));
  return row * width + rows[row].indexOf(mark);
}

describe('shortestWalk', () => {
  it('walks straight along a corridor', () => {
    const rows = ['#######', '#@   x#', '#######'];
    const start = board(...rows.map((row) => row.replace('x', ' ')));
    expect(shortestWalk(start, squareOf(rows, 'x'))).toBe('rrrr');
  });

  it('goes round a box instead of pushing it, by a shortest way', () => {
    const rows = ['######', '#@$ x#', '#    #', '######'];
    const start = board(...rows.map((row) => row.replace('x', ' ')));
    const walk = shortestWalk(start, squareOf(rows, 'x'));
    expect(walk).toHaveLength(5);
    // Replayed by the rules, the walk pushes nothing and ends on the clicked square with the box unmoved.
    const result = replay(start, walk as string, { rule: 'all-goals' });
    expect(result.error).toBeNull();
    expect(result.pushes).toBe(0);
    expect(draw(result.board)).toEqual(['######', '#.$ @#'.replace('.', ' '), '#    #', '######']);
  });

  it('is empty on the player square and null on walls, boxes and shut-off squares', () => {
    const rows = ['#######', '#@ $ x#', '#######'];
    const start = board(...rows.map((row) => row.replace('x', ' ')));
    expect(shortestWalk(start, start.player)).toBe('');
    expect(shortestWalk(start, 0)).toBeNull();
    expect(shortestWalk(start, squareOf(rows, '$'))).toBeNull();
    expect(shortestWalk(start, squareOf(rows, 'x'))).toBeNull();
  });

  it('does not wrap from the end of one row to the start of the next', () => {
    // Square 3 (row 0, last column) and square 4 (row 1, first column) are adjacent in memory only.
    const start = board('  #@', '   #');
    expect(shortestWalk(start, 4)).toBeNull();
  });
});
