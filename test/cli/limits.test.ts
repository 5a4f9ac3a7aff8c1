import { describe, expect, it } from 'vitest';
import { workerDeadlineMs } from '../../src/runner/limits.js';
import { LONGEST_TIME_LIMIT_MS } from '../../src/cli/options/search-limits.js';
import { cli } from '../helpers/fake-io.js';
import { TINY_COLLECTION, TINY_COUNT } from './tiny-levels.js';

/** The longest delay Node's timers can wait; a longer one fires at once with a TimeoutOverflowWarning. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

describe('limits that always hold', () => {
  it('takes a huge --time-limit as no limit at all rather than a timer that fires at once (issue 13)', async () => {
    const { code, stdout } = await cli('solve', 'tiny.xsb', '--jobs', '2', '--time-limit', '2000000', '--json', {
      files: { 'tiny.xsb': TINY_COLLECTION },
    });
    const statuses = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).status);
    expect(statuses).toEqual(new Array(TINY_COUNT).fill('solved'));
    expect(code).toBe(0);
  });

  it('caps the time limit where the worker watchdog, limit plus grace, can still be scheduled', () => {
    expect(workerDeadlineMs(LONGEST_TIME_LIMIT_MS)).toBeLessThanOrEqual(LONGEST_TIMER_MS);
  });
});

describe('a pause longer than Node can schedule', () => {
  it('still waits instead of firing at once', async () => {
    const { pause } = await import('../../src/cli/io.js');
    let fired = false;
    void pause(5_000_000_000).then(() => (fired = true));
    await new Promise((done) => setTimeout(done, 20));
    expect(fired).toBe(false);
  });
});

describe('--jobs beyond what the machine can run', () => {
  it('runs at most four threads per core, with a warning, rather than one thread per level asked', async () => {
    const { availableParallelism } = await import('node:os');
    const { code, stderr } = await cli('solve', 'tiny.xsb', '--jobs', '100000', '--json', { files: { 'tiny.xsb': TINY_COLLECTION } });
    expect(stderr).toContain(`sokoban: warning: --jobs 100000: at most ${4 * availableParallelism()} levels are solved at once (four per core)`);
    expect(code).toBe(0);
  });
});
