import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltCommand } from './built-command.js';
import { OPEN_ROOM } from './open-room.js';
import { tempFolder } from './temp-folder.js';

// This runs the real installed command, so its build must be the sources'.
useBuiltCommand();

interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/** Runs bin/sokoban.cjs; `onStdout` sees stdout as it grows and may act on the child. */
function sokoban(args: readonly string[], onStdout: (text: string, child: ReturnType<typeof spawn>) => void): Promise<Ended> {
  const child = spawn(process.execPath, ['bin/sokoban.cjs', ...args], { env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    onStdout(stdout, child);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((done) => child.on('exit', (code, signal) => done({ code, signal, stderr })));
}

describe('bin/sokoban.cjs solve, when its terminal hangs up (SIGHUP)', () => {
  it('ends as for SIGTERM: the summary, the report marked interrupted, exit 130', async () => {
    const folder = tempFolder({ 'a-corridor.xsb': '#######\n#@ $ .#\n#######\n', 'b-room.xsb': `${OPEN_ROOM}\n` });
    const report = join(folder, 'summary.json');
    const args = ['solve', join(folder, 'a-corridor.xsb'), join(folder, 'b-room.xsb'), '--optimal', 'moves', '--jobs', '2', '--max-memory', '256'];
    let sent = false;
    const ended = await sokoban([...args, '--report', report], (stdout, child) => {
      if (!sent && /a-corridor\.xsb#1: solved/.test(stdout)) {
        sent = true;
        child.kill('SIGHUP');
      }
    });
    expect(ended.signal).toBeNull();
    expect(ended.code).toBe(130);
    expect(ended.stderr).toContain('interrupted: 1 of 2 levels finished, 1 not');
    expect(JSON.parse(readFileSync(report, 'utf8')).interrupted.unfinished).toEqual([`${join(folder, 'b-room.xsb')}#1`]);
  });
});

describe('bin/sokoban.cjs solve, when the reader of its stdout goes away (`| head -1`)', () => {
  it('stops the workers at the next result instead of solving the rest for no one', async () => {
    const folder = tempFolder({});
    const report = join(folder, 'summary.json');
    let closed = false;
    // The pipe closes after the first result; before issue 32 the other 154 levels were solved for no one.
    const ended = await sokoban(['solve', 'levels/microban.xsb', '--jobs', '2', '--report', report], (stdout, child) => {
      if (!closed && stdout.includes('\n')) {
        closed = true;
        child.stdout?.destroy();
      }
    });
    expect(ended.stderr).not.toMatch(/\n\s+at /);
    expect(ended.stderr).toContain('sokoban: stdout was closed (a broken pipe): stopping\n');
    expect(ended.code).toBe(130);
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    expect(summary.interrupted.unfinished.length).toBeGreaterThan(100);
  });
});

/** Runs bin/sokoban.cjs with its stdout on a full disk (Linux's /dev/full: every write fails with ENOSPC). */
function sokobanOnFullDisk(args: readonly string[]): Promise<Ended> {
  const full = openSync('/dev/full', 'w');
  const child = spawn(process.execPath, ['bin/sokoban.cjs', ...args], { stdio: ['ignore', full, 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  closeSync(full);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((done) => child.on('exit', (code, signal) => done({ code, signal, stderr })));
}

describe.skipIf(!existsSync('/dev/full'))('bin/sokoban.cjs, when its stdout cannot be written (`> file` on a full disk)', () => {
  it('says so in one line and exits 74, for one level as for a batch', async () => {
    const folder = tempFolder({ 'corridor.xsb': '#######\n#@ $ .#\n#######\n' });
    const level = join(folder, 'corridor.xsb');
    for (const args of [
      ['verify', level, '--moves', 'rRR'],
      ['convert', level, '--to', 'json'],
      ['solve', level, 'levels/microban.xsb', '--jobs', '2'],
    ]) {
      const ended = await sokobanOnFullDisk(args);
      expect(ended.stderr).not.toMatch(/\n\s+at /);
      expect(ended.stderr.split('\n')[0]).toBe('sokoban: stdout: no space left on the device');
      expect(ended.code).toBe(74);
    }
  });
});

describe('bin/sokoban.cjs generate, signalled in the middle of a proof that takes minutes (issue 46)', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('ends on %s with the levels made so far written to --out, exit 130', async (signal) => {
    const folder = tempFolder({});
    const out = join(folder, 'made.xsb');
    // The first candidate of this size runs for minutes. Without --seed the command says which
    // it drew as the making starts; a second later its worker is deep in the first proof.
    const args = ['generate', '--width', '60', '--height', '60', '--boxes', '8', '--max-nodes', '5000000', '--out', out];
    const child = spawn(process.execPath, ['bin/sokoban.cjs', ...args], { env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      const started = !stderr.includes('using --seed');
      stderr += chunk;
      if (started && stderr.includes('using --seed')) setTimeout(() => child.kill(signal), 1_000);
    });
    const { code, signal: killedBy } = await new Promise<Ended>((done) => child.on('exit', (exit, signalled) => done({ code: exit, signal: signalled, stderr })));
    expect(killedBy).toBeNull();
    expect(code).toBe(130);
    expect(stderr).toMatch(new RegExp(`^sokoban: no --seed given; using --seed \\d+\nsokoban: wrote 0 levels to ${out}\nsokoban: interrupted: made 0 of 1 levels\n$`));
    expect(readFileSync(out, 'utf8')).toMatch(/^; Generated by sokoban generate --width 60 --height 60 --boxes 8 --seed \d+ /);
  });
});
