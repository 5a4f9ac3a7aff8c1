import { setMaxListeners } from 'node:events';
import { SolveCancelledError } from '../../runner/executor.js';
import type { Io } from '../io.js';

export interface BatchRun<Item, Result> {
  /** Closed whatever happens, once every item is settled. */
  readonly executor: { close(): Promise<void> };
  /**
   * Whether Ctrl-C or SIGTERM stops the batch. Work on the main thread cannot be interrupted: a
   * listener would only run once it was all done, so there the signals keep their usual effect.
   */
  readonly interruptible: boolean;
  /** The item's result: from the executor (which hears `signal`), or at once for an item that failed before it. */
  readonly start: (item: Item, signal: AbortSignal) => Result | Promise<Result>;
  /** Hears of each result as it comes, with the item's position in the batch. */
  readonly finish: (item: Item, position: number, result: Result) => void;
  /** Runs before the executor closes (progress lines, timers). */
  readonly cleanUp?: () => void;
}

/**
 * Runs every item of a batch at once (the executor's pool queues them). When the batch is
 * stopped, the items still running or queued are cancelled and give no result; the finished ones
 * stay. Says whether the batch was stopped.
 */
export async function runBatch<Item, Result>(io: Io, items: readonly Item[], run: BatchRun<Item, Result>): Promise<boolean> {
  const stop = new AbortController();
  // Every queued item listens to the one signal; more than Node's default ten is no leak.
  setMaxListeners(items.length + 1, stop.signal);
  const stopListening = run.interruptible ? io.onInterrupt?.(() => stop.abort()) : undefined;
  try {
    await Promise.all(
      items.map(async (item, position) => {
        try {
          run.finish(item, position, await run.start(item, stop.signal));
        } catch (error) {
          if (!(error instanceof SolveCancelledError)) throw error;
        }
      }),
    );
  } finally {
    stopListening?.();
    run.cleanUp?.();
    await run.executor.close();
  }
  return stop.signal.aborted;
}
