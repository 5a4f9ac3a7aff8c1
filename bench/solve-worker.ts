import { parentPort } from 'node:worker_threads';
import { solve } from '../src/solver/solve.js';
import type { JobInput, JobOutput } from './job.js';

/** Solves each level it is sent and reports the solver's result; the main thread replays it. */
parentPort?.on('message', (job: JobInput) => {
  const result = solve(job.board, {
    optimal: job.optimal,
    rule: job.rule,
    timeLimitMs: job.timeLimitMs,
    maxMemoryMiB: job.maxMemoryMiB,
    maxNodes: job.maxNodes ?? undefined,
    members: job.members ?? undefined,
  });
  const output: JobOutput = { result, maxRssKiB: process.resourceUsage().maxRSS };
  parentPort?.postMessage(output);
});
