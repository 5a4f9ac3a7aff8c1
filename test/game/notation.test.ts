import { describe, expect, it } from 'vitest';
import { MoveSyntaxError } from '../../src/errors.js';
import { formatSquarePath, squareName, squarePath } from '../../src/game/notation.js';
import { board } from './board-helper.js';

describe('squareName', () => {
  it('writes the column as an upper-case letter and the row as a lower-case one', () => {
    expect(squareName(8, 11)).toBe('Li');
  });

  it('names the top-left square Aa', () => {
    expect(squareName(0, 0)).toBe('Aa');
  });

  it('continues past Z and z with two letters', () => {
    expect(squareName(25, 25)).toBe('Zz');
    expect(squareName(26, 27)).toBe('ABaa');
  });

  it('refuses negative coordinates', () => {
    expect(() => squareName(-1, 0)).toThrow(RangeError);
  });
});

describe('formatSquarePath', () => {
  const level = board('#####', '#@$.#', '#   #', '#####');

  it('lists the start square, then the square after each move', () => {
    expect(formatSquarePath(level, 'Rdl')).toBe('Bb Cb Cc Bc');
  });

  it('gives only the start square for no moves', () => {
    expect(formatSquarePath(level, '')).toBe('Bb');
  });

  it('follows pushes written in lower case', () => {
    expect(squarePath(level, 'r')).toEqual([6, 7]);
  });

  it('refuses a path through a blocked move rather than print a wrong one', () => {
    expect(() => formatSquarePath(level, 'ru', 'sol.txt')).toThrow(MoveSyntaxError);
    expect(() => formatSquarePath(level, 'ru', 'sol.txt')).toThrow("sol.txt: move 2 'u' is blocked (wall)");
  });
});
