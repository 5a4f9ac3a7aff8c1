import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';

const CORRIDOR = '#######\n#@ $ .#\n#######\n';

describe('verify --json when the input cannot be read (issue 13)', () => {
  it('prints one JSON error object for a missing level file, as solve --json does', async () => {
    const { code, stdout, stderr } = await cli('verify', 'nope.xsb', '--moves', 'r', '--json');
    expect(code).toBe(2);
    expect(stderr).toBe('sokoban: nope.xsb: no such file\n');
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toEqual({
      file: 'nope.xsb',
      index: null,
      title: null,
      valid: false,
      solved: false,
      moves: 0,
      pushes: 0,
      solution: null,
      error: { reason: 'bad-input', message: 'nope.xsb: no such file' },
      lostAt: null,
      reason: null,
      lostKind: null,
      squares: [],
      lossSearchStopped: false,
    });
  });

  it('prints one for a malformed level file and for a missing moves file', async () => {
    const malformed = await cli('verify', 'bad.xsb', '--moves', 'r', '--json', { files: { 'bad.xsb': '#####\n#@@ #\n#####\n' } });
    expect(JSON.parse(malformed.stdout)).toMatchObject({ file: 'bad.xsb', index: null, error: { reason: 'bad-input' } });
    const noMoves = await cli('verify', 'c.xsb', 'gone.lurd', '--json', { files: { 'c.xsb': CORRIDOR } });
    expect(JSON.parse(noMoves.stdout)).toMatchObject({ file: 'c.xsb', index: null, error: { reason: 'bad-input', message: 'gone.lurd: no such file' } });
    expect(noMoves.code).toBe(2);
  });
});
