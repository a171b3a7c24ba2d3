import { defineConfig } from 'vitest/config';
import { durationsSequencer } from './test/durations-sequencer';

// Browser tests: Playwright drives Debian's Chromium against a real server and database.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['test/global-setup.ts', 'test/demo-template-setup.ts'],
    // Three minutes: a11y.e2e.ts's screens-in-a-row tests took up to 77 s a try beside another file
    // on a slower CI machine (25 s alone). A hung test still fails, only later.
    testTimeout: 180_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // One module graph per worker: each file importing the server and its modules again cost
    // about 3 s of a core (12 short files: import 37 s → 8 s, 185 s → 151 s). A file closes its
    // server, browser and database in afterAll, so the next file in the worker starts clean.
    isolate: false,
    // expect.poll's own default is 1 s, a tenth of Playwright's auto-wait (newContext: 10 s). On a
    // loaded CI machine a sign-in (a password hash) and its redirect took longer than 1 s (stop 28
    // failed so), so polls wait as long as any other step.
    expect: { poll: { timeout: 10_000 } },
    // Two files at once on the two cores: a browser test waits on the page as much as it
    // computes (8 files: 284 s one at a time, 209 s two at a time, all passing).
    maxWorkers: 2,
    // In CI a failed test runs once more (docs/adr/0006): at load 15 a one-in-300 timing flake
    // is one red run in two. A test that fails twice fails CI; locally there is no retry.
    retry: process.env.CI ? 1 : 0,
    // Longest first, from the last measured run (e2e/durations.json; scripts/test-durations.mjs
    // writes it): on a fresh clone the axe files, short but slow, would otherwise start last.
    sequence: { sequencer: durationsSequencer('e2e/durations.json') },
  },
});
