import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL } from '../../src/level/board.js';
import { parseCollection, parseLevel } from '../../src/level/parse.js';
import { formatBoard } from '../../src/level/write.js';

describe('CS161 grids', () => {
  it('reads every digit 0-6', () => {
    const { board } = parseLevel('0 1 2 3 4 5', { format: 'grid' });
    expect(Array.from(board.squares)).toEqual([0, WALL, BOX, 0, GOAL, BOX | GOAL]);
    expect(board.player).toBe(3);
  });

  it('reads 6 as the keeper on a goal', () => {
    const { board } = parseLevel('1 6 1', { format: 'grid' });
    expect(board.player).toBe(1);
    expect(board.squares[1]).toBe(GOAL);
  });

  it('reads a JSON grid', () => {
    const level = parseLevel('[[1,1,1],[1,3,1]]');
    expect(level.format).toBe('grid');
    expect(level.board.width).toBe(3);
    expect(level.board.player).toBe(4);
  });

  it('reads comma separated rows in brackets as text', () => {
    const { board } = parseLevel('[1, 1, 1],\n[1, 3, 1],', { format: 'grid' });
    expect(board.height).toBe(2);
    expect(board.player).toBe(4);
  });

  it('reads several bracketed rows on one line as separate rows', () => {
    const { board } = parseLevel("'((1 1 1) (1 3 1))", { format: 'grid' });
    expect([board.width, board.height, board.player]).toEqual([3, 2, 4]);
  });

  it("reads the homework's Lisp file: each (setq name '((...))) is a level titled by its name, detected as a grid", () => {
    const text = ["(setq p1 '((1 1 1 1 1)", '           (1 3 2 4 1)))', "(setq p2 '((1 1 1)", '           (1 3 1)))', ''].join('\n');
    const collection = parseCollection(text);
    expect(collection.levels.map((level) => [level.format, level.title, level.source.line, level.board.height])).toEqual([
      ['grid', 'p1', 1, 2],
      ['grid', 'p2', 3, 2],
    ]);
    expect(collection.levels[0].board.player).toBe(6);
  });

  it('names a bad square of a (setq ...) level by the column it has in the line', () => {
    expect(() => parseLevel("(setq p1 '((1 9 1)))", { format: 'grid' })).toThrow(/:1:15: "9" is not a CS161 square/);
  });

  it('reads rows of digits written without separators', () => {
    expect(parseLevel('111\n132\n114').board.width).toBe(3);
  });

  it('reads several grids separated by blank lines, titled by a ; line', () => {
    const collection = parseCollection('; p1\n1 3 1\n\n; p2\n3 2 4\n');
    expect(collection.levels.map((level) => level.title)).toEqual(['p1', 'p2']);
    expect(collection.levels[1].source.line).toBe(5);
  });

  it('reads a JSON list of {"name", "grid"} objects as titled levels', () => {
    const collection = parseCollection('[{"name": "p1", "grid": [[3, 2, 4]]}, {"name": "p2", "grid": [[4, 2, 3]]}]');
    expect(collection.levels.map((level) => level.title)).toEqual(['p1', 'p2']);
  });

  it('fills the missing end of a short row with wall', () => {
    const { board } = parseLevel('3 0 0\n0', { format: 'grid' });
    expect(board.squares[3 + 2]).toBe(WALL);
  });

  it('writes one row per line, digits separated by spaces', () => {
    const board = parseLevel('[[1,1,1,1],[1,6,5,0],[1,2,4,1]]').board;
    expect(formatBoard(board, 'grid')).toBe('1 1 1 1\n1 6 5 0\n1 2 4 1');
  });
});
