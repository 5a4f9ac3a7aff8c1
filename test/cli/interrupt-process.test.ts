import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltCommand } from './built-command.js';
import { OPEN_ROOM } from './open-room.js';
import { tempFolder } from './temp-folder.js';

// This runs the real installed command, so its build must be the sources'.
useBuiltCommand();

describe('bin/sokoban.cjs solve, sent SIGINT during a batch', () => {
  it('prints the summary of the levels it finished, writes its report marked interrupted, and exits 130', async () => {
    const folder = tempFolder({ 'a-corridor.xsb': '#######\n#@ $ .#\n#######\n', 'b-room.xsb': `${OPEN_ROOM}\n` });
    const report = join(folder, 'summary.json');
    const child = spawn(
      process.execPath,
      ['bin/sokoban.cjs', 'solve', join(folder, 'a-corridor.xsb'), join(folder, 'b-room.xsb'), '--optimal', 'moves', '--jobs', '2', '--max-memory', '256', '--report', report],
      { env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' } },
    );
    let stdout = '';
    let stderr = '';
    let pressed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      // The corridor's result is out, and the room is still being searched: press Ctrl-C, once
      // (a second press would end the process at once, without its summary).
      if (!pressed && /a-corridor\.xsb#1: solved/.test(stdout)) {
        pressed = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));

    expect(stderr).toContain('interrupted: 1 of 2 levels finished, 1 not');
    expect(code).toBe(130);
    expect(stdout).toMatch(/levels\s+solved/);
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    expect(summary.interrupted.unfinished).toEqual([`${join(folder, 'b-room.xsb')}#1`]);
    expect(summary.totals.solved).toBe(1);
  });
});
