import { describe, expect, it } from 'vitest';
import { startGenerating } from '../../src/runner/generate-run.js';
import { type GenerateOptions, type GeneratedLevel, generateLevels } from '../../src/solver/generate/generate-levels.js';

const SMALL: GenerateOptions = { width: 7, height: 7, boxes: 2, seed: 11, metric: 'moves', maxNodes: 200_000 };

async function all(run: ReturnType<typeof startGenerating>): Promise<GeneratedLevel[]> {
  const made: GeneratedLevel[] = [];
  for (let level = await run.next(); level !== null; level = await run.next()) made.push(level);
  return made;
}

describe('making levels off the main thread (issue 46)', () => {
  it('hands over, level by level, the levels the library makes for the same seed, on a worker and on this thread', async () => {
    const expected = [...generateLevels(SMALL, 3)];
    for (const inProcess of [false, true]) {
      const run = startGenerating(SMALL, 3, { inProcess });
      expect(await all(run)).toEqual(expected);
      expect(run.ended).toBe('finished');
      await run.close();
    }
  });

  it('stops at once when asked, in the middle of a proof that would take minutes, and then answers null', async () => {
    const run = startGenerating({ ...SMALL, width: 60, height: 60, boxes: 8, maxNodes: 5_000_000 }, 1);
    const next = run.next();
    setTimeout(() => run.stop(), 500);
    expect(await next).toBeNull();
    expect(run.ended).toBe('stopped');
    expect(await run.next()).toBeNull();
    await run.close();
  });

  it('stops at its time limit, keeping what it handed over', async () => {
    const run = startGenerating({ ...SMALL, width: 60, height: 60, boxes: 8, maxNodes: 5_000_000 }, 1, { timeLimitMs: 300 });
    expect(await all(run)).toEqual([]);
    expect(run.ended).toBe('time');
    await run.close();
  });
});
