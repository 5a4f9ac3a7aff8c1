import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, linkSync, lstatSync, openSync, readFileSync, readdirSync, statSync, symlinkSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutputError } from '../../src/errors.js';
import { checkTextWritable, writeTextFile } from '../../src/cli/write-file.js';
import { tempFolder } from './temp-folder.js';

/** A process id that no process has now. */
function deadPid(): number {
  for (let pid = 4_000_000; ; pid--) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
}

describe('outputs never replace what is not a regular file (issue 33)', () => {
  it('writes through to a named pipe, which stays a pipe', async () => {
    const folder = tempFolder({});
    execFileSync('mkfifo', [join(folder, 'r.json')]);
    const reading = readFile(join(folder, 'r.json'), 'utf8');
    await writeTextFile('r.json', '{"report": true}\n', folder);
    expect(await reading).toBe('{"report": true}\n');
    expect(lstatSync(join(folder, 'r.json')).isFIFO()).toBe(true);
    expect(readdirSync(folder)).toEqual(['r.json']);
  });

  it('writes to the file a link names, and keeps the link', async () => {
    const folder = tempFolder({ 'real.json': 'old\n' });
    symlinkSync('real.json', join(folder, 'link.json'));
    await writeTextFile('link.json', 'new\n', folder);
    expect(lstatSync(join(folder, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(folder, 'real.json'), 'utf8')).toBe('new\n');
  });

  it('writes through a link to a named pipe (as /dev/stdout is, on a pipe), keeping both', async () => {
    const folder = tempFolder({});
    execFileSync('mkfifo', [join(folder, 'pipe')]);
    symlinkSync('pipe', join(folder, 'stdout'));
    const reading = readFile(join(folder, 'pipe'), 'utf8');
    await writeTextFile('stdout', 'levels\n', folder);
    expect(await reading).toBe('levels\n');
    expect(lstatSync(join(folder, 'stdout')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(folder, 'pipe')).isFIFO()).toBe(true);
  });

  it('refuses a link to nothing, and says so before any work', async () => {
    const folder = tempFolder({});
    symlinkSync('nowhere.json', join(folder, 'r.json'));
    const refusal = /^r\.json: a symbolic link to a missing file: refused: only regular files are replaced/;
    await expect(checkTextWritable('r.json', folder)).rejects.toThrow(refusal);
    await expect(writeTextFile('r.json', 'x', folder)).rejects.toThrow(refusal);
    expect(lstatSync(join(folder, 'r.json')).isSymbolicLink()).toBe(true);
  });

  it('refuses a socket', async () => {
    const folder = tempFolder({});
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(folder, 'r.json'), done));
    try {
      const refused = writeTextFile('r.json', 'x', folder);
      await expect(refused).rejects.toBeInstanceOf(OutputError);
      await expect(refused).rejects.toThrow(/^r\.json: a socket: refused/);
      expect(lstatSync(join(folder, 'r.json')).isSocket()).toBe(true);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('names a loop of links as such', async () => {
    const folder = tempFolder({});
    symlinkSync('b.json', join(folder, 'a.json'));
    symlinkSync('a.json', join(folder, 'b.json'));
    await expect(writeTextFile('a.json', 'x', folder)).rejects.toThrow(/^a\.json: too many symbolic links/);
  });
});

describe('temporary files left by a run killed during its write (issue 33)', () => {
  it('are removed by the next write of the same file, when the process that made them is gone', async () => {
    const dead = deadPid();
    const folder = tempFolder({
      [`.r.json.${dead}.1.tmp`]: 'half a report',
      [`.r.json.${process.ppid}.1.tmp`]: 'a live run is writing this',
      [`.other.json.${dead}.1.tmp`]: 'not this target',
      '.r.json.notes': 'not our pattern',
    });
    await writeTextFile('r.json', 'whole\n', folder);
    expect(readdirSync(folder).sort()).toEqual([`.other.json.${dead}.1.tmp`, '.r.json.notes', `.r.json.${process.ppid}.1.tmp`, 'r.json'].sort());
  });
});

describe('the check before any work', () => {
  it('creates nothing in the folder it checks', async () => {
    const folder = tempFolder({ 'keep.json': 'x' });
    await checkTextWritable('r.json', folder);
    await checkTextWritable('keep.json', folder);
    expect(readdirSync(folder)).toEqual(['keep.json']);
  });

  it('refuses a folder in place of the file', async () => {
    const folder = tempFolder({ 'r.json/inner.txt': 'x' });
    await expect(checkTextWritable('r.json', folder)).rejects.toThrow('r.json: is a folder, not a file');
  });
});

/** Linux names this process's descriptors in /proc/self/fd; elsewhere these tests have nothing to test. */
const PROC_FD = existsSync('/proc/self/fd');
const NO_PROC_FD = 'needs /proc/self/fd (Linux), which this system does not have';

describe("outputs onto one of the process's own descriptors are written through it (issue 46)", () => {
  /** A file holding what a shell appended before the command ran, opened as `>>` opens it. */
  function logOpened(flags: 'a' | 'w' | 'r'): { folder: string; log: string; fd: number } {
    const folder = tempFolder({ 'log.txt': 'line 1\nline 2\n' });
    const log = join(folder, 'log.txt');
    const fd = openSync(log, flags);
    opened.push(fd);
    return { folder, log, fd };
  }
  const opened: number[] = [];
  afterEach(() => {
    for (const fd of opened.splice(0)) closeSync(fd);
  });

  it('appends through /proc/self/fd/N when the descriptor is in append mode, keeping the file and what it held', async ({ skip }) => {
    skip(!PROC_FD, NO_PROC_FD);
    const { folder, log, fd } = logOpened('a');
    const inode = statSync(log).ino;
    await checkTextWritable(`/proc/self/fd/${fd}`, folder);
    await writeTextFile(`/proc/self/fd/${fd}`, 'grid\n', folder);
    expect(readFileSync(log, 'utf8')).toBe('line 1\nline 2\ngrid\n');
    expect(statSync(log).ino).toBe(inode);
    expect(readdirSync(folder)).toEqual(['log.txt']);
  });

  it('writes through /dev/fd/N, and through a link to /proc/self/fd/N (/dev/stdout in a fresh /dev), at the offset a `>` left', async ({ skip }) => {
    skip(!PROC_FD || !existsSync('/dev/fd'), NO_PROC_FD);
    const { folder, log, fd } = logOpened('w');
    writeSync(fd, 'first\n');
    await writeTextFile(`/dev/fd/${fd}`, 'second\n', folder);
    symlinkSync(`/proc/self/fd/${fd}`, join(folder, 'stdout'));
    await writeTextFile('stdout', 'third\n', folder);
    expect(readFileSync(log, 'utf8')).toBe('first\nsecond\nthird\n');
    expect(lstatSync(join(folder, 'stdout')).isSymbolicLink()).toBe(true);
  });

  it('refuses, before any work, a descriptor open only for reading', async ({ skip }) => {
    skip(!PROC_FD, NO_PROC_FD);
    const { folder, log, fd } = logOpened('r');
    await expect(checkTextWritable(`/proc/self/fd/${fd}`, folder)).rejects.toThrow(new RegExp(`^/proc/self/fd/${fd}: `));
    await expect(writeTextFile(`/proc/self/fd/${fd}`, 'x', folder)).rejects.toBeInstanceOf(OutputError);
    expect(readFileSync(log, 'utf8')).toBe('line 1\nline 2\n');
  });
});

describe('replacing a file keeps what it was (issue 46)', () => {
  it("keeps the old file's mode: a private file stays private", async () => {
    const folder = tempFolder({ 'priv.txt': 'secret\n' });
    chmodSync(join(folder, 'priv.txt'), 0o600);
    await writeTextFile('priv.txt', 'levels\n', folder);
    expect(readFileSync(join(folder, 'priv.txt'), 'utf8')).toBe('levels\n');
    expect(statSync(join(folder, 'priv.txt')).mode & 0o7777).toBe(0o600);
  });

  it('keeps an executable or group-writable mode too, whatever the umask would give a new file', async () => {
    const folder = tempFolder({ 'shared.txt': 'old\n' });
    chmodSync(join(folder, 'shared.txt'), 0o775);
    await writeTextFile('shared.txt', 'new\n', folder);
    expect(statSync(join(folder, 'shared.txt')).mode & 0o7777).toBe(0o775);
  });

  it('writes a file with other hard links in place, so every name sees the new text', async () => {
    const folder = tempFolder({ 'out.txt': 'old\n' });
    linkSync(join(folder, 'out.txt'), join(folder, 'twin.txt'));
    await checkTextWritable('out.txt', folder);
    await writeTextFile('out.txt', 'new\n', folder);
    expect(readFileSync(join(folder, 'twin.txt'), 'utf8')).toBe('new\n');
    expect(statSync(join(folder, 'out.txt')).nlink).toBe(2);
    expect(readdirSync(folder).sort()).toEqual(['out.txt', 'twin.txt']);
  });

  it('keeps the owner where we may change it (as root), else leaves the file ours', async ({ skip }) => {
    skip(process.getuid?.() !== 0, 'needs root: only root may give a file to another user');
    const folder = tempFolder({ 'theirs.txt': 'old\n' });
    chownSync(join(folder, 'theirs.txt'), 65534, 65534);
    await writeTextFile('theirs.txt', 'new\n', folder);
    const info = statSync(join(folder, 'theirs.txt'));
    expect([info.uid, info.gid]).toEqual([65534, 65534]);
  });
});
