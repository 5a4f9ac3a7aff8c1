/**
 * Vitest setup file: a worker thread that the sources start from a TypeScript entry (through tsx;
 * src/runner/spawn-worker.ts) runs the bundle of that entry that worker-bundles.global.ts made
 * from the same sources at the start of the run. What the worker runs is the code under test;
 * only how it is loaded differs, as it does in the shipped CLI (dist/bundle/worker.cjs).
 * Any other worker is started as asked.
 *
 * `withSourceWorkers` turns it off for a test of the TypeScript start itself.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker as NodeWorker, WorkerOptions } from 'node:worker_threads';
import { inject } from 'vitest';
import { WORKER_ENTRIES } from './worker-bundles.global.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const threads = createRequire(import.meta.url)('node:worker_threads') as { Worker: typeof NodeWorker };
/** Node's own Worker: a thread that shares its modules across test files runs this file once for each. */
const ORIGINAL = Symbol.for('sokoban.tests.sourceWorker');
const holder = threads as unknown as Record<symbol, typeof NodeWorker | undefined>;
holder[ORIGINAL] ??= threads.Worker;
const SourceWorker = holder[ORIGINAL];
let fromSources = false;
const starts = { bundled: 0, fromSources: 0 };

/** The bundle for a TypeScript worker's boot script (spawnModuleWorker's), or null for any other worker. */
function bundleFor(script: string | URL, options: WorkerOptions | undefined): string | null {
  if (options?.eval !== true || typeof script !== 'string') return null;
  const entry = /return import\(("[^"]+\.ts")\);/.exec(script);
  if (entry === null) return null;
  const name =
    WORKER_ENTRIES[
      relative(SRC, fileURLToPath(JSON.parse(entry[1]) as string))
        .split('\\')
        .join('/')
    ];
  if (name === undefined || fromSources) {
    starts.fromSources++;
    return null;
  }
  starts.bundled++;
  return join(inject('workerBundles'), `${name}.cjs`);
}

class BundledWorker extends SourceWorker {
  constructor(script: string | URL, options?: WorkerOptions) {
    const bundle = bundleFor(script, options);
    super(bundle ?? script, bundle === null ? options : { ...options, eval: false });
  }
}

threads.Worker = BundledWorker;
syncBuiltinESMExports();

/** How many workers of the sources' entries were started from their bundle, and from their TypeScript entry. */
export function workerStarts(): { readonly bundled: number; readonly fromSources: number } {
  return { ...starts };
}

/** Runs `body` with workers started from their TypeScript entries, as the sources ask. */
export async function withSourceWorkers<T>(body: () => Promise<T>): Promise<T> {
  fromSources = true;
  try {
    return await body();
  } finally {
    fromSources = false;
  }
}
