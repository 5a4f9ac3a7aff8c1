import { SolveCancelledError } from '../../runner/executor.js';
import { PROGRAM_NAME } from '../error-line.js';
import { heapMargin, heapNote, heapRoom } from '../heap-room.js';
import type { Io } from '../io.js';

/** A batch's items in input order, each made when it is about to start (a level is read then). */
export interface BatchItems<Item> {
  readonly count: number;
  at(position: number): Item;
}

export interface BatchRun<Item, Result> {
  /**
   * Its workers are started first (issue 45: they load the solver while the items are weighed
   * and the first ones read), and it is closed whatever happens, once every item is settled.
   */
  readonly executor: { close(): Promise<void>; startWorkers?(): void };
  /** The executor's worker threads (0 for work on this thread): how many items it is kept busy with. */
  readonly workers: number;
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
  /**
   * Heap the caller needs once the batch is over, for what it has kept so far (report files
   * written from every record): the batch stops before the heap is too full to leave it.
   */
  readonly reserveBytes?: () => number;
  /**
   * The positions of the items in the order they start (handed to the workers), or undefined
   * for input order (the default). Worked out once the workers are starting, so that they load
   * meanwhile (handOutOrder reads and weighs every level).
   */
  readonly order?: () => readonly number[] | undefined;
}

/**
 * Items handed to the executor at once: a few per worker, so that a worker that finishes finds
 * the next item queued while the main thread reports the last one, and never the whole batch.
 * Handing over every item at the start made the executor's queue, the items' promises and the
 * parsed levels as large as the batch (issue 45: a minute before the first result at 100,000
 * levels); and what is not handed over needs no cancelling when the batch stops.
 */
export function itemsInFlight(workers: number): number {
  return Math.max(16, 4 * workers);
}

/** Results between two looks at the heap while it is far from full. */
const HEAP_LOOK_EVERY = 64;

/**
 * How a batch ended: every item run, stopped by the user (Ctrl-C, SIGTERM, SIGHUP, stdout
 * closed), or stopped because the main thread's heap was nearly full.
 */
export type BatchEnd = 'finished' | 'interrupted' | 'heap-full';

/**
 * Runs every item of a batch, in input order (or `order`), a few at a time per worker (itemsInFlight). When
 * the batch is stopped, no item starts any more, the ones running or queued are cancelled and
 * give no result, and the finished ones stay. It stops itself, saying so on stderr, when the
 * results it keeps have nearly filled the heap (leaving what `reserveBytes` asks for): before V8
 * would end the process with a stack dump.
 */
export async function runBatch<Item, Result>(io: Io, items: BatchItems<Item>, run: BatchRun<Item, Result>): Promise<BatchEnd> {
  const stop = new AbortController();
  const stopListening = run.interruptible ? io.onInterrupt?.(() => stop.abort()) : undefined;
  let heapFull = false;
  let unwatched = 0;
  const watchHeap = (): void => {
    if (unwatched > 0) {
      unwatched--;
      return;
    }
    const heap = io.heap?.();
    if (heap === undefined || stop.signal.aborted) return;
    const needed = heapMargin(heap) + (run.reserveBytes?.() ?? 0);
    const room = heapRoom(heap);
    if (room >= needed) {
      // Far from full, the next results cannot fill it (a record is a kilobyte or so): the heap's
      // statistics, some microseconds a look, are read again only after HEAP_LOOK_EVERY of them.
      if (room >= 2 * needed) unwatched = HEAP_LOOK_EVERY - 1;
      return;
    }
    heapFull = true;
    io.stderr.write(`${PROGRAM_NAME}: the heap is nearly full (${heapNote(heap)}): stopping\n`);
    stop.abort();
  };
  let next = 0;
  let order: readonly number[] | undefined;
  // Each lane takes the next item as soon as its last one is over: items start in input order, or in `order`.
  const lane = async (): Promise<void> => {
    while (next < items.count && !stop.signal.aborted) {
      const position = order === undefined ? next++ : order[next++];
      const item = items.at(position);
      try {
        run.finish(item, position, await run.start(item, stop.signal));
      } catch (error) {
        if (!(error instanceof SolveCancelledError)) throw error;
      }
      watchHeap();
    }
  };
  try {
    run.executor.startWorkers?.();
    order = run.order?.();
    await Promise.all(Array.from({ length: Math.min(items.count, itemsInFlight(run.workers)) }, lane));
  } finally {
    stopListening?.();
    run.cleanUp?.();
    await run.executor.close();
  }
  return heapFull ? 'heap-full' : stop.signal.aborted ? 'interrupted' : 'finished';
}
