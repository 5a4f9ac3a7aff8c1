/**
 * The worker thread's entry for reading the user's level text and moves (see input-service.ts).
 * Like bin/, it is an edge of the program, so it may touch the thread's port directly.
 */
import { parentPort } from 'node:worker_threads';
import type { TaskMessage, WorkerMessage } from '../runner/pool.js';
import { errorResponse } from './http-error.js';
import { type InputTask, answerInputTask } from './input-handlers.js';
import type { InputOutcome } from './input-service.js';

const port = parentPort;
if (port === null) throw new Error('src/web/input-worker is a worker thread entry; it cannot run on the main thread');

port.on('message', ({ id, task }: TaskMessage<InputTask>) => {
  let outcome: InputOutcome;
  try {
    outcome = { ok: true, value: answerInputTask(task) };
  } catch (error) {
    // Error classes do not survive the trip between threads; their HTTP answer does.
    outcome = { ok: false, ...errorResponse(error) };
  }
  const answer: WorkerMessage<InputOutcome> = { type: 'done', id, value: outcome };
  port.postMessage(answer);
});
const ready: WorkerMessage<InputOutcome> = { type: 'ready' };
port.postMessage(ready);
