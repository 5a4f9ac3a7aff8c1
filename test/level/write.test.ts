import { describe, expect, it } from 'vitest';
import { boardsEqual } from '../../src/level/board.js';
import { parseCollection, parseLevel } from '../../src/level/parse.js';
import { formatBoard, formatCollection, formatLevel } from '../../src/level/write.js';
import { lines } from './helpers.js';

describe('writing XSB', () => {
  it('writes canonical characters for the alternative ones', () => {
    const board = parseLevel(lines('_#####_', '#pb-B.#', '_#####_')).board;
    expect(formatBoard(board, 'xsb')).toBe(lines(' #####', '#@$ *.#', ' #####'));
  });

  it('writes + for the player on a goal', () => {
    expect(formatBoard(parseLevel('[[["target", "player"]]]').board, 'xsb')).toBe('+');
  });

  it('trims trailing spaces but keeps leading ones', () => {
    const board = parseLevel(lines('  ###', '  #@##', '  #$.#', '  ####')).board;
    expect(formatBoard(board, 'xsb')).toBe(lines('  ###', '  #@##', '  #$.#', '  ####'));
  });

  it('keeps the width of an open grid by padding the player row with -', () => {
    const board = parseLevel('1 1 0\n1 3 0', { format: 'grid' }).board;
    expect(formatBoard(board, 'xsb')).toBe(lines('##', '#@-'));
  });

  it('writes an empty row of an open grid as -', () => {
    const board = parseLevel('1 3 1\n0 0 0\n1 4 1', { format: 'grid' }).board;
    expect(formatBoard(board, 'xsb')).toBe(lines('#@#', '-', '#.#'));
  });

  it('writes the title, board, author and comment block of a level', () => {
    const level = parseLevel(lines('; Tiny', '####', '#@$.#', '####', 'Author: Me', 'Comment:', 'easy', 'Comment-End:'));
    expect(formatLevel(level, 'xsb')).toBe(lines('; Tiny', '####', '#@$.#', '####', 'Author: Me', 'Comment:', 'easy', 'Comment-End:', ''));
  });

  it('writes solutions only when asked', () => {
    const level = parseLevel(lines('####', '#@$.#', '####', 'Solution: R'));
    expect(formatLevel(level, 'xsb')).not.toMatch(/Solution/);
    expect(formatLevel(level, 'xsb', { solutions: true })).toMatch(/\nSolution: R\n$/);
  });

  it('reads its own level output back with the same metadata', () => {
    const text = lines('; Tiny', '####', '#@$.#', '####', 'Author: Me', '; a note', 'Solution: R');
    const level = parseLevel(text);
    const again = parseLevel(formatLevel(level, 'xsb', { solutions: true }));
    expect({ ...again, source: null }).toEqual({ ...level, source: null });
  });

  it('writes a collection with its header and solutions, and reads it back the same', () => {
    const original = parseCollection(lines('; My set', '; by me', '', '; 1', '####', '#@$.#', '####', 'Solution: R', '', '; 2', '#####', '#@ $.#', '#####'));
    const written = formatCollection(original, 'xsb');
    expect(written.startsWith(lines('; My set', '; by me', '', '; 1', '####'))).toBe(true);
    const again = parseCollection(written);
    expect(again.header).toEqual(original.header);
    expect(again.levels.map((level) => [level.title, level.solutions])).toEqual([
      ['1', ['R']],
      ['2', []],
    ]);
  });
  it('keeps the header out of the title of an untitled first level', () => {
    const original = parseCollection(lines('; My set', '', '; 1', '####', '#@$.#', '####'));
    const untitled = { header: original.header, levels: [{ ...original.levels[0], title: null }] };
    const again = parseCollection(formatCollection(untitled, 'xsb'));
    expect(again.header).toEqual(['My set']);
    expect(again.levels[0].title).toBeNull();
  });
});

describe('writing grids and 6.101 JSON', () => {
  it('writes a grid level with its title as a ; line', () => {
    const level = parseCollection('; p1\n1 3 2 4 1').levels[0];
    expect(formatLevel(level, 'grid')).toBe('; p1\n1 3 2 4 1\n');
  });

  it('writes a grid collection that reads back level by level', () => {
    const collection = parseCollection('; p1\n1 3 2 4 1\n\n; p2\n3 5\n');
    const again = parseCollection(formatCollection(collection, 'grid'));
    expect(again.levels.map((level) => level.title)).toEqual(['p1', 'p2']);
    expect(again.levels.every((level, i) => boardsEqual(level.board, collection.levels[i].board))).toBe(true);
  });

  it('writes a 6.101 collection of several levels as a list that reads back', () => {
    const collection = parseCollection(lines('####', '#@$.#', '####', '', '###', '#+#', '###'));
    const again = parseCollection(formatCollection(collection, 'json'));
    expect(again.format).toBe('json');
    expect(again.levels.every((level, i) => boardsEqual(level.board, collection.levels[i].board))).toBe(true);
  });

  it('writes a one-level 6.101 collection as a plain level', () => {
    const collection = parseCollection(lines('####', '#@$.#', '####'));
    expect(JSON.parse(formatCollection(collection, 'json'))[1][1]).toEqual(['player']);
  });
});
