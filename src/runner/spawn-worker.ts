import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

/**
 * Starts the solve worker next to this module: dist/runner/worker.js in the installed CLI,
 * src/runner/worker.ts when running from sources (tests under vitest, `tsx`). Worker threads
 * do not inherit the parent's loaders, so a TypeScript worker first registers tsx itself.
 */
export function spawnSolveWorker(resourceLimits: ResourceLimits): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './worker.ts' : './worker.js', import.meta.url);
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
