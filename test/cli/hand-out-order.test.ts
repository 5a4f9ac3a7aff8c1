import { describe, expect, it } from 'vitest';
import { WEIGHED_AT_MOST, handOutOrder, looksHard } from '../../src/cli/batch/hand-out-order.js';
import type { Job } from '../../src/cli/batch/jobs.js';
import { runBatch } from '../../src/cli/batch/run-batch.js';
import { parseCollection } from '../../src/level/parse.js';
import { errorRecord, keyOfLevel } from '../../src/runner/record.js';
import { fakeIo } from '../helpers/fake-io.js';

// One box on three floor squares, and four boxes on twenty-one.
const SMALL = '#####\n#@$.#\n#####';
const LARGE = '#########\n#@$ $ ..#\n#  $ $ .#\n#      .#\n#########';

function jobsOf(boards: readonly string[]): Job[] {
  const { levels } = parseCollection(boards.join('\n\n'), { file: 'set.xsb' });
  return levels.map((level) => ({ kind: 'level', key: keyOfLevel(level), level, rule: 'all-goals' }));
}

function itemsOf(jobs: readonly Job[]): { count: number; at: (position: number) => Job } {
  return { count: jobs.length, at: (position) => jobs[position] };
}

function failedJob(name: string): Job {
  const key = { name, file: name, index: null, title: null, line: null };
  return { kind: 'failed', key, record: errorRecord(key, 'unreadable', 'input') };
}

describe('how hard a level looks: the boxes the solver moves times the squares it moves them on', () => {
  it('counts them on the board, and nothing for a failed input', () => {
    const [small, large] = jobsOf([SMALL, LARGE]);
    expect(looksHard(small)).toBe(1 * 3);
    expect(looksHard(large)).toBe(4 * 21);
    expect(looksHard(failedJob('x.xsb'))).toBe(0);
  });

  it('counts neither a box on its goal nor the floor outside the walls', () => {
    // The box at home in the corner is left out: one box to move on eight squares, not two.
    const [atHome, outside] = jobsOf(['######\n#*   #\n#@$ .#\n######', `${' '.repeat(20)}#####\n${' '.repeat(20)}#@$.#\n${' '.repeat(20)}#####`]);
    expect(looksHard(atHome)).toBe(1 * 8);
    expect(looksHard(outside)).toBe(1 * 3);
  });
});

describe('the order a batch hands its levels to the workers', () => {
  const inputOrder = (count: number) => Array.from({ length: count }, (_, i) => i);

  it('one worker: input order, whatever the levels', () => {
    const jobs = jobsOf([...Array(30).fill(SMALL), LARGE]);
    expect(handOutOrder(itemsOf(jobs), 1)).toBeUndefined();
  });

  it('more levels than are weighed: input order, and no level read before it starts', () => {
    const [small, large] = jobsOf([SMALL, LARGE]);
    let read = 0;
    const count = WEIGHED_AT_MOST + 1;
    const at = (position: number): Job => {
      read++;
      return position === count - 1 ? large : small;
    };
    const items = { count, at };
    expect(handOutOrder(items, 2)).toBeUndefined();
    expect(read).toBe(0);
  });

  it('as many levels as are weighed: the large one early, and the warm-up levels not read', () => {
    const [small, large] = jobsOf([SMALL, LARGE]);
    const read = new Set<number>();
    const count = WEIGHED_AT_MOST;
    const at = (position: number): Job => {
      read.add(position);
      return position === count - 1 ? large : small;
    };
    const items = { count, at };
    expect(handOutOrder(items, 2)?.[16]).toBe(count - 1);
    expect(read.has(0)).toBe(false);
    expect(read.size).toBe(count - 16);
  });

  it('two workers: eight each in input order, then the hardest-looking four each, then the rest in input order', () => {
    // Large levels at 3, 20, 25 and 30 of 31: the first is among the sixteen handed out first.
    const boards = Array.from({ length: 31 }, (_, i) => ([3, 20, 25, 30].includes(i) ? LARGE : SMALL));
    const order = handOutOrder(itemsOf(jobsOf(boards)), 2) ?? [];
    expect(order.slice(0, 16)).toEqual(inputOrder(16));
    // Ties among the hardest go in input order: three large levels, then five small ones.
    expect(order.slice(16, 24)).toEqual([20, 25, 30, 16, 17, 18, 19, 21]);
    expect(order.slice(24)).toEqual([22, 23, 24, 26, 27, 28, 29]);
  });

  it('hands out every level exactly once', () => {
    const boards = Array.from({ length: 50 }, (_, i) => (i % 7 === 0 ? LARGE : SMALL));
    const order = handOutOrder(itemsOf(jobsOf(boards)), 3) ?? [];
    expect([...order].sort((a, b) => a - b)).toEqual(inputOrder(50));
  });

  it('never moves a failed input ahead: it has nothing to search', () => {
    const jobs = [...jobsOf(Array(20).fill(SMALL)), failedJob('bad.xsb'), ...jobsOf([LARGE])];
    const order = handOutOrder(itemsOf(jobs), 2) ?? [];
    expect(order.indexOf(21)).toBe(16);
    expect(order.indexOf(20)).toBeGreaterThan(order.indexOf(21));
  });
});

describe('runBatch starts the items in the order given, and reports each under its own position', () => {
  it('starts in `order`; finish hears every item with its input position', async () => {
    const started: string[] = [];
    const finished: [string, number][] = [];
    const items = ['a', 'b', 'c', 'd'];
    await runBatch(
      fakeIo(),
      { count: items.length, at: (position) => items[position] },
      {
        executor: { close: async () => {} },
        workers: 1,
        interruptible: false,
        order: () => [2, 0, 3, 1],
        start: (item) => {
          started.push(item);
          return item.toUpperCase();
        },
        finish: (item, position, result) => finished.push([`${item}${result}`, position]),
      },
    );
    expect(started).toEqual(['c', 'a', 'd', 'b']);
    expect([...finished].sort((x, y) => x[1] - y[1])).toEqual([
      ['aA', 0],
      ['bB', 1],
      ['cC', 2],
      ['dD', 3],
    ]);
  });

  it('starts the workers before it weighs the items or reads the first, and closes the executor when weighing throws', async () => {
    const events: string[] = [];
    const executor = {
      startWorkers: () => events.push('workers started'),
      close: async () => {
        events.push('closed');
      },
    };
    await runBatch(
      fakeIo(),
      {
        count: 2,
        at: (position) => {
          events.push(`read ${position}`);
          return position;
        },
      },
      {
        executor,
        workers: 1,
        interruptible: false,
        order: () => {
          events.push('weighed');
          return [1, 0];
        },
        start: (item) => item,
        finish: () => {},
      },
    );
    expect(events).toEqual(['workers started', 'weighed', 'read 1', 'read 0', 'closed']);
    events.length = 0;
    const failing = runBatch(
      fakeIo(),
      { count: 1, at: () => 0 },
      {
        executor,
        workers: 1,
        interruptible: false,
        order: () => {
          throw new Error('a level could not be weighed');
        },
        start: (item) => item,
        finish: () => {},
      },
    );
    await expect(failing).rejects.toThrow('a level could not be weighed');
    expect(events).toEqual(['workers started', 'closed']);
  });
});
