import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/fake-io.js';

// Known solutions from test/data/solutions (see its README): every one replays to solved.
const SHARED = 'test/data/solutions';

function jsonLines(stdout: string): { index: number; solved: boolean; valid: boolean }[] {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { index: number; solved: boolean; valid: boolean });
}

describe('verify against published solution files', () => {
  for (const [file, levels] of [
    ['microban_ksokoban_solutions.xsb', 155],
    ['microban2_ksokoban_solutions.xsb', 135],
    ['sasquatch_ksokoban_solutions.xsb', 50],
  ] as const) {
    it(`finds every level of ${file} solved by its Solution line`, async () => {
      const { code, stdout, stderr } = await cli('verify', `${SHARED}/${file}`, '--json');
      expect(stderr).toBe('');
      const results = jsonLines(stdout);
      expect(results).toHaveLength(levels);
      expect(results.filter((result) => result.solved)).toHaveLength(levels);
      expect(code).toBe(0);
    });
  }

  it('finds every level of Sokoban Jr 2 that has a stored solution solved', async () => {
    const { code, stdout } = await cli('verify', `${SHARED}/sokoban_jr2_ksokoban_solutions.xsb`, '--json');
    const results = jsonLines(stdout);
    expect(results).toHaveLength(43);
    expect(results.every((result) => result.solved)).toBe(true);
    expect(code).toBe(0);
  });

  it('finds all 90 XSokoban levels solved by the LURD table', async () => {
    const { code, stdout } = await cli('verify', 'levels/xsokoban90.xsb', `${SHARED}/xsokoban90_lurd.toml`);
    expect(stdout).toMatch(/\n90 levels: 90 solved, 0 not solved\n$/);
    expect(code).toBe(0);
  });

  it('finds one XSokoban level solved by its entry in the table with --level', async () => {
    const { code, stdout } = await cli('verify', 'levels/xsokoban90.xsb', `${SHARED}/xsokoban90_lurd.toml`, '--level', 'screen.01');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^levels\/xsokoban90\.xsb#1 \(screen\.01\): solved in \d+ moves, \d+ pushes\n {2}solution: [lurdLURD]+\n$/);
  });

  it('says where a corrupted table entry breaks', async () => {
    // No XSokoban board is 40 squares tall, so walking up 40 times must hit something.
    const { stdout: json } = await cli('verify', 'levels/xsokoban90.xsb', `${SHARED}/xsokoban90_lurd.toml`, '--level', '1', '--json');
    const solution = (JSON.parse(json) as { solution: string }).solution;
    const broken = `Level0001 = "${'u'.repeat(40)}${solution}"\n`;
    const { code, stdout } = await cli('verify', 'levels/xsokoban90.xsb', 'broken.toml', '--level', '1', {
      files: { 'broken.toml': broken },
    });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^levels\/xsokoban90\.xsb#1 \(screen\.01\): illegal move \d+ 'u' \((wall|box blocked by (wall|box))\)\n/);
  });
});
