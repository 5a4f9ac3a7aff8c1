import { describe, expect, it } from 'vitest';
import { trimBoard } from '../../src/level/trim.js';
import { board, draw } from '../game/board-helper.js';

describe('trimming a board to its playing area', () => {
  it('keeps a tidy level exactly as it is', () => {
    const rows = ['#####', '#@$.#', '#####'];
    const trimmed = trimBoard(board(...rows));
    expect(draw(trimmed.board)).toEqual(rows);
    expect([trimmed.droppedBoxes, trimmed.droppedWalls, trimmed.addedWalls]).toEqual([0, 0, 0]);
  });

  it('drops boxes on goals in a walled-off pocket, and the walls no playable square touches', () => {
    const trimmed = trimBoard(board('#####   ', '#@$.#   ', '#####   ', '     ###', '     #*#', '     ###'));
    expect(draw(trimmed.board)).toEqual(['#####', '#@$.#', '#####']);
    expect(trimmed.droppedBoxes).toBe(1);
    expect(trimmed.droppedWalls).toBe(8);
  });

  it('drops a thick outer wall down to one ring', () => {
    const trimmed = trimBoard(board('#######', '#######', '##@$.##', '#######', '#######'));
    expect(draw(trimmed.board)).toEqual(['#####', '#@$.#', '#####']);
    expect(trimmed.droppedWalls).toBe(35 - 3 - 12);
  });

  it('closes an open ring, corners included', () => {
    const trimmed = trimBoard(board(' ### ', '#@$.#', ' ### '));
    expect(draw(trimmed.board)).toEqual(['#####', '#@$.#', '#####']);
    expect(trimmed.addedWalls).toBe(4);
  });

  it('walls in a board whose player can walk off the drawn grid', () => {
    const trimmed = trimBoard(board('@$.'));
    expect(draw(trimmed.board)).toEqual(['#####', '#@$.#', '#####']);
    expect(trimmed.addedWalls).toBe(12);
  });

  it('keeps an unreachable loose box, which decides that the level cannot be won', () => {
    const trimmed = trimBoard(board('#####', '#@$.#', '#####', '#$#  '));
    expect(draw(trimmed.board)).toEqual(['#####', '#@$.#', '#####', '#$#  ', '###  ']);
    expect(trimmed.droppedBoxes).toBe(0);
  });
});
