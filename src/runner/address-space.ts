import { readFileSync } from 'node:fs';
import type { ResourceLimits } from 'node:worker_threads';

/**
 * Fitting the workers into a limit on the process's address space (`ulimit -v`, `prlimit --as`,
 * as containers and CI runners set it). Each worker thread reserves address space up front: V8's
 * code range (512 MiB by default on x64), the C library's malloc arenas (64 MiB each) and its
 * stack, then its heap and the search tables as they grow. A reservation over the limit is not
 * an exception but a V8 abort of the whole process, so the runner plans for the limit before
 * starting any worker: a small code range, a fixed heap, search tables sized to what is left, and
 * as many workers as fit; none (the main thread alone) when not even one does.
 */

const MIB = 1024 * 1024;

/** The code range a worker asks for under a limit: the solver's compiled code takes a few MiB. */
export const CAPPED_CODE_RANGE_MIB = 64;
/** A worker's heap under a limit; the search tables are typed arrays outside it. */
export const CAPPED_HEAP_MIB = 256;
/**
 * What a worker reserves besides its code range, heap and tables: malloc arenas, stack, V8's
 * young generation and bookkeeping. Measured at about 270 MiB for the first worker on Linux x64
 * (Node 20), far less for the next ones; kept generous, since too much ends the process.
 */
export const WORKER_OVERHEAD_MIB = 320;
/** Room kept for the main thread's own growth (inputs read, results held, its heap). */
export const MAIN_THREAD_MARGIN_MIB = 256;
/** Below this much memory for its tables, a worker is not worth starting. */
export const LEAST_TABLES_MIB = 64;
/** The least the main thread searches with, whatever the limit says. */
export const LEAST_MAIN_TABLES_MIB = 16;

/** The limit and what the process holds already, in bytes; `cap` null when there is no limit. */
export interface AddressSpace {
  readonly capBytes: number | null;
  readonly usedBytes: number;
}

/** Reads the limit from /proc (Linux); elsewhere, or when it cannot be read, no limit is assumed. */
export function readAddressSpace(read: (path: string) => string = (path) => readFileSync(path, 'utf8')): AddressSpace {
  try {
    const limits = /^Max address space\s+(\S+)/m.exec(read('/proc/self/limits'));
    const soft = limits?.[1];
    if (soft === undefined || soft === 'unlimited') return { capBytes: null, usedBytes: 0 };
    const used = /^VmSize:\s+(\d+) kB/m.exec(read('/proc/self/status'));
    return { capBytes: Number(soft), usedBytes: used === null ? 0 : Number(used[1]) * 1024 };
  } catch {
    return { capBytes: null, usedBytes: 0 };
  }
}

/** What a worker reserves with `tablesMiB` of search tables, under a limit. */
export function workerReservationMiB(tablesMiB: number): number {
  return WORKER_OVERHEAD_MIB + CAPPED_CODE_RANGE_MIB + CAPPED_HEAP_MIB + tablesMiB;
}

/** The resource limits a worker starts with under an address-space limit (see SolvePoolOptions.workerLimits). */
export const CAPPED_WORKER_LIMITS: ResourceLimits = { codeRangeSizeMb: CAPPED_CODE_RANGE_MIB, maxOldGenerationSizeMb: CAPPED_HEAP_MIB };

export interface WorkerPlan {
  /** Worker threads to start; 0: search on the main thread. */
  readonly workers: number;
  /** Memory for each level's search tables. */
  readonly maxMemoryMiB: number;
  /** The workers' resource limits, when they must differ from the usual ones. */
  readonly workerLimits?: ResourceLimits;
  /** One line for the user when the limit changed the plan, else null. */
  readonly note: string | null;
}

export interface PlanRequest {
  /** Workers the run would start without a limit. */
  readonly workers: number;
  /** The user's --max-memory, if given. */
  readonly maxMemoryMiB?: number;
  /** The tables' memory per level without a limit, for this many workers. */
  readonly defaultMaxMemoryMiB: (workers: number) => number;
  /** Fewer workers than this are no use (a race on one level needs two): then the main thread. */
  readonly leastWorkers?: number;
}

/** How the notes name the limit: `the address space is limited to 1.4 GiB (ulimit -v)`. */
export function addressSpaceLimitText(capBytes: number): string {
  return `the address space is limited to ${(capBytes / (1024 * MIB)).toFixed(1)} GiB (ulimit -v)`;
}

/**
 * How many workers fit the address space, and with what memory each. Without a limit, the run
 * as asked. Under one, the room left (limit, less what the process holds and a margin for the
 * main thread) is shared by the workers; workers are dropped while one's share would not hold
 * its reservation and LEAST_TABLES_MIB of tables; with none left the main thread searches with
 * the whole room. The user's --max-memory is kept where it fits and lowered where it does not.
 */
export function planWorkers(request: PlanRequest, space: AddressSpace): WorkerPlan {
  const asked = request.maxMemoryMiB ?? request.defaultMaxMemoryMiB(request.workers);
  if (space.capBytes === null) return { workers: request.workers, maxMemoryMiB: asked, note: null };
  const roomMiB = Math.floor((space.capBytes - space.usedBytes) / MIB) - MAIN_THREAD_MARGIN_MIB;
  const limit = addressSpaceLimitText(space.capBytes);
  let workers = request.workers;
  while (workers > 0 && Math.floor(roomMiB / workers) < workerReservationMiB(LEAST_TABLES_MIB)) workers--;
  if (workers < (request.leastWorkers ?? 1)) workers = 0;
  if (workers === 0) {
    const tables = Math.max(LEAST_MAIN_TABLES_MIB, Math.min(asked, roomMiB));
    return { workers: 0, maxMemoryMiB: tables, note: `${limit}: solving on the main thread, without worker threads, with ${tables} MiB for the search` };
  }
  const fits = Math.floor(roomMiB / workers) - workerReservationMiB(0);
  const wanted = request.maxMemoryMiB ?? request.defaultMaxMemoryMiB(workers);
  const tables = Math.min(wanted, fits);
  const changed = workers < request.workers || tables < asked;
  const shown = workers === 1 ? '1 worker thread' : `${workers} worker threads`;
  const note = changed ? `${limit}: ${shown}${workers < request.workers ? ` instead of ${request.workers}` : ''}, with ${tables} MiB for each search` : null;
  return { workers, maxMemoryMiB: tables, workerLimits: CAPPED_WORKER_LIMITS, note };
}
