import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltCommand } from './built-command.js';
import { tempFolder } from './temp-folder.js';

// This runs the real installed command, so its build must be the sources'.
useBuiltCommand();

const PRLIMIT = '/usr/bin/prlimit';
const LINUX = existsSync('/proc/self/limits');

/** Runs bin/sokoban.cjs with its address space limited to `kib` KiB (as `ulimit -v` does). */
function sokobanLimited(kib: number, args: readonly string[]): { status: number | null; signal: string | null; stdout: string; stderr: string } {
  const result = spawnSync(PRLIMIT, [`--as=${kib * 1024}`, process.execPath, 'bin/sokoban.cjs', ...args], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

describe.skipIf(!LINUX || !existsSync(PRLIMIT))('bin/sokoban.cjs under an address-space limit (prlimit --as)', () => {
  it('solves one level at 1.5 GB on the main thread, saying so in one line, where the race of two workers was a V8 abort', () => {
    const run = sokobanLimited(1_500_000, ['solve', 'levels/microban.xsb', '--level', '1']);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('levels/microban.xsb#1: solved in 33 moves');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^sokoban: warning: the address space is limited to 1\.4 GiB \(ulimit -v\): solving on the main thread/)]);
  });

  it('runs a --jobs 2 batch with --max-memory 8 at 1.5 GB to its end and writes its report', () => {
    const folder = tempFolder({
      'a.xsb': '#######\n#@ $ .#\n#######\n',
      'b.xsb': '######\n#@$ .#\n# $ .#\n######\n',
    });
    const report = join(folder, 'summary.json');
    const run = sokobanLimited(1_500_000, ['solve', join(folder, 'a.xsb'), join(folder, 'b.xsb'), '--jobs', '2', '--max-memory', '8', '--report', report]);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
    expect(JSON.parse(readFileSync(report, 'utf8')).totals.solved).toBe(2);
  });

  it('refuses to serve, in one line (exit 2), where the workers the server needs do not fit, instead of aborting at its first request', () => {
    const run = sokobanLimited(1_500_000, ['serve', '--port', '0']);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^sokoban: the address space is limited to 1\.4 GiB \(ulimit -v\): there is no room for the 3 worker threads the server needs at least\n$/);
  });
});
