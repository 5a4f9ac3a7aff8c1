import { parentPort, workerData } from 'node:worker_threads';
import { solve } from '../src/solver/solve.js';
import type { JobInput, JobOutput } from './job.js';

/** Solves one level and reports the solver's result; the main thread replays it. */
const job = (workerData as { job: JobInput }).job;
const result = solve(job.board, {
  optimal: job.optimal,
  rule: job.rule,
  timeLimitMs: job.timeLimitMs,
  maxMemoryMiB: job.maxMemoryMiB,
  maxNodes: job.maxNodes ?? undefined,
});
const output: JobOutput = { result, maxRssKiB: process.resourceUsage().maxRSS };
parentPort?.postMessage(output);
