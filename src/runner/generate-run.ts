import type { ResourceLimits, Worker } from 'node:worker_threads';
import { type GenerateOptions, type GeneratedLevel, generateLevels } from '../solver/generate/generate-levels.js';
import { spawnModuleWorker } from './spawn-worker.js';

/** What the generating worker is asked: the library's options and how many levels. */
export interface GenerateTask {
  readonly options: GenerateOptions;
  readonly count: number;
}

/** What it answers: each level as it is made, then the end, or why it failed. */
export type GenerateMessage = { readonly type: 'level'; readonly level: GeneratedLevel } | { readonly type: 'end' } | { readonly type: 'failed'; readonly message: string };

/** Why a run stopped making levels: the generator was done (all made, or too many dropped), it was stopped, or its time was up. */
export type GenerateEnd = 'finished' | 'stopped' | 'time';

/**
 * Levels being made. The making is one long synchronous loop (a candidate's proof alone may take
 * a minute on a large board), so it runs off the main thread, which stays free to hear Ctrl-C
 * and the clock: stop() and the time limit end it at once, keeping the levels handed over so far
 * (issue 46: two SIGINTs and a SIGTERM did nothing for ten minutes).
 */
export interface GenerateRun {
  /** The next level made, or null once the run has ended (see `ended`). */
  next(): Promise<GeneratedLevel | null>;
  /** Ends the making now: the candidate in hand is dropped, and next() answers null. */
  stop(): void;
  /** Why the run ended, once next() has answered null. */
  readonly ended: GenerateEnd | null;
  /** Ends the run if it has not ended, and waits until its thread is gone. */
  close(): Promise<void>;
}

export interface GenerateRunOptions {
  /** The whole run's time; past it the making stops as stop() does. */
  readonly timeLimitMs?: number;
  /** The worker's resource limits under an address-space limit (address-space.ts). */
  readonly workerLimits?: ResourceLimits;
  /**
   * Make the levels on this thread: for an address space with no room for a worker. The run can
   * then be stopped, and its time checked, only between levels.
   */
  readonly inProcess?: boolean;
}

export function startGenerating(options: GenerateOptions, count: number, run: GenerateRunOptions = {}): GenerateRun {
  return run.inProcess === true ? new InProcessRun(options, count, run.timeLimitMs) : new WorkerRun(options, count, run);
}

interface Waiter {
  readonly resolve: (level: GeneratedLevel | null) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A worker whose run finished, kept for the next run of this process (tests, a library caller
 * making several batches): a fresh thread takes a second or more to load the solver from
 * sources. Unreferenced, it holds no process open; it is replaced by the next one kept.
 */
let idleWorker: Worker | null = null;

function takeWorker(limits: ResourceLimits | undefined): Worker {
  const kept = idleWorker;
  // A worker with limits of its own (an address-space cap) is never kept nor reused.
  if (kept !== null && limits === undefined) {
    idleWorker = null;
    kept.off('exit', forgetIdle);
    kept.ref();
    return kept;
  }
  return spawnModuleWorker(import.meta.url, './generate-worker', limits ?? {});
}

function forgetIdle(): void {
  idleWorker = null;
}

function keepWorker(worker: Worker): void {
  worker.unref();
  void idleWorker?.terminate();
  idleWorker = worker;
  worker.once('exit', forgetIdle);
}

class WorkerRun implements GenerateRun {
  ended: GenerateEnd | null = null;
  private readonly worker: Worker;
  private readonly made: GeneratedLevel[] = [];
  private waiter: Waiter | null = null;
  private failure: Error | null = null;
  private readonly timer: ReturnType<typeof setTimeout> | null;
  private terminated: Promise<unknown> | null = null;
  private readonly reusable: boolean;

  constructor(options: GenerateOptions, count: number, run: GenerateRunOptions) {
    this.reusable = run.workerLimits === undefined;
    this.worker = takeWorker(run.workerLimits);
    this.worker.on('message', this.onMessage);
    this.worker.on('error', this.onError);
    this.worker.on('exit', this.onExit);
    const task: GenerateTask = { options, count };
    this.worker.postMessage(task);
    this.timer = run.timeLimitMs === undefined ? null : setTimeout(() => this.endAnswering('time'), run.timeLimitMs);
  }

  private readonly onMessage = (message: GenerateMessage): void => {
    if (this.ended !== null) return;
    if (message.type === 'level') this.made.push(message.level);
    else if (message.type === 'end') this.end('finished', true);
    else this.fail(new Error(`generating levels failed: ${message.message}`));
    this.answer();
  };

  private readonly onError = (error: Error): void => this.fail(error);

  private readonly onExit = (code: number): void => this.fail(new Error(`the worker making the levels exited with code ${code} before it was done`));

  next(): Promise<GeneratedLevel | null> {
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
      this.answer();
    });
  }

  stop(): void {
    this.endAnswering('stopped');
  }

  async close(): Promise<void> {
    this.end('stopped');
    await this.terminated;
  }

  /** Ends the run now: levels made but not yet taken are dropped with the candidate in hand. */
  private endAnswering(reason: GenerateEnd): void {
    if (this.ended !== null) return;
    this.made.length = 0;
    this.end(reason);
    this.answer();
  }

  /** Ends the run: the worker is kept for the next run when it finished its task (`idle`), else ended. */
  private end(reason: GenerateEnd, idle = false): void {
    if (this.ended !== null) return;
    this.ended = reason;
    if (this.timer !== null) clearTimeout(this.timer);
    this.worker.off('message', this.onMessage);
    this.worker.off('error', this.onError);
    this.worker.off('exit', this.onExit);
    if (idle && this.reusable) keepWorker(this.worker);
    else this.terminated = this.worker.terminate();
  }

  private fail(error: Error): void {
    if (this.ended !== null) return;
    this.failure = error;
    this.end('finished');
    this.answer();
  }

  private answer(): void {
    const waiter = this.waiter;
    if (waiter === null) return;
    if (this.made.length > 0) {
      this.waiter = null;
      waiter.resolve(this.made.shift() as GeneratedLevel);
    } else if (this.failure !== null) {
      this.waiter = null;
      waiter.reject(this.failure);
    } else if (this.ended !== null) {
      this.waiter = null;
      waiter.resolve(null);
    }
  }
}

/** The levels made on this thread, one next() at a time; stopped or out of time between levels only. */
class InProcessRun implements GenerateRun {
  ended: GenerateEnd | null = null;
  private readonly levels: Generator<GeneratedLevel, void, void>;
  private readonly deadline: number;

  constructor(options: GenerateOptions, count: number, timeLimitMs: number | undefined) {
    this.levels = generateLevels(options, count);
    this.deadline = timeLimitMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + timeLimitMs;
  }

  async next(): Promise<GeneratedLevel | null> {
    // Let a signal that came during the last level be heard before the next one starts.
    await new Promise((done) => setImmediate(done));
    if (this.ended !== null) return null;
    if (performance.now() > this.deadline) {
      this.ended = 'time';
      return null;
    }
    const step = this.levels.next();
    if (step.done === true) {
      this.ended = 'finished';
      return null;
    }
    return step.value;
  }

  stop(): void {
    if (this.ended === null) this.ended = 'stopped';
  }

  async close(): Promise<void> {
    this.stop();
  }
}
