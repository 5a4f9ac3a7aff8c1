import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // Worker threads run a bundle of their entry, made once per run from the sources (test/helpers/bundled-workers.ts).
    globalSetup: ['test/helpers/worker-bundles.global.ts'],
    setupFiles: ['test/helpers/bundled-workers.ts'],
    pool: 'threads',
    // Vitest's default is one thread fewer than the cores: on a 2-core runner that is one file at a time. Most of
    // the suite's time is spent waiting on the processes and workers the tests start, so every core is used.
    maxWorkers: Math.max(2, availableParallelism()),
    // A passing run prints its summary only (and no console output of passing tests); a failure prints in full.
    // `npx vitest run --reporter=default <file>` lists every test. On GitHub Actions failures also become annotations.
    reporters: process.env.GITHUB_ACTIONS === 'true' ? ['minimal', 'github-actions'] : ['minimal'],
  },
});
