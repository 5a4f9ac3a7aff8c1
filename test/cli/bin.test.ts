import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

// These run the real installed command; `npm test` builds dist/ first (`npm run build`).
beforeAll(() => {
  if (!existsSync('dist/bundle/cli.cjs')) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
});

function sokoban(args: string[], input?: string) {
  const result = spawnSync(process.execPath, ['bin/sokoban.cjs', ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('bin/sokoban.cjs (the real process)', () => {
  it('exits 0 and prints the answer on stdout for a solving move file', () => {
    const { code, stdout, stderr } = sokoban(['verify', 'levels/examples/first.xsb', 'levels/examples/first.lurd']);
    expect(stderr).toBe('');
    expect(stdout).toBe('levels/examples/first.xsb: solved in 11 moves, 4 pushes\n  solution: ruulDDuLulD\n');
    expect(code).toBe(0);
  });

  it('exits 1 for a move that pushes a box into a wall', () => {
    const { code, stdout } = sokoban(['verify', 'levels/examples/first.xsb', 'levels/examples/first-blocked.lurd']);
    expect(stdout).toContain("illegal move 7 'D' (box blocked by wall)");
    expect(code).toBe(1);
  });

  it('exits 2 with one line on stderr for a missing file', () => {
    const { code, stdout, stderr } = sokoban(['verify', 'missing.xsb', '--moves', 'r']);
    expect(stdout).toBe('');
    expect(stderr).toBe('sokoban: missing.xsb: no such file\n');
    expect(code).toBe(2);
  });

  it('reads a level piped into stdin', () => {
    const { code, stdout } = sokoban(['verify', '-', '--moves', 'rRR', '--json'], '#######\n#@ $ .#\n#######\n');
    expect(JSON.parse(stdout)).toMatchObject({ file: '<stdin>', solved: true, moves: 3, pushes: 2 });
    expect(code).toBe(0);
  });

  it('draws without escape codes when stdout is a pipe', () => {
    const { code, stdout } = sokoban(['show', 'levels/examples/first.xsb']);
    expect(stdout).not.toContain('\x1b[');
    expect(stdout).toContain('##. @ #');
    expect(code).toBe(0);
  });

  it('solves a level in-process and exits 0', () => {
    const { code, stdout, stderr } = sokoban(['solve', 'levels/examples/first.xsb']);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^levels\/examples\/first\.xsb#1 \(First steps\): solved in \d+ moves, 4 pushes\n/);
    expect(code).toBe(0);
  });

  it('solves a collection in the compiled worker threads, in order', () => {
    const { code, stdout } = sokoban(['solve', 'levels/examples/three.sok', '--jobs', '2', '--json']);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.index, line.status])).toEqual([
      [1, 'solved'],
      [2, 'solved'],
      [3, 'solved'],
    ]);
    expect(code).toBe(0);
  });

  it('prints help and exits 0', () => {
    const { code, stdout } = sokoban(['--help']);
    expect(stdout).toMatch(/^Usage: sokoban/);
    expect(code).toBe(0);
  });
});
