import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './import-rules.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** A path into the shared data folder beside a developer's checkout, which a clone of the repository does not have. */
const OUTSIDE_DATA = /\.\.\/shared\b|['"]shared['"]/;

describe('the test suite of a fresh clone', () => {
  // This file names the pattern it looks for, so it is the one file not searched.
  const files = sourceFiles(repoRoot, 'test').filter((file) => file.path !== 'test/architecture/self-contained.test.ts');

  it('reads the test files', () => {
    expect(files.some((file) => file.path === 'test/solver/helpers.ts')).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  it('finds the pattern it looks for', () => {
    expect("path.join(repoRoot, '..', 'shared', 'cs161')").toMatch(OUTSIDE_DATA);
    // Spelled in two pieces so that a plain text search for a path to the shared folder finds no test.
    expect(`cli('verify', '..${'/'}shared/solutions/x.xsb')`).toMatch(OUTSIDE_DATA);
    expect("testDataPath('cs161/hw3.json')").not.toMatch(OUTSIDE_DATA);
  });

  it('reads its data from test/data and levels/, never from a shared folder outside the repository', () => {
    const outside = files.flatMap((file) =>
      file.text
        .split('\n')
        .map((line, index) => ({ at: `${file.path}:${index + 1}`, line }))
        .filter(({ line }) => OUTSIDE_DATA.test(line)),
    );
    expect(outside.map(({ at }) => at)).toEqual([]);
  });
});
