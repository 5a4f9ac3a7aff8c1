import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

/** Starts the solve worker next to this module (see spawnModuleWorker). */
export function spawnSolveWorker(resourceLimits: ResourceLimits): Worker {
  return spawnModuleWorker(import.meta.url, './worker', resourceLimits);
}

/**
 * Starts a worker thread from the module `name` (without extension) next to `nextTo`, with
 * `nextTo`'s own extension: the .cjs file in the bundled CLI (dist/bundle/, where each worker
 * entry is a bundle of its own), the .js file in the compiled library (dist/), the .ts file when
 * running from sources (tests under vitest, `tsx`). Worker threads do not inherit the parent's
 * loaders, so a TypeScript worker first registers tsx itself.
 */
export function spawnModuleWorker(nextTo: string, name: string, resourceLimits: ResourceLimits): Worker {
  const extension = extname(new URL(nextTo).pathname);
  const fromSources = extension === '.ts';
  const entry = new URL(`${name}${extension}`, nextTo);
  if (!fromSources) return new Worker(entry, { resourceLimits });
  const boot = `import(${JSON.stringify(tsxApiUrl())})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, resourceLimits });
}

let cachedTsxApi: string | null = null;

/** tsx's ESM API module. Resolved through its package.json, because require.resolve would give the CommonJS build. */
function tsxApiUrl(): string {
  if (cachedTsxApi !== null) return cachedTsxApi;
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  cachedTsxApi = pathToFileURL(join(dirname(manifestPath), manifest.exports['./esm/api'].import.default)).href;
  return cachedTsxApi;
}
