import type { Worker } from 'node:worker_threads';
import { TaskQueue } from './task-queue.js';

/**
 * Messages between the pool and its workers. A worker says `ready` once its modules are loaded,
 * so a level's clock starts when the level is handed over, not while a fresh thread boots.
 */
export type WorkerMessage<Result> =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly id: number; readonly value: Result }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

export interface TaskMessage<Task> {
  readonly id: number;
  readonly task: Task;
}

/** How a task ended. Only `done` came from the worker's own answer. */
export type TaskOutcome<Result> =
  | { readonly kind: 'done'; readonly value: Result }
  /** The worker threw while working (its message), or died without answering. */
  | { readonly kind: 'failed'; readonly message: string }
  /** The worker was still busy after the deadline and was terminated. */
  | { readonly kind: 'killed'; readonly afterMs: number }
  /** The worker ran out of heap (its resource limits) and was ended by Node. */
  | { readonly kind: 'out-of-memory'; readonly message: string; readonly afterMs: number }
  /** The caller withdrew the task (its signal aborted): taken off the queue, or its worker ended. */
  | { readonly kind: 'cancelled' };

export interface PoolOptions {
  /** Workers at most, each working on one task at a time. */
  readonly size: number;
  /** Starts a worker that speaks the messages above. */
  readonly spawn: () => Worker;
  /**
   * Milliseconds the process has been running: a task's deadline and its `afterMs` are read on
   * it. Give a clock that leaves out the time the process was stopped (see pause-ledger.ts), so
   * a task is judged on the time it was given.
   */
  readonly now: () => number;
  /**
   * A worker without a task for this long is ended, and the memory its heap grew to with it; the
   * next task starts a fresh one. Absent: workers live as long as the pool.
   */
  readonly idleMs?: number;
}

interface PendingTask<Task, Result> {
  readonly id: number;
  readonly task: Task;
  readonly deadlineMs: number;
  /** The caller's signal that withdraws it, if any. */
  readonly signal: AbortSignal | undefined;
  readonly settle: (outcome: TaskOutcome<Result>) => void;
}

/** The one abort listener the pool keeps on a signal, and how many of its tasks are unsettled. */
interface SignalWatch {
  readonly onAbort: () => void;
  tasks: number;
}

interface Slot<Task, Result> {
  readonly worker: Worker;
  ready: boolean;
  current: PendingTask<Task, Result> | null;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Ends the worker once it has been idle for PoolOptions.idleMs. */
  idleTimer: ReturnType<typeof setTimeout> | null;
  /** Set once the worker is being replaced, so its late messages and exit are ignored. */
  retired: boolean;
}

/**
 * A fixed number of worker threads, one task each at a time. A worker that misses its task's
 * deadline, runs out of memory or dies is terminated and replaced, and only that task is lost:
 * the queue goes on. Callers get one promise per task and decide the order they report in.
 */
export class WorkerPool<Task, Result> {
  private readonly queue = new TaskQueue<PendingTask<Task, Result>>();
  /**
   * One abort listener per signal, however many tasks share it: a batch hands every level the
   * same signal, and a listener per task made adding each one (EventTarget looks for a duplicate)
   * and aborting them all take time quadratic in the batch.
   */
  private readonly watched = new Map<AbortSignal, SignalWatch>();
  private readonly slots = new Set<Slot<Task, Result>>();
  private nextId = 1;
  private closed = false;
  /** Workers being terminated: they still hold their memory, so they count against the size until they have exited. */
  private readonly ending = new Set<Promise<void>>();
  /** Why workers cannot start at all (the first one died while booting); every task then fails with it. */
  private broken: string | null = null;

  constructor(private readonly options: PoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError('a pool needs at least one worker');
  }

  /**
   * Runs a task on the next free worker; a worker still busy `deadlineMs` after starting it is
   * terminated. Aborting `signal` withdraws the task: a queued one never starts, a running one's
   * worker is ended (a search cannot be interrupted otherwise) and replaced.
   */
  run(task: Task, deadlineMs: number, signal?: AbortSignal): Promise<TaskOutcome<Result>> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise((resolve) => {
      if (this.broken !== null) {
        resolve({ kind: 'failed', message: this.broken });
        return;
      }
      if (signal?.aborted === true) {
        resolve({ kind: 'cancelled' });
        return;
      }
      let settled = false;
      const settle = (outcome: TaskOutcome<Result>): void => {
        if (settled) return;
        settled = true;
        if (signal !== undefined) this.stopListening(signal);
        resolve(outcome);
      };
      if (signal !== undefined) this.listen(signal);
      this.queue.push({ id: this.nextId++, task, deadlineMs, signal, settle });
      this.dispatch();
    });
  }

  /**
   * Starts up to `count` workers now (never more than the pool's size), without a task: they
   * load while the caller prepares its tasks (a batch reads and weighs its levels), and take the
   * first ones as soon as they are ready. Without it a worker starts with the first task it is
   * needed for, and that task waits for it to load.
   */
  startWorkers(count: number): void {
    if (this.closed || this.broken !== null) return;
    while (this.slots.size + this.ending.size < Math.min(count, this.options.size)) this.spawnSlot();
  }

  private listen(signal: AbortSignal): void {
    const watch = this.watched.get(signal);
    if (watch !== undefined) {
      watch.tasks++;
      return;
    }
    const onAbort = (): void => this.withdraw(signal);
    this.watched.set(signal, { onAbort, tasks: 1 });
    signal.addEventListener('abort', onAbort, { once: true });
  }

  private stopListening(signal: AbortSignal): void {
    const watch = this.watched.get(signal);
    if (watch === undefined) return;
    watch.tasks--;
    if (watch.tasks > 0) return;
    this.watched.delete(signal);
    signal.removeEventListener('abort', watch.onAbort);
  }

  /** Every task of an aborted signal: the queued ones taken off in one pass, the running ones' workers ended. */
  private withdraw(signal: AbortSignal): void {
    for (const pending of this.queue.removeWhere((queued) => queued.signal === signal)) pending.settle({ kind: 'cancelled' });
    for (const slot of [...this.slots]) {
      if (slot.current?.signal === signal) this.replace(slot, { kind: 'cancelled' });
    }
  }

  /** Ends every worker; tasks still queued are failed so that no caller waits forever. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.clear()) pending.settle({ kind: 'failed', message: 'the worker pool was closed' });
    const endings = [...this.slots].map((slot) => this.retire(slot));
    await Promise.all([...endings, ...this.ending]);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.size === 0) break;
      // A task that cannot be handed over leaves the slot free for the next one.
      while (slot.ready && slot.current === null && this.queue.size > 0) this.start(slot, this.queue.shift() as PendingTask<Task, Result>);
    }
    this.watchIdle();
    // Workers still booting will take queued tasks soon; start more only for the rest.
    let booting = 0;
    for (const slot of this.slots) if (!slot.ready) booting++;
    while (this.slots.size + this.ending.size < this.options.size && this.queue.size > booting) {
      this.spawnSlot();
      booting++;
    }
  }

  /** Starts the idle clock of each ready worker without a task, and stops that of the busy ones. */
  private watchIdle(): void {
    const idleMs = this.options.idleMs;
    if (idleMs === undefined) return;
    for (const slot of this.slots) {
      const idle = slot.ready && slot.current === null;
      if (!idle && slot.idleTimer !== null) {
        clearTimeout(slot.idleTimer);
        slot.idleTimer = null;
      } else if (idle && slot.idleTimer === null) {
        slot.idleTimer = setTimeout(() => {
          slot.idleTimer = null;
          if (slot.current === null) void this.retire(slot);
        }, idleMs);
        slot.idleTimer.unref();
      }
    }
  }

  private spawnSlot(): void {
    const worker = this.options.spawn();
    const slot: Slot<Task, Result> = { worker, ready: false, current: null, startedAt: 0, timer: null, idleTimer: null, retired: false };
    this.slots.add(slot);
    worker.on('message', (message: WorkerMessage<Result>) => this.onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.retired) return;
      const outcome: TaskOutcome<Result> =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'out-of-memory', message: error.message, afterMs: Math.round(this.options.now() - slot.startedAt) }
          : { kind: 'failed', message: error.message };
      this.replace(slot, outcome);
    });
    worker.on('exit', (code) => {
      if (slot.retired) return;
      this.replace(slot, { kind: 'failed', message: `the worker exited with code ${code} before answering` });
    });
  }

  private onMessage(slot: Slot<Task, Result>, message: WorkerMessage<Result>): void {
    if (slot.retired) return;
    if (message.type === 'ready') {
      slot.ready = true;
      this.dispatch();
      return;
    }
    const current = slot.current;
    if (current === null || current.id !== message.id) return;
    this.finish(slot);
    current.settle(message.type === 'done' ? { kind: 'done', value: message.value } : { kind: 'failed', message: message.message });
    this.dispatch();
  }

  private start(slot: Slot<Task, Result>, pending: PendingTask<Task, Result>): void {
    const message: TaskMessage<Task> = { id: pending.id, task: pending.task };
    try {
      slot.worker.postMessage(message);
    } catch (error) {
      // The task could not be copied to the thread (too deep, or not cloneable): nothing reached
      // the worker, which stays free for the next task. Only this task fails, and nothing throws
      // out of the pool into whatever event called dispatch.
      pending.settle({ kind: 'failed', message: `the task could not be handed to a worker: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    slot.current = pending;
    slot.startedAt = this.options.now();
    this.watch(slot, pending, pending.deadlineMs);
  }

  /**
   * Ends the slot's worker once its task has run `deadlineMs` by the pool's clock. A timer fires
   * on wall-clock time, so when it fires early by that clock (the process was stopped in between:
   * Ctrl-Z, SIGSTOP, a frozen container) it waits again for the time still owed.
   */
  private watch(slot: Slot<Task, Result>, pending: PendingTask<Task, Result>, waitMs: number): void {
    slot.timer = setTimeout(() => {
      if (slot.current !== pending) return;
      const ran = this.options.now() - slot.startedAt;
      if (ran < pending.deadlineMs) this.watch(slot, pending, pending.deadlineMs - ran);
      else this.replace(slot, { kind: 'killed', afterMs: Math.round(ran) });
    }, waitMs);
  }

  private finish(slot: Slot<Task, Result>): void {
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
  }

  /**
   * Ends a worker that can no longer be trusted, reports its task, and lets a fresh one take its
   * place once it has exited: started before, the new worker would be one too many for a moment,
   * which under an address-space limit sized for the pool is a V8 abort of the whole process.
   */
  private replace(slot: Slot<Task, Result>, outcome: TaskOutcome<Result>): void {
    const current = slot.current;
    const ended = this.retire(slot);
    if (current !== null) current.settle(outcome);
    if (!slot.ready) {
      // A worker that dies while booting would die again: fail fast instead of respawning forever.
      this.broken = outcome.kind === 'failed' ? outcome.message : `a worker could not start (${outcome.kind})`;
      for (const pending of this.queue.clear()) pending.settle({ kind: 'failed', message: this.broken });
      return;
    }
    const exited: Promise<void> = ended.then(
      () => this.ended(exited),
      () => this.ended(exited),
    );
    this.ending.add(exited);
  }

  private ended(exited: Promise<void>): void {
    this.ending.delete(exited);
    if (!this.closed) this.dispatch();
  }

  private async retire(slot: Slot<Task, Result>): Promise<void> {
    if (slot.retired) return;
    slot.retired = true;
    if (slot.idleTimer !== null) clearTimeout(slot.idleTimer);
    this.finish(slot);
    this.slots.delete(slot);
    await slot.worker.terminate();
  }
}
