/**
 * A flag in shared memory that the main thread raises to end a search running in a worker. The
 * worker is busy in the synchronous solver and reads no messages until it answers, but the
 * solver reads its clock between turns and ends the search once the clock is past its deadline:
 * a clock that reads infinity once the flag is up stops the search at its next turn, with its
 * counts intact, and the library stays free of threads.
 */
export type StopFlag = Int32Array;

export function createStopFlag(): StopFlag {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

export function raiseStopFlag(flag: StopFlag): void {
  Atomics.store(flag, 0, 1);
}

export function isStopRaised(flag: StopFlag): boolean {
  return Atomics.load(flag, 0) !== 0;
}

/**
 * The solver's clock for a search that may be stopped: real milliseconds, then infinity once
 * stopped. The first reading, which the solver takes as its start and counts its deadline from,
 * is always real, so a search stopped before it began still has a finite deadline to pass.
 */
export function stoppableClock(flag: StopFlag, now: () => number = () => performance.now()): () => number {
  let started = false;
  return () => {
    if (started && isStopRaised(flag)) return Number.POSITIVE_INFINITY;
    started = true;
    return now();
  };
}
