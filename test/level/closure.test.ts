import { describe, expect, it } from 'vitest';
import { playerCanLeave } from '../../src/level/closure.js';
import { parseCollection, parseLevel } from '../../src/level/parse.js';
import { lines } from './helpers.js';

describe('open boards', () => {
  it('warns when the player can walk to the edge of an XSB board', () => {
    const collection = parseCollection(lines('####', '#@$.', '####'), { file: 'open.xsb' });
    expect(collection.levels).toHaveLength(1);
    expect(collection.warnings).toEqual([expect.objectContaining({ file: 'open.xsb', level: 1, line: 1 })]);
    expect(collection.warnings[0].message).toMatch(/walk off/);
  });

  it('does not warn about a closed board', () => {
    expect(parseCollection(lines('#####', '#@$.#', '#####')).warnings).toEqual([]);
  });

  it('ignores open but walled-off pockets the player cannot reach', () => {
    const board = parseLevel(lines('#####  ', '#@$.# *', '#####  ')).board;
    expect(playerCanLeave(board)).toBe(false);
  });

  it('lets boxes count as passable, since they can be pushed away', () => {
    expect(playerCanLeave(parseLevel(lines('#####', '#@$.$', '#####')).board)).toBe(true);
  });

  it('never warns for grids, where off-grid squares are walls by definition', () => {
    expect(parseCollection('3 2 4', { format: 'grid' }).warnings).toEqual([]);
  });
});
