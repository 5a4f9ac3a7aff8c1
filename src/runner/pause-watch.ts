/**
 * Time the process was not running. A stopped process (Ctrl-Z, SIGSTOP, a frozen container or
 * CI runner) runs none of its threads, but wall-clock time goes on, so on waking every search
 * would find its time limit spent and every watchdog would fire. The main thread sees the stop
 * as a gap in its own timer ticks: a tick due every `tickMs` that comes seconds late. It adds
 * each such gap to a ledger in shared memory that the worker threads read through their
 * solver's clock, so a level is judged on the time it was given, in the pool and in the worker.
 *
 * A main thread that is busy (not stopped) for longer than `slackMs` looks the same and is
 * counted too: the searches then get that time on top of their limit, which errs on the side of
 * answering rather than ending a search that was not watched.
 */

/** Milliseconds on a clock every thread of the process shares (performance.now() has one origin per thread). */
export function sharedNow(): number {
  return performance.timeOrigin + performance.now();
}

/** The ledger's layout: a tick counter to wait on, then the paused total and the last tick's time. */
const SEQUENCE = 0;
const PAUSED = 1;
const LAST_TICK = 2;
const BYTES = 3 * Float64Array.BYTES_PER_ELEMENT;

export const DEFAULT_TICK_MS = 250;
export const DEFAULT_SLACK_MS = 1_000;

export interface PauseWatchOptions {
  /** The clock gaps are measured on; sharedNow unless a test drives it. */
  readonly now?: () => number;
  readonly tickMs?: number;
  /** Lateness of a tick that is not yet a pause (a garbage collection, a busy moment). */
  readonly slackMs?: number;
}

/** The main thread's side: ticks, finds the gaps and publishes their total. */
export class PauseWatch {
  /** Handed to the workers with each task (see runningClock). */
  readonly ledger = new SharedArrayBuffer(BYTES);
  private readonly sequence = new Int32Array(this.ledger, 0, 1);
  private readonly values = new Float64Array(this.ledger);
  private readonly now: () => number;
  private readonly tickMs: number;
  private readonly slackMs: number;
  private lastTick: number;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(options: PauseWatchOptions = {}) {
    this.now = options.now ?? sharedNow;
    this.tickMs = options.tickMs ?? DEFAULT_TICK_MS;
    this.slackMs = options.slackMs ?? DEFAULT_SLACK_MS;
    this.lastTick = this.now();
    this.values[LAST_TICK] = this.lastTick;
  }

  /** Starts ticking; the timer never keeps the process alive. */
  start(): this {
    if (this.timer === null) {
      this.lastTick = this.now();
      this.timer = setInterval(() => this.tick(), this.tickMs);
      this.timer.unref();
    }
    return this;
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One tick: a tick later than due by more than the slack is a pause, counted beyond the tick's own interval. */
  tick(): void {
    const now = this.now();
    const gap = now - this.lastTick;
    if (gap > this.tickMs + this.slackMs) this.values[PAUSED] += gap - this.tickMs;
    this.lastTick = now;
    this.values[LAST_TICK] = now;
    Atomics.add(this.sequence, SEQUENCE, 1);
    Atomics.notify(this.sequence, SEQUENCE);
  }

  /** Milliseconds counted as paused so far. */
  get pausedMs(): number {
    return this.values[PAUSED];
  }

  /** A clock that leaves the pauses out, for the pool's deadlines: `now` minus the time paused. */
  runningClock(now: () => number): () => number {
    return () => now() - this.pausedMs;
  }

  /** How late a tick may be before a worker waits for the main thread to account for it. */
  get staleAfterMs(): number {
    return this.tickMs + this.slackMs;
  }
}

/**
 * A worker's clock that leaves out the pauses the main thread found (ledger from PauseWatch).
 * On waking from a stop a worker may read its clock before the main thread has ticked: when the
 * last tick is overdue it waits, once per tick, up to `waitMs` for the next one. The clock never
 * goes back, even when a pause is counted after the worker has read past it.
 */
export function runningClock(ledger: SharedArrayBuffer, options: { readonly staleAfterMs?: number; readonly waitMs?: number; readonly now?: () => number } = {}): () => number {
  const sequence = new Int32Array(ledger, 0, 1);
  const values = new Float64Array(ledger);
  const now = options.now ?? sharedNow;
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_TICK_MS + DEFAULT_SLACK_MS;
  const waitMs = options.waitMs ?? 2 * DEFAULT_TICK_MS;
  let waitedAt = -1;
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const seen = Atomics.load(sequence, SEQUENCE);
    if (now() - values[LAST_TICK] > staleAfterMs && seen !== waitedAt) {
      waitedAt = seen;
      Atomics.wait(sequence, SEQUENCE, seen, waitMs);
    }
    last = Math.max(last, now() - values[PAUSED]);
    return last;
  };
}
