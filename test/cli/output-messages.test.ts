import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diskPathKind } from '../../src/cli/io.js';
import { run } from '../../src/cli/run.js';
import { checkTextWritable, makeTextDirectory } from '../../src/cli/write-file.js';
import { type FakeIo, fakeIo } from '../helpers/fake-io.js';
import { useBuiltCommand } from './built-command.js';
import { tempFolder } from './temp-folder.js';

// One test here runs the real installed command, so its build must be the sources'.
useBuiltCommand();

/** A fake Io whose outputs are checked and their folders made on disk, under `folder`, as the real Io does. */
function ioWritingUnder(folder: string): FakeIo {
  const io = fakeIo();
  io.makeDirectory = (path) => makeTextDirectory(path, folder);
  io.checkWritable = (path) => checkTextWritable(path, folder);
  io.pathKind = (path) => diskPathKind(path, folder);
  return io;
}

describe('an output that cannot be written says what is true of it (issue 46)', () => {
  it('--out under a file used as a folder names the target and the file in the way, in one line', async () => {
    const folder = tempFolder({ 'corr.xsb': 'not a folder\n' });
    const io = ioWritingUnder(folder);
    const code = await run(['convert', 'levels/examples/first.xsb', '--to', 'grid', '--out', 'corr.xsb/out.txt'], io);
    expect(code).toBe(74);
    expect(io.err()).toBe('sokoban: corr.xsb/out.txt: cannot be written: corr.xsb is a file, not a folder\n');
  });

  it('the same, deeper: the first part of the path that is a file is the one named', async () => {
    const folder = tempFolder({ 'a/corr.xsb': 'not a folder\n' });
    const io = ioWritingUnder(folder);
    const code = await run(['convert', 'levels/examples/first.xsb', '--to', 'grid', '--out', 'a/corr.xsb/b/out.txt'], io);
    expect(code).toBe(74);
    expect(io.err()).toBe('sokoban: a/corr.xsb/b/out.txt: cannot be written: a/corr.xsb is a file, not a folder\n');
  });

  it('--out /proc/version is a file of the kernel, not "no such file"', async ({ skip }) => {
    skip(!existsSync('/proc/version'), 'needs /proc/version (Linux)');
    const io = ioWritingUnder(tempFolder({}));
    const code = await run(['convert', 'levels/examples/first.xsb', '--to', 'grid', '--out', '/proc/version'], io);
    expect(code).toBe(74);
    expect(io.err()).not.toContain('no such file');
    // Root may create files in most folders, but /proc takes none; anyone else is simply refused.
    const reason =
      process.getuid?.() === 0 ? 'cannot be replaced: no file can be made in its folder /proc (a file system of the kernel, as /proc and /sys are)' : 'permission denied';
    expect(io.err()).toBe(`sokoban: /proc/version: ${reason}\n`);
  });
});

describe('stdin redirected from a folder (issue 46)', () => {
  it('`solve - < folder` says stdin is a folder, not "empty file"', () => {
    const folder = tempFolder({ 'a.xsb': '#####\n#@$.#\n#####\n' });
    const stdin = openSync(folder, 'r');
    try {
      const result = spawnSync(process.execPath, ['bin/sokoban.cjs', 'solve', '-'], { stdio: [stdin, 'pipe', 'pipe'], encoding: 'utf8', timeout: 30_000 });
      expect(result.status).toBe(2);
      expect(result.stderr).toBe("sokoban: <stdin>: is a folder, not a file (stdin was redirected from a folder: name it as an argument instead of '-')\n");
    } finally {
      closeSync(stdin);
    }
  });
});
