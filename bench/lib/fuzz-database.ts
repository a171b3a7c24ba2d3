import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/server/db/open';
import { dbUrl } from '../../test/helpers/pg-urls';

/**
 * A fuzz run's database of its own: PGlite in a temporary directory, or with DATABASE_URL a fresh
 * PostgreSQL database beside the one named there; `cleanup` removes it.
 */
export async function openFuzzDatabase(
  tag: string,
): Promise<{ database: Database; kind: string; cleanup(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${tag}-`));
    const database = await openPglite(dir);
    return { database, kind: 'pglite', cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `${tag.replace(/-/g, '_')}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openPostgres(dbUrl(url, name));
  return {
    database,
    kind: 'postgres',
    async cleanup() {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
