/**
 * The worker thread's entry: receives one solve task at a time and answers with the solver's
 * result. Like bin/, it is an edge of the program, so it may touch the thread's port directly.
 */
import { parentPort } from 'node:worker_threads';
import type { SolveResult } from '../solver/solve.js';
import type { TaskMessage, WorkerMessage } from './pool.js';
import { type SolveTask, runSolveTask } from './solve-task.js';

const port = parentPort;
if (port === null) throw new Error('src/runner/worker is a worker thread entry; it cannot run on the main thread');

port.on('message', ({ id, task }: TaskMessage<SolveTask>) => {
  let answer: WorkerMessage<SolveResult>;
  try {
    answer = { type: 'done', id, value: runSolveTask(task) };
  } catch (error) {
    answer = { type: 'failed', id, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
const ready: WorkerMessage<SolveResult> = { type: 'ready' };
port.postMessage(ready);
