/**
 * Bundles the browser page of `sokoban serve`: the TypeScript front end (which imports the
 * library's rules, level formats and the solver's lost-position proofs directly, so the browser
 * plays and marks dead boxes by the same code as the CLI),
 * its stylesheet and its HTML shell, into one folder the server reads at start.
 * `npm run build` runs it into dist/web/assets; the tests run it into a temporary folder.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const CLIENT = fileURLToPath(new URL('../src/web/client/', import.meta.url));
export const DEFAULT_OUT = fileURLToPath(new URL('../dist/web/assets/', import.meta.url));

export async function buildWebAssets(outFolder: string = DEFAULT_OUT): Promise<void> {
  await mkdir(outFolder, { recursive: true });
  await build({
    entryPoints: { app: join(CLIENT, 'main.ts'), style: join(CLIENT, 'style.css') },
    outdir: outFolder,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
  });
  await copyFile(join(CLIENT, 'index.html'), join(outFolder, 'index.html'));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWebAssets(process.argv[2] ?? DEFAULT_OUT);
}
