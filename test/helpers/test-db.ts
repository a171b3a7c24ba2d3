import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/db/open';
import { adminUrl, dbUrl } from './pg-urls';

export interface TestDatabase {
  database: Database;
  kind: 'pglite' | 'postgres';
  /** For PostgreSQL: the URL of this test's own database (a second node connects to it). */
  url: string | null;
  /** It was copied from the seeded demo template: the demo data is already in it. */
  seeded: boolean;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: PGlite by default, PostgreSQL when DATABASE_URL is set.
 * With `demo`, a copy of the browser tests' seeded demo template when there is one from today
 * (`seeded` says whether it was).
 */
export async function openTestDatabase(opts: { demo?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const demo = opts.demo ? inject('demoTemplate') : null;
    const seeded = demo?.kind === 'postgres' && demo.day === today();
    const template = seeded ? demo.name : inject('pgTemplate');
    if (!template) throw new Error('global setup made no PostgreSQL template');
    const name = `ckk_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const ownUrl = dbUrl(url, name);
    const database = await openPostgres(ownUrl, { migrate: false });
    return {
      database,
      kind: 'postgres',
      url: ownUrl,
      seeded,
      async close() {
        await database.close();
        const a = new pg.Client({ connectionString: adminUrl(url) });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-db-'));
  const demo = opts.demo ? inject('demoTemplate') : null;
  const seeded = demo?.kind === 'pglite' && demo.day === today();
  cpSync(seeded ? demo.dir : inject('pgliteTemplate'), dir, { recursive: true });
  const database = await openPglite(dir, { migrate: false });
  return {
    database,
    kind: 'pglite',
    url: null,
    seeded,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
