import { once } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnModuleWorker, spawnSolveWorker } from '../../src/runner/spawn-worker.js';
import { withSourceWorkers, workerStarts } from '../helpers/bundled-workers.js';
import { tempFolder } from '../cli/temp-folder.js';

/** A worker that says which file it was started from. */
const SAYS_ITS_FILE = "require('node:worker_threads').parentPort.postMessage(__filename);\n";

describe('the worker file next to a module', () => {
  it("has the module's own extension: a bundle's .cjs worker beside a .cjs bundle", async () => {
    // The bundled CLI (dist/bundle/cli.cjs) starts dist/bundle/worker.cjs, not a .js file.
    const folder = tempFolder({ 'worker.cjs': SAYS_ITS_FILE, 'worker.js': 'throw new Error("the wrong file");\n' });
    const worker = spawnModuleWorker(pathToFileURL(join(folder, 'cli.cjs')).href, './worker', {});
    try {
      const [file] = await once(worker, 'message');
      expect(file).toBe(join(folder, 'worker.cjs'));
    } finally {
      await worker.terminate();
    }
  });
});

describe('the solve worker started from the sources', () => {
  /** Starts the solve worker and waits for its first message, the pool protocol's 'ready'. */
  async function firstMessage(): Promise<unknown> {
    const worker = spawnSolveWorker({});
    try {
      const [message] = await once(worker, 'message');
      return message;
    } finally {
      await worker.terminate();
    }
  }

  it('registers tsx itself and loads its TypeScript entry, as under tsx', async () => {
    // The test setup runs a bundle of the entry instead (test/helpers/bundled-workers.ts); not here.
    const before = workerStarts();
    await expect(withSourceWorkers(firstMessage)).resolves.toEqual({ type: 'ready' });
    expect(workerStarts()).toEqual({ ...before, fromSources: before.fromSources + 1 });
  });

  it('runs, in the other tests, the bundle the test setup made of the same entry', async () => {
    const before = workerStarts();
    await expect(firstMessage()).resolves.toEqual({ type: 'ready' });
    expect(workerStarts()).toEqual({ ...before, bundled: before.bundled + 1 });
  });
});
