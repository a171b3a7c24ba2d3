import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../../src/server/db/open';
import { seedDemo } from '../../src/server/seed/demo';
import { startTestServer } from '../../test/helpers/test-server';
import { adminUrl, dbUrl } from '../../test/helpers/pg-urls';

// Every browser-test file starts on the demo data, and seeding it took each file seconds of the
// CI's two cores. It is seeded once here, into a template that each file copies
// (test/helpers/test-db.ts `demo`): a PGlite data directory, or on PostgreSQL (DATABASE_URL, as
// CI runs them: docs/adr/0008) a template database cloned with CREATE DATABASE … TEMPLATE. A file
// with modules of its own or the demo's files still seeds its own (e2e/helpers/app.ts startApp).
export default async function setup(project: TestProject) {
  // The demo's dates are relative to the day it was seeded (a response due in 20 days): a file
  // that starts on a later day seeds its own rather than see them a day off.
  const day = new Date().toISOString().slice(0, 10);
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ckk_demo_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(url, `create database ${name}`);
    await seedInto(await openPostgres(dbUrl(url, name), { max: 4 }));
    project.provide('demoTemplate', { kind: 'postgres', name, day });
    return () => adminQuery(url, `drop database if exists ${name} with (force)`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-demo-tpl-'));
  await seedInto(await openPglite(dir, { lock: false }));
  project.provide('demoTemplate', { kind: 'pglite', dir, day });
  return () => rmSync(dir, { recursive: true, force: true });
}

async function seedInto(database: Database) {
  const server = await startTestServer(database);
  try {
    await seedDemo(server.app.services.items);
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
