import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parse.js';
import { SolveCancelledError, inProcessExecutor } from '../../src/runner/executor.js';
import { keyOfLevel } from '../../src/runner/record.js';
import type { SearchSettings } from '../../src/runner/solve-task.js';

const SETTINGS: SearchSettings = { optimal: null, timeLimitMs: 60_000, maxMemoryMiB: 64 };
const corridor = (n: number) => {
  const level = parseLevel('#######\n#@ $ .#\n#######\n', { file: `c${n}.xsb` });
  return { key: keyOfLevel(level), level, rule: 'all-boxes' as const };
};

describe('the in-process executor', () => {
  it('solves levels one at a time, each in a turn of its own, so an abort heard between them withdraws the rest', async () => {
    const executor = inProcessExecutor();
    const stop = new AbortController();
    const settled: string[] = [];
    const runs = [1, 2, 3].map((n) =>
      executor.solve(corridor(n), SETTINGS, stop.signal).then(
        (record) => {
          settled.push(`${n}: ${record.status}`);
          // As a Ctrl-C would: heard once this level is done, before the next begins.
          if (n === 1) setImmediate(() => stop.abort());
        },
        (error: unknown) => settled.push(`${n}: ${error instanceof SolveCancelledError ? 'cancelled' : String(error)}`),
      ),
    );
    await Promise.all(runs);
    expect(settled).toEqual(['1: solved', '2: cancelled', '3: cancelled']);
    await executor.close();
  });
});
