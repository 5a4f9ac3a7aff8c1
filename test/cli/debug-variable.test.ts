import { describe, expect, it, vi } from 'vitest';
import { cli } from '../helpers/fake-io.js';

/** A solver with a bug on demand: it answers with moves that do not solve, or throws. */
const bug = vi.hoisted(() => ({ kind: 'none' as 'none' | 'wrong-moves' | 'throws' }));

vi.mock('../../src/solver/solve.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/solver/solve.js')>();
  return {
    ...real,
    solve: (...args: Parameters<typeof real.solve>) => {
      if (bug.kind === 'throws') throw new Error('planted bug in the search');
      const result = real.solve(...args);
      if (bug.kind === 'wrong-moves') return { ...result, solution: 'l', moves: 1, pushes: 0 };
      return result;
    },
  };
});

const CORRIDOR = '#######\n#@ $ .#\n#######\n';

async function solveWithBug(kind: typeof bug.kind, env: Record<string, string>) {
  bug.kind = kind;
  try {
    return await cli('solve', 'c.xsb', '--jobs', '1', { files: { 'c.xsb': CORRIDOR }, env });
  } finally {
    bug.kind = 'none';
  }
}

describe('SOKOBAN_DEBUG=1 shows where an internal error happened (issue 13)', () => {
  it('says nothing more without it: one line naming the variable', async () => {
    const { code, stderr } = await solveWithBug('throws', {});
    expect(code).toBe(70);
    expect(stderr).toMatch(/^sokoban: internal error: .*planted bug in the search.*set SOKOBAN_DEBUG=1 to see where\)\n$/);
  });

  it('prints the stack of an error thrown by the search', async () => {
    const { code, stderr } = await solveWithBug('throws', { SOKOBAN_DEBUG: '1' });
    expect(code).toBe(70);
    expect(stderr).toMatch(/Error: planted bug in the search\n\s+at /);
  });

  it('prints the moves and the replay verdict of a solution that fails replay', async () => {
    const { code, stderr } = await solveWithBug('wrong-moves', { SOKOBAN_DEBUG: '1' });
    expect(code).toBe(70);
    expect(stderr).toContain('failed replay');
    expect(stderr).toMatch(/solution: l\n/);
    expect(stderr).toMatch(/replay: move 1 'l' from Bb \(row 2, column 2\) fails/);
  });
});

const reader = vi.hoisted(() => ({ broken: false }));

vi.mock('../../src/level/parse.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/level/parse.js')>();
  return {
    ...real,
    indexLevels: (...args: Parameters<typeof real.indexLevels>) => {
      if (reader.broken) throw new TypeError('planted bug in the reader');
      return real.indexLevels(...args);
    },
  };
});

describe('SOKOBAN_DEBUG=1 and a bug while reading a batch', () => {
  it('prints the stack of the reader error under its one-line row', async () => {
    reader.broken = true;
    try {
      const { code, stderr } = await cli('solve', 'c.xsb', 'd.xsb', { files: { 'c.xsb': CORRIDOR, 'd.xsb': CORRIDOR }, env: { SOKOBAN_DEBUG: '1' } });
      expect(code).toBe(70);
      expect(stderr).toMatch(/TypeError: planted bug in the reader\n\s+at /);
    } finally {
      reader.broken = false;
    }
  });
});
