import { describe, expect, it } from 'vitest';
import { TextLines } from '../../src/level/text-lines.js';
import { indexLevels, parseEachLevel } from '../../src/level/parse.js';
import { lines, rowsOf } from './helpers.js';

/*
 * indexLevels cuts a text into levels and reads each one when it is asked for: what
 * parseEachLevel gives, one level at a time, so that a command using one level of a large file
 * pays for that one only.
 */

const OPEN = ['; Open', '@$.'];
const CLOSED = ['; Closed', '#####', '#@$.#', '#####'];
const BROKEN = ['; Broken', '#####', '#@$x#', '#####'];

describe('indexLevels', () => {
  it('counts the levels, readable or not, and reads the one asked for', () => {
    const index = indexLevels(lines(...CLOSED, '', ...BROKEN, '', ...OPEN), { file: 'set.xsb' });
    expect(index.count).toBe(3);
    const third = index.read(3);
    expect(third.kind === 'level' && rowsOf(third.level.board)).toEqual(['@$.']);
    expect(third.kind === 'level' && third.level.source).toEqual({ file: 'set.xsb', index: 3, line: 12 });
  });

  it("gives a level's warnings with that level only", () => {
    const index = indexLevels(lines(...OPEN, '', ...CLOSED, '', ...OPEN), { file: 'set.xsb' });
    const second = index.read(2);
    const third = index.read(3);
    expect(second.kind === 'level' && second.warnings).toEqual([]);
    expect(third.kind === 'level' && third.warnings.map((warning) => [warning.level, warning.line])).toEqual([[3, 10]]);
  });

  it('reads a malformed level as a failure in its place, with its title', () => {
    const index = indexLevels(lines(...CLOSED, '', ...BROKEN, '', ...OPEN), { file: 'set.xsb' });
    const second = index.read(2);
    expect(second.kind).toBe('failure');
    expect(second.kind === 'failure' && [second.failure.index, second.failure.title, second.failure.error.reason]).toEqual([2, 'Broken', 'unknown character "x" in a board row']);
  });

  it('gives titles without building boards, a Title: line below a board winning over the comment above it', () => {
    const index = indexLevels(lines(...CLOSED, '', '; Above', '#####', '#@$.#', '#####', 'Title: Below'));
    expect([index.titleOf(1), index.titleOf(2)]).toEqual(['Closed', 'Below']);
  });

  it('reads every level as parseEachLevel does, metadata split between neighbours included', () => {
    const text = lines('Collection: Two', '', ...CLOSED, 'Author: Ann', '; a note on Closed', '', '; a note on the next', '; Next', '#####', '#@$.#', '#####');
    const index = indexLevels(text);
    const whole = parseEachLevel(text);
    expect([index.header, index.title]).toEqual([whole.header, whole.title]);
    expect([1, 2].map((number) => index.read(number))).toEqual(whole.levels.map((level) => ({ kind: 'level', level, warnings: [] })));
    expect(whole.levels.map((level) => [level.title, level.author, level.comments])).toEqual([
      ['Closed', 'Ann', ['a note on Closed']],
      ['Next', null, ['a note on the next']],
    ]);
  });

  it('indexes the JSON formats, read whole, the same way', () => {
    const index = indexLevels('[[["wall"],["player"],["computer"],["target"],["wall"]]]');
    expect(index.count).toBe(1);
    expect(index.read(1).kind).toBe('level');
  });

  it('refuses a level number outside the collection', () => {
    const index = indexLevels(lines(...CLOSED));
    expect(() => index.read(2)).toThrow(RangeError);
  });
});

describe('TextLines', () => {
  it('cuts lines where split(/\\r\\n|\\r|\\n/) does, trailing spaces dropped, a byte order mark skipped', () => {
    const text = '\uFEFFone  \r\ntwo\rthree\n\n  \nfour';
    const cut = new TextLines(text);
    const all = Array.from({ length: cut.count }, (_, i) => cut.at(i));
    expect(all).toEqual(
      text
        .slice(1)
        .split(/\r\n|\r|\n/)
        .map((line) => line.trimEnd()),
    );
    expect(Array.from({ length: cut.count }, (_, i) => cut.isBlank(i))).toEqual([false, false, false, true, true, false]);
  });
});
