import { once } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnModuleWorker } from '../../src/runner/spawn-worker.js';
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
