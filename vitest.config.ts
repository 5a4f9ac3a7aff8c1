import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The library's tests (level, game, solver), the architecture checks and the fuzz properties: code that runs
 * on the test's own thread and leaves nothing behind. They share their modules across the files of a thread
 * instead of loading them again for each file, which cost some 0.4 s of CPU a file (test/level, test/game and
 * test/architecture: 27 s of CPU isolated, 13 s not; test/solver and test/fuzz 80 s not, measured at load 15-19).
 */
const SHARED_MODULES = ['test/level/**/*.test.ts', 'test/game/**/*.test.ts', 'test/solver/**/*.test.ts', 'test/architecture/**/*.test.ts', 'test/fuzz/**/*.test.ts'];

export default defineConfig({
  test: {
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
    projects: [
      { extends: true, test: { name: 'library', include: SHARED_MODULES, isolate: false } },
      // The commands, the runner, the server and the docs: processes, worker threads, servers, module mocks
      // (vi.mock of node:fs/promises): each file on a fresh module graph.
      { extends: true, test: { name: 'programs', include: ['test/**/*.test.ts'], exclude: SHARED_MODULES } },
    ],
  },
});
