import { describe, expect, it } from 'vitest';
import { itemsInFlight, runBatch } from '../../../src/cli/batch/run-batch.js';
import { SolveCancelledError } from '../../../src/runner/executor.js';
import { fakeIo } from '../../helpers/fake-io.js';

/** An executor whose items end when the test says: it counts how many it holds at once. */
function heldExecutor() {
  const held = new Map<number, { resolve: (value: number) => void; reject: (error: Error) => void }>();
  let most = 0;
  const started: number[] = [];
  const heard = new Set<AbortSignal>();
  return {
    held,
    started,
    most: () => most,
    start(item: number, signal: AbortSignal): Promise<number> {
      started.push(item);
      // One listener per signal, as the worker pool keeps, cancels every item held.
      if (!heard.has(signal)) {
        heard.add(signal);
        signal.addEventListener('abort', () => {
          for (const [number, { reject }] of [...held]) reject(new SolveCancelledError(`item ${number}`));
        });
      }
      return new Promise<number>((resolve, reject) => {
        held.set(item, { resolve, reject });
        most = Math.max(most, held.size);
      }).finally(() => held.delete(item));
    },
    close: async () => {},
  };
}

const tick = () => new Promise((done) => setImmediate(done));

describe('runBatch', () => {
  it('hands the executor a few items per worker at a time, in input order, and makes each item as it starts', async () => {
    const executor = heldExecutor();
    const made: number[] = [];
    const finished: number[] = [];
    const batch = runBatch(
      fakeIo(),
      {
        count: 1000,
        at: (position) => {
          made.push(position);
          return position;
        },
      },
      { executor, workers: 2, interruptible: true, start: (item, signal) => executor.start(item, signal), finish: (_item, position) => finished.push(position) },
    );
    while (finished.length < 1000) {
      await tick();
      for (const { resolve } of [...executor.held.values()]) resolve(0);
    }
    expect(await batch).toBe('finished');
    expect(executor.most()).toBe(itemsInFlight(2));
    expect(executor.started).toEqual(Array.from({ length: 1000 }, (_, n) => n));
    expect(made).toEqual(executor.started);
  });

  it('starts no item once stopped, cancels the ones it holds, and says it was stopped', async () => {
    const executor = heldExecutor();
    const io = fakeIo();
    const finished: number[] = [];
    const batch = runBatch(
      io,
      { count: 1000, at: (position) => position },
      { executor, workers: 1, interruptible: true, start: (item, signal) => executor.start(item, signal), finish: (_item, position) => finished.push(position) },
    );
    await tick();
    executor.held.get(0)?.resolve(0);
    await tick();
    io.interrupt();
    expect(await batch).toBe('interrupted');
    expect(finished).toEqual([0]);
    expect(executor.started).toHaveLength(itemsInFlight(1) + 1);
    expect(executor.held.size).toBe(0);
  });
});
