import { describe, expect, it } from 'vitest';
import { LevelError } from '../../src/errors.js';
import { MAX_BOARD_SQUARES } from '../../src/level/board.js';
import { parseEachLevel } from '../../src/level/parse.js';

/** An open room of the given inner size, walled, with the player, one box and one goal. */
function openRoom(width: number, height: number): string {
  const wall = '#'.repeat(width + 2);
  const rows = [wall, `#@$.${' '.repeat(width - 3)}#`];
  for (let r = 1; r < height; r++) rows.push(`#${' '.repeat(width)}#`);
  rows.push(wall);
  return `${rows.join('\n')}\n`;
}

describe('boards larger than the tools handle are refused when read (issue 13)', () => {
  it('reads a 200 by 200 room', () => {
    const collection = parseEachLevel(openRoom(200, 200), { file: 'room.xsb' });
    expect(collection.levels[0].board.width).toBe(202);
  });

  it('refuses a 300 by 300 room as a malformed level naming its size and the limit', () => {
    const collection = parseEachLevel(openRoom(300, 300), { file: 'room.xsb' });
    expect(collection.levels).toHaveLength(0);
    expect(collection.failures[0].error.message).toBe(`room.xsb:1: the board is 302 by 302 squares (91204); at most ${MAX_BOARD_SQUARES} squares are read`);
  });

  it('refuses 10,000 run-length rows of 9999 walls without building them (a 60 KB file, 100 million squares)', () => {
    const text = `#@$.#\n${'9999#\n'.repeat(10_000)}`;
    expect(() => parseEachLevel(text, { file: 'rle.xsb' })).toThrow(LevelError);
    expect(() => parseEachLevel(text, { file: 'rle.xsb' })).toThrow(/rle\.xsb:\d+:1: the run-length rows of this file expand to more than \d+ squares/);
  });

  it('refuses a CS161 grid larger than the limit before building it', () => {
    const row = `1 ${'0 '.repeat(400)}1\n`;
    const text = `1 3 2 4 1\n${row.repeat(400)}`;
    const collection = parseEachLevel(text, { file: 'big.grid', format: 'grid' });
    expect(collection.failures[0]?.error.message ?? '').toMatch(/the board is 402 by 401 squares \(161202\); at most \d+ squares are read/);
  });

  it('refuses a 6.101 JSON board larger than the limit', () => {
    const row = [['wall'], ...new Array(400).fill([]), ['wall']];
    const rows = [[['wall'], ['player'], ['computer'], ['target'], ['wall']], ...new Array(400).fill(row)];
    expect(() => parseEachLevel(JSON.stringify(rows), { file: 'big.json', format: 'json' })).toThrow(
      /big\.json: the board is 402 by 401 squares \(161202\); at most \d+ squares are read/,
    );
  });
});
