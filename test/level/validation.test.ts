import { describe, expect, it } from 'vitest';
import { LevelError } from '../../src/errors.js';
import { parseCollection, parseLevel } from '../../src/level/parse.js';
import { levelErrorOf, lines } from './helpers.js';

describe('XSB validation errors', () => {
  it('rejects a board without a player, naming the level and its first line', () => {
    const error = levelErrorOf(() => parseCollection(lines('; 1', '#####', '#$ .#', '#####'), { file: 'a.xsb' }));
    expect(error.reason).toMatch(/no player/);
    expect(error.position).toEqual({ file: 'a.xsb', level: 1, line: 2 });
  });

  it('rejects a second player at its line and column', () => {
    const error = levelErrorOf(() => parseLevel(lines('#####', '#@$.#', '# @ #', '#####')));
    expect(error.reason).toMatch(/more than one player.*line 2, column 2/);
    expect(error.position).toMatchObject({ level: 1, line: 3, column: 3 });
  });

  it('rejects two players in one row at the second one, rather than reading the row as text', () => {
    const error = levelErrorOf(() => parseLevel(lines('######', '#@$.@#', '######')));
    expect(error.reason).toMatch(/more than one player/);
    expect(error.position).toMatchObject({ line: 2, column: 5 });
  });

  it('still reads a title with two player characters and no wall as text', () => {
    const level = parseLevel(lines('+|+', '#####', '#@$.#', '#####'));
    expect(level.title).toBe('+|+');
  });

  it('numbers the level that fails in a collection', () => {
    const error = levelErrorOf(() => parseCollection(lines('####', '#@$.#', '####', '', '#####', '#$ .#', '#####')));
    expect(error.position.level).toBe(2);
  });

  it('rejects an unknown character in a board row at its column', () => {
    const error = levelErrorOf(() => parseLevel(lines('#####', '#@$.#', '#x  #', '#####')));
    expect(error.reason).toMatch(/unknown character "x"/);
    expect(error.position).toMatchObject({ line: 3, column: 2 });
  });

  it('rejects a row of many unknown characters between two rows, rather than cutting the board there and solving its upper part', () => {
    for (const [row, column] of [
      ['# XYZ #', 3],
      ['#  :  #', 4],
      ['#XY   #', 2],
      ['XYZ   #', 1],
    ] as const) {
      const error = levelErrorOf(() => parseLevel(lines('; t', '#######', '#@ $ .#', row, '#######')));
      expect(error.reason).toMatch(/unknown character ".*" in a board row/);
      expect(error.position).toMatchObject({ line: 4, column });
    }
  });

  it('names an unknown character outside the Basic Multilingual Plane whole, not half of it', () => {
    expect(levelErrorOf(() => parseLevel(lines('#####', '#@$.#', '#\u{1F600}  #', '#####'))).reason).toBe('unknown character "\u{1F600}" in a board row');
  });

  it('still reads a line of words under a board as text', () => {
    expect(parseLevel(lines('#####', '#@$.#', '#####', '# made by hand #')).comments).toEqual(['# made by hand #']);
  });

  it('does not mistake a number title right above a board for a mistyped row', () => {
    expect(parseCollection(lines('#12', '####', '#@$.#', '####')).levels[0].title).toBe('#12');
  });

  it('rejects a tab in a board row', () => {
    const error = levelErrorOf(() => parseLevel(lines('#####', '#@\t.#', '#####')));
    expect(error.reason).toMatch(/tab/);
    expect(error.position).toMatchObject({ line: 2, column: 3 });
  });

  it('rejects an empty file', () => {
    expect(levelErrorOf(() => parseCollection('')).reason).toBe('empty file');
    expect(levelErrorOf(() => parseCollection(' \n\n')).reason).toBe('empty file');
  });

  it('rejects a file with text but no board', () => {
    expect(levelErrorOf(() => parseCollection('just some notes\n')).reason).toMatch(/no level found/);
  });

  it('rejects a run-length count past the limit', () => {
    const error = levelErrorOf(() => parseLevel(lines('#@$.#', '99999#')));
    expect(error.reason).toMatch(/larger than/);
    expect(error.position).toMatchObject({ line: 2, column: 1 });
  });

  it('rejects several levels where exactly one is expected', () => {
    const error = levelErrorOf(() => parseLevel(lines('####', '#@$.#', '####', '', '####', '#@$.#', '####')));
    expect(error.reason).toMatch(/expected one level, found 2/);
  });

  it('throws LevelError, whose message names file, level and line', () => {
    const error = levelErrorOf(() => parseCollection(lines('#####', '#$ .#', '#####'), { file: 'x.xsb' }));
    expect(error).toBeInstanceOf(LevelError);
    expect(error.message).toBe('x.xsb:1: no player (@ or +) on the board');
  });
});

describe('6.101 JSON validation errors', () => {
  const json = (text: string): LevelError => levelErrorOf(() => parseCollection(text, { format: 'json', file: 'l.json' }));

  it('rejects a JSON syntax error at its line and column', () => {
    const error = json('[\n [["wall"]\n [[]]]');
    expect(error.reason).toMatch(/invalid JSON/);
    expect(error.position).toMatchObject({ line: 3, column: 2 });
  });

  it('rejects a top level that is not a list', () => {
    expect(json('{"rows": []}').reason).toMatch(/list of rows, found an object/);
  });

  it('names a row that is not a list', () => {
    expect(json('[[["player"]], "wall"]').reason).toMatch(/row 2 must be a list of cells/);
  });

  it('names a cell that is not a list', () => {
    expect(json('[[["player"], "wall"]]').reason).toMatch(/row 1, cell 2 must be a list of names/);
  });

  it('names a cell with an unknown name', () => {
    expect(json('[[["player"], ["box"]]]').reason).toMatch(/row 1, cell 2: the string "box" is not one of/);
  });

  it('rejects a wall sharing its cell with anything else', () => {
    expect(json('[[["player"], ["wall", "target"]]]').reason).toMatch(/row 1, cell 2: a wall cannot share/);
  });

  it('rejects a level without a player', () => {
    expect(json('[[["wall"], ["computer"], ["target"]]]').reason).toMatch(/no player/);
  });

  it('rejects a second player, naming both cells', () => {
    expect(json('[[["player"], [], ["target", "player"]]]').reason).toMatch(/more than one player: row 1, cell 3 \(the first is at row 1, cell 1\)/);
  });

  it('rejects an empty list', () => {
    expect(json('[]').reason).toMatch(/empty level/);
  });
});

describe('CS161 grid validation errors', () => {
  const grid = (text: string): LevelError => levelErrorOf(() => parseCollection(text, { format: 'grid', file: 'g.txt' }));

  it('rejects a digit out of range in text at its line and column', () => {
    const error = grid('1 1 1\n1 3 7\n1 1 1');
    expect(error.reason).toMatch(/"7" is not a CS161 square/);
    expect(error.position).toMatchObject({ line: 2, column: 5 });
  });

  it('names a negative or fractional number at its line and column when the format is detected, not given', () => {
    for (const bad of ['-1', '4.5']) {
      const error = levelErrorOf(() => parseCollection(`1 1 1 1 1\n1 3 2 ${bad} 1\n1 1 1 1 1\n`, { file: 'g.txt' }));
      expect(error.reason).toContain(`"${bad}" is not a CS161 square`);
      expect(error.position).toMatchObject({ line: 2, column: 7 });
    }
  });

  it('rejects a number out of range in JSON, naming row and column', () => {
    expect(grid('[[1, 1], [3, 9]]').reason).toMatch(/row 2, column 2: number 9 is not a CS161 square/);
  });

  it('rejects a JSON row that is not a list', () => {
    expect(grid('[[1, 3], 1]').reason).toMatch(/row 2 must be a list of numbers/);
  });

  it('rejects a grid without a keeper', () => {
    expect(grid('1 1 1\n1 2 4').reason).toMatch(/no player/);
  });

  it('rejects two keepers', () => {
    expect(grid('3 0 6').reason).toMatch(/more than one player/);
  });
});
