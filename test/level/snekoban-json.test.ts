import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL } from '../../src/level/board.js';
import { parseCollection, parseLevel } from '../../src/level/parse.js';
import { formatBoard } from '../../src/level/write.js';
import { rowsOf } from './helpers.js';

describe('6.101 JSON', () => {
  it('reads walls, targets, computers and the player', () => {
    const level = parseLevel('[[["wall"], ["player"], ["computer"], ["target"], ["target", "computer"]]]');
    expect(level.format).toBe('json');
    expect(Array.from(level.board.squares)).toEqual([WALL, 0, BOX, GOAL, BOX | GOAL]);
    expect(level.board.player).toBe(1);
  });

  it('ignores the order of names inside a cell', () => {
    const a = parseLevel('[[["player", "target"], ["computer", "target"]]]').board;
    const b = parseLevel('[[["target", "player"], ["target", "computer"]]]').board;
    expect(a).toEqual(b);
    expect(rowsOf(a)).toEqual(['+*']);
  });

  it('reads an empty cell as floor', () => {
    expect(parseLevel('[[["player"], []]]').board.squares[1]).toBe(0);
  });

  it('fills the missing end of a short row with wall, like everything off the grid', () => {
    const { board } = parseLevel('[[["player"], [], []], [[]]]');
    expect(board.width).toBe(3);
    expect(board.squares[3 + 1]).toBe(WALL);
  });

  it('reads a list of levels as a collection', () => {
    const collection = parseCollection('[[[["player"]]], [[["player"], ["target"]]]]');
    expect(collection.levels).toHaveLength(2);
    expect(collection.levels[1].source.index).toBe(2);
  });

  it('writes one row per line with names in a fixed order', () => {
    const board = parseLevel('[[["wall"], ["player", "target"]], [["computer", "target"], []]]').board;
    expect(formatBoard(board, 'json')).toBe('[\n  [["wall"], ["target", "player"]],\n  [["target", "computer"], []]\n]');
  });

  it('writes JSON that JSON.parse reads back as the same cells', () => {
    const text = '[[["wall"], ["wall"]], [["player"], ["target", "computer"]]]';
    expect(JSON.parse(formatBoard(parseLevel(text).board, 'json'))).toEqual(JSON.parse(text));
  });
});
