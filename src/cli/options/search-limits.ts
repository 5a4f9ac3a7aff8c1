import { availableParallelism, totalmem } from 'node:os';
import { type WorkerPlan, planWorkers, readAddressSpace } from '../../runner/address-space.js';
import { DEFAULT_RACE_SPLIT } from '../../runner/race.js';
import { reportWarning } from '../error-line.js';
import type { Io } from '../io.js';

/**
 * The longest time limit honoured as such, about 19 days: a worker's watchdog waits the limit
 * plus a quarter of it, and Node's timers cannot wait past 2^31-1 ms (a longer wait fires at
 * once). Any longer limit means "no limit" in practice and is cut to this.
 */
export const LONGEST_TIME_LIMIT_MS = Math.floor((2 ** 31 - 1) / 1.25);
const MIB = 1024 * 1024;

/**
 * Memory per level when the user does not say: half the machine shared by the workers running
 * at once, and never more than 4 GiB, since a search that needs more rarely finishes anyway.
 */
export function defaultMaxMemoryMiB(workers: number, machineBytes = totalmem()): number {
  const share = Math.floor(machineBytes / MIB / 2 / Math.max(1, workers));
  return Math.max(256, Math.min(4096, share));
}

/**
 * --max-memory as given, but never more than the machine has (a larger figure only lets a search
 * grow until the system ends it), said in one line; absent stays absent (a default is chosen later).
 */
export function cappedToMachine(io: Io, requested: number | undefined, machineBytes = totalmem()): number | undefined {
  if (requested === undefined) return undefined;
  const machine = Math.floor(machineBytes / MIB);
  if (requested <= machine) return requested;
  reportWarning(io, `--max-memory ${requested}: more than this machine's ${machine} MiB of memory; using ${machine}`);
  return machine;
}

/**
 * Threads to solve with: one per core unless --jobs says otherwise, and never more than four per
 * core, since each thread holds its own heap and more only wait for a core (`--jobs 100000` on
 * a folder of levels would otherwise start a thread per level).
 */
export function workerCount(io: Io, requested: number | undefined): number {
  const cores = availableParallelism();
  if (requested === undefined) return cores;
  const most = 4 * cores;
  if (requested <= most) return requested;
  reportWarning(io, `--jobs ${requested}: at most ${most} levels are solved at once (four per core)`);
  return most;
}

/**
 * The workers and each search's memory for a run of `levelJobs` levels: as asked, unless the
 * process's address space is limited (ulimit -v), where as many workers as fit, or none, each
 * with the memory that fits (runner/address-space.ts); a line on stderr says so.
 */
export function fitWorkers(io: Io, workers: number, levelJobs: number, maxMemoryMiB: number | undefined): WorkerPlan {
  const plan = planWorkers(
    {
      workers,
      maxMemoryMiB,
      defaultMaxMemoryMiB: (count) => defaultMaxMemoryMiB(Math.min(count, Math.max(1, levelJobs))),
      // One level uses workers only to race on them (runner/choose-executor.ts).
      leastWorkers: levelJobs <= 1 ? DEFAULT_RACE_SPLIT.length : 1,
    },
    readAddressSpace(),
  );
  if (plan.note !== null) reportWarning(io, plan.note);
  return plan;
}
