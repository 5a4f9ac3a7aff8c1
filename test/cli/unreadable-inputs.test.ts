import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { tempFolder } from './temp-folder.js';

const CORRIDOR = '#######\n#@ $ .#\n#######\n';

/** `ok/` and `locked/`, each with a level; the fake Io denies reading `locked/`, as mode 000 does to anyone but root. */
function batchWithLockedFolder(): { root: string; denied: string[] } {
  const root = tempFolder({ 'ok/a.xsb': CORRIDOR, 'locked/a.xsb': CORRIDOR, 'locked/deep/b.xsb': CORRIDOR });
  return { root, denied: [join(root, 'locked')] };
}

interface Row {
  readonly file: string;
  readonly status: string;
  readonly error?: string;
}

function rows(stdout: string): Row[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);
}

describe('a folder or file the user may not read, in a batch (issue 46)', () => {
  it('a pattern reports the unreadable folder as one error row, solves every readable level and exits 2', async () => {
    const { root, denied } = batchWithLockedFolder();
    const { code, stdout, stderr } = await cli('solve', `${root}/**/*.xsb`, '--json', '--jobs', '1', { denied });
    expect(rows(stdout).map((row) => [row.file, row.status, row.error ?? null])).toEqual([
      [join(root, 'locked'), 'error', `${join(root, 'locked')}: permission denied`],
      [join(root, 'ok/a.xsb'), 'solved', null],
    ]);
    expect(stderr).toContain(`sokoban: ${join(root, 'locked')}: permission denied\n`);
    expect(stderr).not.toContain('internal error');
    expect(code).toBe(2);
  });

  it('a folder walked does not pass over an unreadable subfolder without a word', async () => {
    const { root, denied } = batchWithLockedFolder();
    const { code, stdout } = await cli('solve', root, '--json', '--jobs', '1', { denied });
    expect(rows(stdout).map((row) => [row.file, row.status])).toEqual([
      [join(root, 'locked'), 'error'],
      [join(root, 'ok/a.xsb'), 'solved'],
    ]);
    expect(code).toBe(2);
  });

  it('an unreadable folder named on the command line is "permission denied", not a folder with no level files', async () => {
    const { root, denied } = batchWithLockedFolder();
    const { code, stderr } = await cli('solve', join(root, 'locked'), { denied });
    expect(stderr).toBe(`sokoban: ${join(root, 'locked')}: permission denied\n`);
    expect(code).toBe(2);
  });

  it('a file inside an unreadable folder is "permission denied", not "no such file or folder"', async () => {
    const { root, denied } = batchWithLockedFolder();
    const { code, stderr } = await cli('solve', join(root, 'locked/a.xsb'), { denied });
    expect(stderr).toBe(`sokoban: ${join(root, 'locked/a.xsb')}: permission denied\n`);
    expect(code).toBe(2);
  });

  it('an unreadable file among readable ones is its own error row', async () => {
    const root = tempFolder({ 'a.xsb': CORRIDOR, 'b.xsb': CORRIDOR });
    const { code, stdout } = await cli('solve', root, '--json', '--jobs', '1', { denied: [join(root, 'a.xsb')] });
    expect(rows(stdout).map((row) => [row.file, row.status, row.error ?? null])).toEqual([
      [join(root, 'a.xsb'), 'error', `${join(root, 'a.xsb')}: permission denied`],
      [join(root, 'b.xsb'), 'solved', null],
    ]);
    expect(code).toBe(2);
  });
});
