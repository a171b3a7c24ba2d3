import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/server/db/open';
import { seedDemo } from '../../src/server/seed/demo';
import { startTestServer } from '../../test/helpers/test-server';

// Every browser-test file starts on the demo data, and seeding it took each file seconds of the
// CI's two cores. It is seeded once here, into a PGlite data directory that each file copies
// (test/helpers/test-db.ts `demo`), as the unit tests copy the migrated template. A file with
// modules of its own or the demo's files still seeds its own (e2e/helpers/app.ts startApp).
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteDemoTemplate', null);
    return undefined;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-demo-tpl-'));
  const database = await openPglite(dir, { lock: false });
  const server = await startTestServer(database);
  try {
    await seedDemo(server.app.services.items);
  } finally {
    await server.close();
    await database.close();
  }
  // The demo's dates are relative to the day it was seeded (a response due in 20 days): a file
  // that starts on a later day seeds its own rather than see them a day off.
  project.provide('pgliteDemoTemplate', { dir, day: new Date().toISOString().slice(0, 10) });
  return () => rmSync(dir, { recursive: true, force: true });
}
