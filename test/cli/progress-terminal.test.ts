import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { fakeIo } from '../helpers/fake-io.js';
import { tempFolder } from './temp-folder.js';
import { TINY_COLLECTION } from './tiny-levels.js';

/**
 * What a terminal shows at the end: each line as left after carriage returns and "erase line"
 * (ESC [ K) sequences, which is where a progress line glued to a result would still be seen.
 */
function screen(bytes: string): string[] {
  return bytes
    .replace(/\x1b\[[0-9;]*m/g, '')
    .replaceAll('\r\n', '\n')
    .split('\n')
    .map((line) => {
      const cleared = line.lastIndexOf('\x1b[K');
      const visible = cleared >= 0 ? line.slice(cleared + 3) : line;
      return visible.slice(visible.lastIndexOf('\r') + 1);
    });
}

/** Runs the CLI in-process with stdout and stderr on one fake terminal, as a person sees them. */
async function onTerminal(argv: string[], files: Record<string, string>, env: Record<string, string> = {}): Promise<string> {
  const io = fakeIo({ files, stdoutIsTTY: true, stderrIsTTY: true, env });
  let bytes = '';
  const terminal = {
    write: (text: string) => {
      bytes += text;
    },
    isTTY: true,
    columns: 80,
  };
  await run(argv, { ...io, stdout: terminal, stderr: terminal });
  return bytes;
}

describe('the progress line on a terminal (issue 13)', () => {
  it('is erased before each result and error and never left glued to one', async () => {
    const malformed = '#####\n#@@ #\n#####\n';
    const bytes = await onTerminal(['solve', 'tiny.xsb', 'bad.xsb', '--jobs', '2'], { 'tiny.xsb': TINY_COLLECTION, 'bad.xsb': malformed });
    expect(bytes).toContain('ETA');
    const lines = screen(bytes);
    expect(lines.filter((line) => line.includes('ETA'))).toEqual([]);
    expect(lines.filter((line) => /^tiny\.xsb#\d: solved/.test(line))).toHaveLength(6);
    expect(lines).toContain('bad.xsb: error (see stderr)');
  });

  it('is not drawn on a terminal that cannot move its cursor (TERM=dumb), nor is show animated there', async () => {
    const bytes = await onTerminal(['solve', 'tiny.xsb', '--jobs', '2'], { 'tiny.xsb': TINY_COLLECTION }, { TERM: 'dumb' });
    expect(bytes).toMatch(/tiny\.xsb#1: solved/);
    expect(bytes).not.toContain('\x1b[');
    const shown = await onTerminal(['show', 'corridor.xsb', '--moves', 'rRR'], { 'corridor.xsb': '#######\n#@ $ .#\n#######\n' }, { TERM: 'dumb' });
    expect(shown).toContain('$');
    expect(shown).not.toContain('\x1b[');
  });

  it('is not drawn for a single level', async () => {
    const bytes = await onTerminal(['solve', 'tiny.xsb', '--level', '2'], { 'tiny.xsb': TINY_COLLECTION });
    expect(bytes).not.toContain('ETA');
    expect(bytes).not.toContain('\x1b[K');
  });
});

describe('the progress line in a real pseudo-terminal (script from util-linux)', () => {
  beforeAll(() => {
    if (!existsSync('dist/bundle/cli.cjs')) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  });

  function inPseudoTerminal(args: string[]): string {
    const command = ['node', 'bin/sokoban.cjs', ...args].map((word) => `'${word}'`).join(' ');
    const result = spawnSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined },
    });
    return result.stdout;
  }

  it('leaves every result on a line of its own', () => {
    const folder = tempFolder({ 'tiny.xsb': TINY_COLLECTION });
    const bytes = inPseudoTerminal(['solve', join(folder, 'tiny.xsb'), '--jobs', '2']);
    const lines = screen(bytes);
    expect(lines.filter((line) => line.includes(`${folder}/tiny.xsb#`) && line.includes('solved in'))).toHaveLength(6);
    expect(lines.filter((line) => line.includes('ETA'))).toEqual([]);
  });

  it('shows none for the README first command, a single level', () => {
    const folder = tempFolder({});
    writeFileSync(join(folder, 'one.xsb'), '#######\n#@ $ .#\n#######\n');
    const bytes = inPseudoTerminal(['solve', join(folder, 'one.xsb')]);
    expect(bytes).not.toContain('ETA');
    expect(screen(bytes)[0]).toBe(`${folder}/one.xsb#1: solved in 3 moves, 2 pushes`);
  });
});
