/**
 * Vitest global setup: bundles the worker threads' entries from the sources under test, once per
 * run, for test/helpers/bundled-workers.ts.
 *
 * Why: the sources start a worker from its TypeScript entry, which first registers tsx (a loader
 * thread of its own) and then loads some hundred modules through it. That cost 0.6 s of CPU for
 * every worker thread the tests started (0.15 s for the compiled worker, measured), and the CLI,
 * runner and server tests start several hundred of them: most of those tests' time.
 * The bundle is made from the same sources at the start of every run, so it is never stale.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** The worker entries the sources start through spawnModuleWorker, by their file under src/. */
export const WORKER_ENTRIES: Readonly<Record<string, string>> = {
  'runner/worker.ts': 'worker',
  'runner/generate-worker.ts': 'generate-worker',
  'web/input-worker.ts': 'input-worker',
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the bundled worker entries (worker-bundles.global.ts). */
    workerBundles: string;
  }
}

/** Bundles each worker entry from the sources into `folder`. */
async function bundleWorkers(folder: string): Promise<void> {
  await build({
    entryPoints: Object.fromEntries(Object.entries(WORKER_ENTRIES).map(([file, name]) => [name, join(SRC, file)])),
    outdir: folder,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: ['node20'],
    // As the CLI's bundle (scripts/build-cli.ts): a CommonJS file has no import.meta.url.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "var __bundleUrl=require('node:url').pathToFileURL(__filename).href;" },
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'sokoban-test-workers-'));
  await bundleWorkers(folder);
  // In watch mode the sources change between runs: every run bundles them again.
  project.onTestsRerun(() => bundleWorkers(folder));
  project.provide('workerBundles', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
