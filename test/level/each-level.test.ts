import { describe, expect, it } from 'vitest';
import { parseCollection, parseEachLevel } from '../../src/level/parse.js';
import { levelErrorOf, lines } from './helpers.js';

/*
 * parseEachLevel reads a collection level by level: a malformed level is a failure in its own
 * place, and every other level is read and keeps its number. (parseCollection still fails the
 * whole text on the first malformed level.)
 */

const GOOD_1 = ['; One', '#######', '#@ $ .#', '#######'];
const GOOD_3 = ['; Three', '#####', '#@$.#', '#####'];

function numbersOf(text: string, options = {}): { levels: number[]; failures: number[] } {
  const collection = parseEachLevel(text, options);
  return {
    levels: collection.levels.map((level) => level.source.index),
    failures: collection.failures.map((failure) => failure.index),
  };
}

describe('parseEachLevel on XSB/SOK collections', () => {
  it('keeps the good levels around a level with an unknown character, with their own numbers', () => {
    const text = lines(...GOOD_1, '', '; Two', '#######', '#@ $ .#', '#  x  #', '#######', '', ...GOOD_3);
    expect(numbersOf(text)).toEqual({ levels: [1, 3], failures: [2] });
  });

  it('gives the malformed level its number, line, column and reason', () => {
    const text = lines(...GOOD_1, '', '; Two', '#######', '#@ $ .#', '#  x  #', '#######', '', ...GOOD_3);
    const [failure] = parseEachLevel(text, { file: 'set.xsb' }).failures;
    expect(failure.error.reason).toBe('unknown character "x" in a board row');
    expect(failure.error.position).toEqual({ file: 'set.xsb', level: 2, line: 9, column: 4 });
    expect(failure.error.message).toBe('set.xsb:9:4: unknown character "x" in a board row');
  });

  it('keeps the title of the malformed level', () => {
    const text = lines(...GOOD_1, '', '; Two', '#######', '#@ $ .#', '#  x  #', '#######', '', ...GOOD_3);
    expect(parseEachLevel(text).failures[0].title).toBe('Two');
  });

  it('reports a level with two players on different rows in its place', () => {
    const text = lines(...GOOD_1, '', '#####', '#@$.#', '#@  #', '#####', '', ...GOOD_3);
    const collection = parseEachLevel(text);
    expect(numbersOf(text)).toEqual({ levels: [1, 3], failures: [2] });
    expect(collection.failures[0].error.reason).toMatch(/^more than one player/);
  });

  it('reports a one-row level whose row holds two players, instead of skipping it', () => {
    const text = lines(...GOOD_1, '', '; Two', '#######', '#@$.@ #', '#######', '', ...GOOD_3);
    const [failure] = parseEachLevel(text).failures;
    expect(numbersOf(text)).toEqual({ levels: [1, 3], failures: [2] });
    expect(failure.error.reason).toBe('more than one player (two in this row)');
    expect(failure.error.position).toMatchObject({ level: 2, line: 8, column: 5 });
  });

  it('reports a one-row level whose row holds an unknown character, instead of skipping it', () => {
    const text = lines(...GOOD_1, '', '; Two', '#######', '#@$x. #', '#######', '', ...GOOD_3);
    expect(numbersOf(text)).toEqual({ levels: [1, 3], failures: [2] });
    expect(parseEachLevel(text).failures[0].title).toBe('Two');
  });

  it('counts a board cut in two by a mistyped row as one broken level', () => {
    const text = lines(...GOOD_1, '', '#######', '#  $  #', '#  x  #', '#@  . #', '#######', '', ...GOOD_3);
    expect(numbersOf(text)).toEqual({ levels: [1, 3], failures: [2] });
  });

  it('reports a level without a player in its place', () => {
    const text = lines(...GOOD_1, '', '#####', '#$ .#', '#####', '', ...GOOD_3);
    const [failure] = parseEachLevel(text).failures;
    expect(failure.index).toBe(2);
    expect(failure.error.reason).toMatch(/no player/);
  });

  it('reads the stored solutions of the good levels of a SOK file with a broken one', () => {
    const text = lines(...GOOD_1, 'Solution: rRR', '', '#####', '#$ .#', '#####', 'Solution: R', '', ...GOOD_3, 'Solution: R');
    expect(parseEachLevel(text).levels.map((level) => level.solutions)).toEqual([['rRR'], ['R']]);
  });

  it('still reads a framed header with odd characters as text, not as a broken level', () => {
    const text = lines('########', '#  Hi  #', '########', '', ...GOOD_1);
    expect(numbersOf(text)).toEqual({ levels: [1], failures: [] });
  });

  it('still throws for a text with no level at all', () => {
    expect(levelErrorOf(() => parseEachLevel('just some notes\n')).reason).toMatch(/no level found/);
  });
});

describe('parseEachLevel on the other formats', () => {
  it('keeps the good levels of a 6.101 JSON list around a malformed one', () => {
    const good = '[["wall"], ["player"], ["computer"], ["target"], ["wall"]]';
    const bad = '[["wall"], ["player"], ["robot"], ["target"], ["wall"]]';
    const text = `[[${good}], [${bad}], [${good}]]`;
    expect(numbersOf(text, { format: 'json' })).toEqual({ levels: [1, 3], failures: [2] });
    expect(parseEachLevel(text, { format: 'json' }).failures[0].error.position).toMatchObject({ level: 2 });
  });

  it('keeps the good levels of a CS161 grid text around one with a bad square', () => {
    const text = lines('; a', '1 3 2 4 1', '', '; b', '1 3 9 4 1', '1 1 1 1 1', '', '; c', '1 3 2 4 1');
    const collection = parseEachLevel(text, { format: 'grid' });
    expect(numbersOf(text, { format: 'grid' })).toEqual({ levels: [1, 3], failures: [2] });
    expect(collection.failures[0]).toMatchObject({ index: 2, title: 'b' });
    expect(collection.failures[0].error.position).toMatchObject({ level: 2, line: 5, column: 5 });
  });

  it('keeps the good levels of a CS161 JSON list around one with two keepers', () => {
    const text = '[[[1, 3, 2, 4, 1]], [[1, 3, 3, 4, 1]], [[1, 3, 2, 4, 1]]]';
    expect(numbersOf(text, { format: 'grid' })).toEqual({ levels: [1, 3], failures: [2] });
  });
});

describe('parseCollection on a collection with a malformed level', () => {
  it("still fails the whole text, with the first malformed level's error", () => {
    const text = lines(...GOOD_1, '', '#####', '#$ .#', '#####', '', '#####', '#@$x#', '#####');
    const error = levelErrorOf(() => parseCollection(text, { file: 'set.xsb' }));
    expect(error.position).toMatchObject({ level: 2, line: 6 });
    expect(error.reason).toMatch(/no player/);
  });
});
