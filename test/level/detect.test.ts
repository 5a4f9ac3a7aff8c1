import { describe, expect, it } from 'vitest';
import { detectFormat, parseCollection } from '../../src/level/parse.js';

describe('format detection', () => {
  it('calls JSON with lists of names 6.101 JSON', () => {
    expect(detectFormat('[[["wall"], ["player"]]]')).toBe('json');
  });

  it('calls JSON whose first cell is empty 6.101 JSON', () => {
    expect(detectFormat('[[[], ["player"]]]')).toBe('json');
  });

  it('calls JSON with numbers a CS161 grid', () => {
    expect(detectFormat(' [[1, 1], [1, 3]]')).toBe('grid');
  });

  it('calls a JSON list of {"grid"} objects a CS161 grid', () => {
    expect(detectFormat('[{"name": "p1", "grid": [[3]]}]')).toBe('grid');
  });

  it('calls rows of digits a CS161 grid', () => {
    expect(detectFormat('1 1 1\n1 3 1\n')).toBe('grid');
    expect(detectFormat('; p1\n1,1,1\n1,3,1\n')).toBe('grid');
  });

  it('calls anything else XSB', () => {
    expect(detectFormat('; 1\n####\n#@$.#\n####')).toBe('xsb');
    expect(detectFormat('3#|#@#|3#')).toBe('xsb');
  });

  it('calls broken JSON JSON, so the error is about JSON', () => {
    expect(detectFormat('[[["wall"], ]')).toBe('json');
  });

  it('calls XSB that starts with a bracketed name XSB, not broken JSON', () => {
    expect(detectFormat('[Pack one]\n####\n#@$.#\n####')).toBe('xsb');
  });

  it('lets the caller force a format', () => {
    expect(() => parseCollection('1 3 1', { format: 'xsb' })).toThrow(/no level found/);
  });
});
