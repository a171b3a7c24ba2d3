import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/server/db/open';
import { Jobs } from '../src/server/tasks/jobs';
import type { Database } from '../src/server/db/open';
import type { DemoSignIn } from '../src/server/seed/demo';
import { adminUrl, dbUrl } from './helpers/pg-urls';

async function installJobs(database: Database) {
  const jobs = new Jobs(database, console);
  await jobs.start();
  await jobs.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string | null;
    /** A database with the demo seeded (test/demo-template-setup.ts), its day and its sign-ins. */
    demoTemplate:
      | { kind: 'pglite'; dir: string; day: string; signIns: DemoSignIn[] }
      | { kind: 'postgres'; name: string; day: string; signIns: DemoSignIn[] }
      | null;
  }
}

// Creating a PGlite database takes seconds; copying a migrated template takes a fraction.
// On PostgreSQL, a template database is cloned with CREATE DATABASE … TEMPLATE.
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-tpl-'));
  const tpl = await openPglite(dir, { lock: false });
  // pg-boss installs its schema on the first start (~0.6 s); the template carries it.
  await installJobs(tpl);
  await tpl.close();
  project.provide('pgliteTemplate', dir);

  let pgTemplate: string | null = null;
  const url = process.env.DATABASE_URL;
  if (url) {
    const pg = await import('pg');
    pgTemplate = `ckk_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.default.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${pgTemplate}`);
    await admin.end();
    const db = await openPostgres(dbUrl(url, pgTemplate), { max: 1 });
    await installJobs(db);
    await db.close();
  }
  project.provide('pgTemplate', pgTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && pgTemplate) {
      const pg = await import('pg');
      const admin = new pg.default.Client({ connectionString: adminUrl(url) });
      await admin.connect();
      await admin.query(`drop database if exists ${pgTemplate} with (force)`);
      await admin.end();
    }
  };
}
