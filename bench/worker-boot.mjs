// Worker threads do not inherit the parent's `--import tsx` loader, so each worker registers
// tsx itself before loading the TypeScript worker body.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
