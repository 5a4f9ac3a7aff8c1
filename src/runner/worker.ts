/**
 * The worker thread's entry: receives one task at a time (a solve, or an optimize task) and
 * answers with the solver's or the optimizer's result. Like bin/, it is an edge of the program,
 * so it may touch the thread's port directly.
 */
import { parentPort } from 'node:worker_threads';
import { isOptimizeTask, runOptimizeTask } from './optimize-task.js';
import type { TaskMessage, WorkerMessage } from './pool.js';
import { runSolveTask } from './solve-task.js';
import type { WorkerResult, WorkerTask } from './solve-pool.js';

const port = parentPort;
if (port === null) throw new Error('src/runner/worker is a worker thread entry; it cannot run on the main thread');

port.on('message', ({ id, task }: TaskMessage<WorkerTask>) => {
  let answer: WorkerMessage<WorkerResult>;
  try {
    answer = { type: 'done', id, value: isOptimizeTask(task) ? runOptimizeTask(task) : runSolveTask(task) };
  } catch (error) {
    answer = { type: 'failed', id, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
const ready: WorkerMessage<WorkerResult> = { type: 'ready' };
port.postMessage(ready);
