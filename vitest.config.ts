import { defineConfig } from 'vitest/config';

// PGlite databases are cloned from a template made once per run (test/global-setup.ts),
// so each test file opens its own database in about half a second.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
