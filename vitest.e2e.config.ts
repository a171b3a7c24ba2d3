import { defineConfig } from 'vitest/config';

// Browser tests: Playwright drives Debian's Chromium against a real server and database.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
