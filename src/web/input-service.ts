import { WorkerPool } from '../runner/pool.js';
import { spawnModuleWorker } from '../runner/spawn-worker.js';
import { HttpError } from './http-error.js';
import type { InputAnswers, InputTask, InputTaskKind } from './input-handlers.js';
import type { ApiErrorBody } from './protocol.js';
import type { JsonObject } from './request-fields.js';

/** A worker's answer: the handler's value, or the HTTP answer to what it threw. */
export type InputOutcome = { readonly ok: true; readonly value: InputAnswers[InputTaskKind] } | { readonly ok: false; readonly status: number; readonly body: ApiErrorBody };

export interface InputServiceOptions {
  /** Texts read at once. */
  readonly workers: number;
  /** Requests that may wait for a worker before more are refused (429). */
  readonly maxWaiting: number;
  /** How long one text may take to read before its worker is ended. */
  readonly deadlineMs: number;
  /** Each worker's heap: a text that needs more is refused. */
  readonly heapMiB: number;
  readonly now: () => number;
  /** Under an address-space limit, the workers' code range (runner/address-space.ts). */
  readonly codeRangeMiB?: number;
  /** A worker idle this long is ended, with what its heap grew to reading a large text; the next request starts another. */
  readonly idleMs?: number;
}

/**
 * Reads level texts and move strings for the API in worker threads under a deadline and a heap
 * limit. Reading is usually instant, but a hostile text (a board of millions of squares written
 * in a few bytes of run-length code) can take seconds and gigabytes: on the main thread that
 * would stall every other request; here it costs one worker, which is ended and replaced.
 */
export class InputService {
  private readonly pool: WorkerPool<InputTask, InputOutcome>;
  private inFlight = 0;

  constructor(private readonly options: InputServiceOptions) {
    this.pool = new WorkerPool<InputTask, InputOutcome>({
      size: options.workers,
      spawn: () =>
        spawnModuleWorker(import.meta.url, './input-worker', {
          maxOldGenerationSizeMb: options.heapMiB,
          ...(options.codeRangeMiB === undefined ? {} : { codeRangeSizeMb: options.codeRangeMiB }),
        }),
      now: options.now,
      idleMs: options.idleMs,
    });
  }

  /**
   * The handler's answer; what it refused, or a text too large to read, comes back as an HttpError.
   * When `signal` aborts (the client hung up) the text is not read: taken off the queue, or its
   * worker ended, with the memory it held (issue 46: queued reads for clients long gone kept the
   * server busy and large for a minute and more).
   */
  async read<Kind extends InputTaskKind>(kind: Kind, body: JsonObject, signal?: AbortSignal): Promise<InputAnswers[Kind]> {
    if (this.inFlight >= this.options.workers + this.options.maxWaiting) {
      throw new HttpError(429, `the server is busy reading ${this.inFlight} texts; try again shortly`);
    }
    this.inFlight++;
    let outcome;
    try {
      outcome = await this.pool.run({ kind, body }, this.options.deadlineMs, signal);
    } finally {
      this.inFlight--;
    }
    switch (outcome.kind) {
      case 'done':
        if (outcome.value.ok) return outcome.value.value as InputAnswers[Kind];
        throw new HttpError(outcome.value.status, outcome.value.body.error.message, outcome.value.body.error.kind);
      case 'killed':
        throw new HttpError(413, `the text took over ${this.options.deadlineMs / 1000} s to read: it is too large for this server`, 'limit');
      case 'out-of-memory':
        throw new HttpError(413, `the text needs over ${this.options.heapMiB} MiB to read: it is too large for this server`, 'limit');
      case 'failed':
      case 'cancelled':
        throw new Error(`reading the text failed: ${outcome.kind === 'failed' ? outcome.message : 'cancelled'}`);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
