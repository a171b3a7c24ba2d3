import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../src/server/db/open';
import { seedDemo, type DemoSignIn } from '../src/server/seed/demo';
import { startTestServer } from './helpers/test-server';
import { adminUrl, dbUrl } from './helpers/pg-urls';

// Every browser-test file, and the unit-test files that need the demo's data but not its files,
// start on the demo; seeding it took each file seconds of the CI's two cores (about 20 s on
// PGlite). It is seeded once here, into a template that each file copies (test/helpers/test-db.ts
// `demo`): a PGlite data directory, or on PostgreSQL (DATABASE_URL, as CI runs them: docs/adr/0008)
// a template database cloned with CREATE DATABASE … TEMPLATE. A file with modules of its own or
// the demo's files still seeds its own (e2e/helpers/app.ts startApp, test/helpers/demo.ts). The
// seed's own tests (test/demo-seed.test.ts and the files that give the seed its file store) seed
// from scratch.
export default async function setup(project: TestProject) {
  // The demo's dates are relative to the day it was seeded (a response due in 20 days): a file
  // that starts on a later day seeds its own rather than see them a day off.
  const day = new Date().toISOString().slice(0, 10);
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ckk_demo_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(url, `create database ${name}`);
    const signIns = await seedInto(await openPostgres(dbUrl(url, name), { max: 4 }));
    project.provide('demoTemplate', { kind: 'postgres', name, day, signIns });
    return () => adminQuery(url, `drop database if exists ${name} with (force)`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-demo-tpl-'));
  const signIns = await seedInto(await openPglite(dir, { lock: false }));
  project.provide('demoTemplate', { kind: 'pglite', dir, day, signIns });
  return () => rmSync(dir, { recursive: true, force: true });
}

async function seedInto(database: Database): Promise<DemoSignIn[]> {
  const server = await startTestServer(database);
  try {
    return await seedDemo(server.app.services.items);
  } finally {
    await server.close();
    await database.close();
  }
}

async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
