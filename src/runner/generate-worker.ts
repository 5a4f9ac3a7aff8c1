/**
 * The worker thread's entry for `sokoban generate` (see generate-run.ts): makes the levels asked
 * for and hands each over as soon as it is made; then waits for another run's task. Like bin/, it is an edge of the program, so it
 * may touch the thread's port directly.
 */
import { parentPort } from 'node:worker_threads';
import { generateLevels } from '../solver/generate/generate-levels.js';
import type { GenerateMessage, GenerateTask } from './generate-run.js';

const port = parentPort;
if (port === null) throw new Error('src/runner/generate-worker is a worker thread entry; it cannot run on the main thread');

port.on('message', ({ options, count }: GenerateTask) => {
  let message: GenerateMessage;
  try {
    for (const level of generateLevels(options, count)) {
      const made: GenerateMessage = { type: 'level', level };
      port.postMessage(made);
    }
    message = { type: 'end' };
  } catch (error) {
    message = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(message);
});
