import { describe, expect, it } from 'vitest';
import { CAPPED_WORKER_LIMITS, type PlanRequest, planWorkers, readAddressSpace, workerReservationMiB } from '../../src/runner/address-space.js';

const MIB = 1024 * 1024;
const request: PlanRequest = { workers: 2, defaultMaxMemoryMiB: () => 4096 };

/** /proc files as Linux writes them, with the soft address-space limit and VmSize given. */
function proc(soft: string, vmSizeKb = 1_000_000): (path: string) => string {
  return (path) =>
    path === '/proc/self/limits'
      ? `Limit                     Soft Limit           Hard Limit           Units     \nMax stack size            8388608              unlimited            bytes     \nMax address space         ${soft}            unlimited            bytes     \n`
      : `Name:\tnode\nVmPeak:\t 1100000 kB\nVmSize:\t ${vmSizeKb} kB\n`;
}

describe('readAddressSpace', () => {
  it('reads the soft limit and the size the process holds from /proc', () => {
    expect(readAddressSpace(proc('1536000000', 1_000_000))).toEqual({ capBytes: 1_536_000_000, usedBytes: 1_024_000_000 });
  });

  it('finds no limit when it is unlimited or /proc cannot be read', () => {
    expect(readAddressSpace(proc('unlimited')).capBytes).toBeNull();
    expect(
      readAddressSpace(() => {
        throw new Error('ENOENT');
      }).capBytes,
    ).toBeNull();
  });
});

describe('planWorkers', () => {
  it('leaves the run as asked without a limit', () => {
    expect(planWorkers(request, { capBytes: null, usedBytes: 0 })).toEqual({ workers: 2, maxMemoryMiB: 4096, note: null });
  });

  it('runs on the main thread, and says so, when not one worker fits (ulimit -v 1500000)', () => {
    const plan = planWorkers(request, { capBytes: 1_500_000 * 1024, usedBytes: 1_000 * MIB });
    expect(plan.workers).toBe(0);
    expect(plan.note).toMatch(/^the address space is limited to 1\.4 GiB \(ulimit -v\): solving on the main thread, without worker threads, with \d+ MiB for the search$/);
    // The tables get what is left after the process and its margin.
    expect(plan.maxMemoryMiB).toBe(Math.floor(1_500_000 / 1024) - 1_000 - 256);
  });

  it('starts fewer workers when fewer fit, each with its reservation and its tables inside the limit', () => {
    const used = 1_000 * MIB;
    const cap = used + (256 + 1.5 * workerReservationMiB(64)) * MIB;
    const plan = planWorkers({ workers: 4, defaultMaxMemoryMiB: () => 4096 }, { capBytes: cap, usedBytes: used });
    expect(plan.workers).toBe(1);
    expect(plan.workerLimits).toEqual(CAPPED_WORKER_LIMITS);
    expect(plan.note).toContain('1 worker thread instead of 4');
    expect(used + (256 + workerReservationMiB(plan.maxMemoryMiB)) * MIB).toBeLessThanOrEqual(cap);
  });

  it("lowers the user's --max-memory to what fits, and keeps it when it fits", () => {
    const space = { capBytes: 4_000 * MIB, usedBytes: 1_000 * MIB };
    const lowered = planWorkers({ ...request, maxMemoryMiB: 2048 }, space);
    expect(lowered.workers).toBe(2);
    expect(lowered.maxMemoryMiB).toBe(Math.floor((4_000 - 1_000 - 256) / 2) - workerReservationMiB(0));
    expect(lowered.note).toContain('2 worker threads, with');
    expect(planWorkers({ ...request, maxMemoryMiB: 64 }, space)).toMatchObject({ workers: 2, maxMemoryMiB: 64, note: null });
  });

  it('uses the main thread for one level when the two workers of its race do not fit', () => {
    const used = 1_000 * MIB;
    const cap = used + (256 + 1.5 * workerReservationMiB(64)) * MIB;
    expect(planWorkers({ ...request, leastWorkers: 2 }, { capBytes: cap, usedBytes: used }).workers).toBe(0);
  });
});
