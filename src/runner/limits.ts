/**
 * The kill policy every pool of solve workers follows (the CLI's, the web server's, the bench's),
 * so a level is ended at the same moment and with the same heap wherever it runs. Its times are
 * running time: the pool and the searches leave out the time the process was stopped
 * (pause-watch.ts), so a Ctrl-Z or a frozen container does not turn levels into timeouts.
 */

/**
 * Time a worker may run past the level's own time limit before it is ended. The solver checks
 * its clock itself; this only catches a search that stops checking, so it is generous.
 */
export function graceMs(timeLimitMs: number): number {
  return Math.max(2_000, Math.round(timeLimitMs / 4));
}

/** Milliseconds after handing a level over at which its worker is terminated. */
export function workerDeadlineMs(timeLimitMs: number): number {
  return timeLimitMs + graceMs(timeLimitMs);
}

/**
 * V8 heap allowed per worker. The search tables are typed arrays outside this heap and are
 * bounded by the solver's own --max-memory accounting; this catches everything else.
 */
export function workerHeapMiB(maxMemoryMiB: number): number {
  return Math.max(256, maxMemoryMiB);
}
