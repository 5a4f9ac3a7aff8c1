import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltCommand } from './built-command.js';
import { tempFolder } from './temp-folder.js';

// This runs the real installed command, so its build must be the sources'.
useBuiltCommand();

const CORRIDOR = '#######\n#@ $ .#\n#######\n';
const SETPRIV = '/usr/bin/setpriv';
const NOBODY = 65534;
const COMMAND = resolve('bin/sokoban.cjs');
const AS_ROOT = process.getuid?.() === 0;

/** How the command runs as a user whom mode 000 stops: this one, or as root, `nobody` through setpriv. */
function runner(): string[] {
  return AS_ROOT ? [SETPRIV, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, COMMAND] : [process.execPath, COMMAND];
}

/** Why these tests cannot run here, or null: root bypasses modes, so they need another user. */
function unavailable(folder: string): string | null {
  if (AS_ROOT && !existsSync(SETPRIV)) return 'runs as root, whom mode 000 does not stop, and has no setpriv to run the command as another user';
  const [program, ...args] = runner();
  const probe = spawnSync(program, [...args.slice(0, -1), '-e', `require('fs').readdirSync(${JSON.stringify(join(folder, 'locked'))})`], { stdio: 'ignore' });
  if (probe.status === 0) return 'the user the command runs as can read a mode 000 folder (CAP_DAC_OVERRIDE?), so nothing is denied';
  const reach = spawnSync(program, [...args.slice(0, -1), '-e', `require('fs').accessSync(${JSON.stringify(COMMAND)})`], { stdio: 'ignore' });
  if (reach.status !== 0) return `the user the command runs as (uid ${AS_ROOT ? NOBODY : process.getuid?.()}) cannot read the repository's bin/sokoban.cjs`;
  return null;
}

function sokoban(folder: string, args: readonly string[]) {
  const [program, ...before] = runner();
  return spawnSync(program, [...before, ...args], { cwd: folder, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' }, timeout: 60_000 });
}

describe('bin/sokoban.cjs over a folder with a locked subfolder, as a user mode 000 stops (issue 46)', () => {
  it('solves every readable level and names the locked folder, a file in it and the folder itself as permission denied', ({ skip }) => {
    const folder = tempFolder({ 'ok/a.xsb': CORRIDOR, 'locked/a.xsb': CORRIDOR });
    // The temporary folder is private to us; the other user needs to walk into it.
    chmodSync(folder, 0o755);
    chmodSync(join(folder, 'locked'), 0o000);
    try {
      const reason = unavailable(folder);
      skip(reason !== null, reason ?? '');

      const pattern = sokoban(folder, ['solve', '**/*.xsb', '--jobs', '1']);
      expect(pattern.stderr).toBe('sokoban: locked: permission denied\n');
      expect(pattern.stdout).toMatch(/^locked: error \(see stderr\)\nok\/a\.xsb#1: solved in 3 moves, 2 pushes\n/);
      expect(pattern.status).toBe(2);

      const named = sokoban(folder, ['solve', 'locked']);
      expect([named.status, named.stderr]).toEqual([2, 'sokoban: locked: permission denied\n']);

      const inside = sokoban(folder, ['solve', 'locked/a.xsb']);
      expect([inside.status, inside.stderr]).toEqual([2, 'sokoban: locked/a.xsb: permission denied\n']);

      const walked = sokoban(folder, ['solve', '.', '--jobs', '1']);
      expect(walked.stderr).toBe('sokoban: ./locked: permission denied\n');
      expect(walked.stdout).toContain('./ok/a.xsb#1: solved in 3 moves, 2 pushes');
      expect(walked.status).toBe(2);
    } finally {
      chmodSync(join(folder, 'locked'), 0o755);
    }
    expect(readdirSync(join(folder, 'locked'))).toEqual(['a.xsb']);
  });
});
