import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'threads',
    // A passing run prints its summary only (and no console output of passing tests); a failure prints in full.
    // `npx vitest run --reporter=default <file>` lists every test. On GitHub Actions failures also become annotations.
    reporters: process.env.GITHUB_ACTIONS === 'true' ? ['minimal', 'github-actions'] : ['minimal'],
  },
});
