import { defineConfig } from 'vitest/config';

// PGlite databases are cloned from a template made once per run (test/global-setup.ts),
// so each test file opens its own database in about half a second.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The demo is seeded once per run into a template (test/demo-template-setup.ts).
    globalSetup: ['test/global-setup.ts', 'test/demo-template-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // One module graph per worker, not per file: each file re-importing the server and its
    // modules was half the suite's time (PGlite 821 s → 425 s, PostgreSQL 476 s → 269 s on this
    // 2-core machine, all passing). Files still run one at a time in a worker, so a file must
    // stop what it starts: a client socket left retrying after its server closed failed the
    // next file with an uncaught ECONNREFUSED (test/client-socket.test.ts now stops its clients).
    isolate: false,
  },
});
