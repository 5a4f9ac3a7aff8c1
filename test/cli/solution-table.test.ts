import { describe, expect, it } from 'vitest';
import { parseSolutionTable } from '../../src/cli/solution-table.js';
import { MoveSyntaxError } from '../../src/errors.js';

describe('solution tables (Level0001 = "...")', () => {
  it('reads entries keyed by the number at the end of the key', () => {
    const table = parseSolutionTable('Level0001 = "rRR"\nLevel0012 = "lUruL"\n', 't.toml');
    expect(table?.get(1)).toEqual({ moves: 'rRR', line: 1, column: 14 });
    expect(table?.get(12)?.moves).toBe('lUruL');
  });

  it('skips blank lines and # comments', () => {
    const table = parseSolutionTable('# solutions\n\nLevel1 = "r" # short\n', 't.toml');
    expect([...(table?.keys() ?? [])]).toEqual([1]);
  });

  it('says a plain move string is not a table', () => {
    expect(parseSolutionTable('ruulDDuLulD\n', 'm.lurd')).toBeNull();
  });

  it('rejects a line that is not an entry, naming the line', () => {
    expect(() => parseSolutionTable('Level1 = "r"\nLevel2 = r\n', 't.toml')).toThrow(
      new MoveSyntaxError('expected a solution entry like Level1 = "lurd..."', { file: 't.toml', line: 2 }),
    );
  });

  it('rejects two entries for the same level', () => {
    expect(() => parseSolutionTable('Level1 = "r"\nLevel01 = "l"\n', 't.toml')).toThrow(/second solution for level 1/);
  });
});
