import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { tempFolder } from './temp-folder.js';

const CORRIDOR = '#######\n#@ $ .#\n#######\n';

function names(stdout: string): string[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line).file as string);
}

/** A folder `set/` holding one level, links out of it (to `..`, to /etc, to a file beside it) and one within. */
function folderWithLinks(): string {
  const root = tempFolder({ 'set/a.xsb': CORRIDOR, 'set/deep/b.xsb': CORRIDOR, 'other/o.xsb': CORRIDOR });
  symlinkSync('..', join(root, 'set/up'));
  symlinkSync('/etc', join(root, 'set/etc'));
  symlinkSync('../other/o.xsb', join(root, 'set/outside.xsb'));
  symlinkSync('a.xsb', join(root, 'set/alias.xsb'));
  symlinkSync('deep', join(root, 'set/deep-again'));
  return root;
}

describe('symbolic links and special files in the inputs (issue 13)', () => {
  it('follows each real file once and never out of the folder named', async () => {
    const root = folderWithLinks();
    const { code, stdout } = await cli('solve', join(root, 'set'), '--json');
    expect(names(stdout).map((file) => file.slice(root.length + 1))).toEqual(['set/a.xsb', 'set/deep/b.xsb']);
    expect(code).toBe(0);
  });

  it('follows a link named on the command line, even out of its folder', async () => {
    const root = folderWithLinks();
    const { code, stdout } = await cli('solve', join(root, 'set/outside.xsb'), '--json');
    expect(names(stdout)).toEqual([join(root, 'set/outside.xsb')]);
    expect(code).toBe(0);
  });

  it('matches a pattern without walking out through links, each real file once', async () => {
    const root = folderWithLinks();
    const { stdout } = await cli('solve', `${root}/set/**/*.xsb`, '--json');
    const found = names(stdout).map((file) => file.slice(root.length + 1));
    expect(found).toContain('set/a.xsb');
    expect(found.filter((file) => file.includes('up/') || file.includes('etc/'))).toEqual([]);
    expect(found).toHaveLength(new Set(found).size);
    expect(found.length).toBeLessThanOrEqual(3);
  });

  it('says a FIFO is a named pipe, in solve, verify and show, without waiting on it', async () => {
    const root = tempFolder({ 'a.xsb': CORRIDOR });
    mkdirSync(join(root, 'sub'));
    execFileSync('mkfifo', [join(root, 'pipe.xsb')]);
    const pipe = join(root, 'pipe.xsb');
    for (const argv of [
      ['solve', pipe],
      ['verify', pipe, '--moves', 'r'],
      ['show', pipe],
      ['verify', join(root, 'a.xsb'), pipe],
    ]) {
      const { code, stderr } = await cli(...argv);
      expect(stderr, argv.join(' ')).toContain(`${pipe}: a named pipe (FIFO), not a regular file; to read a pipe, give '-' and redirect it to stdin`);
      expect(code).toBe(2);
    }
  });

  it('passes over a FIFO inside a folder, which is no level file', async () => {
    const root = tempFolder({ 'a.xsb': CORRIDOR });
    execFileSync('mkfifo', [join(root, 'pipe.xsb')]);
    const { code, stdout } = await cli('solve', root, '--json');
    expect(names(stdout)).toEqual([join(root, 'a.xsb')]);
    expect(code).toBe(0);
  });
});
