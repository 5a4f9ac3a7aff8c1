import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';
import { CORRIDOR, STUCK } from './tiny-levels.js';

// --quiet, as linters and test runners have it: only what needs attention, then the summary.

const MIXED = `; solvable\n${CORRIDOR}\n; stuck\n${STUCK}`;

describe('sokoban solve --quiet', () => {
  it('prints only the levels not solved, then the summary table', async () => {
    const { code, stdout } = await cli('solve', 'mixed.xsb', '--quiet', '--jobs', '1', { files: { 'mixed.xsb': MIXED } });
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^mixed\.xsb#2 \(stuck\): unsolvable: proven/);
    expect(lines[1]).toMatch(/^levels +solved +unsolvable/);
    expect(lines[2]).toMatch(/^ +2 +1 +1 /);
    expect(lines).toHaveLength(3);
    expect(stdout).not.toContain('solution:');
    expect(code).toBe(1);
  });

  it('says nothing but the summary when every level is solved, even for one level', async () => {
    const { code, stdout } = await cli('solve', 'corridor.xsb', '-q', { files: { 'corridor.xsb': CORRIDOR } });
    expect(stdout).toMatch(/^levels +solved.*\n +1 +1 +0 +0 +0 +0 .*\n$/);
    expect(code).toBe(0);
  });

  it('cannot be combined with --json, whose lines a filter can pick from', async () => {
    const { code, stderr } = await cli('solve', 'corridor.xsb', '--quiet', '--json', { files: { 'corridor.xsb': CORRIDOR } });
    expect(stderr).toMatch(/^sokoban: --quiet trims the text report/);
    expect(code).toBe(2);
  });
});

describe('sokoban verify --quiet', () => {
  const files = { 'set.sok': `; 1\n${CORRIDOR}Solution: rRR\n\n; 2\n${CORRIDOR}Solution: rR\n` };

  it('prints only the levels whose moves do not solve them, then the count line', async () => {
    const { code, stdout } = await cli('verify', 'set.sok', '--quiet', { files });
    expect(stdout).not.toMatch(/#1|set\.sok 1|: solved/);
    expect(stdout).toContain('not solved');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('2 levels: 1 solved, 1 not solved');
    expect(code).toBe(1);
  });

  it('prints the count line for a single level too', async () => {
    const { stdout } = await cli('verify', 'c.xsb', '--moves', 'rRR', '--quiet', { files: { 'c.xsb': CORRIDOR } });
    expect(stdout).toBe('1 level: 1 solved, 0 not solved\n');
  });
});
