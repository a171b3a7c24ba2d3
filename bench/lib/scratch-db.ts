import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/server/db/open';

/**
 * One bench run on a database of its own, made for it and removed after: a PGlite folder under
 * the temporary directory, or a PostgreSQL database beside `pgUrl`'s. `generate` fills it (its
 * time is printed), then `measure` runs; the label is the database's name in the output.
 */
export async function onScratchDatabase(
  kind: string,
  tag: string,
  pgUrl: string,
  generate: (db: Database) => Promise<number>,
  measure: (db: Database, label: string) => Promise<void>,
): Promise<void> {
  const both = async (db: Database, label: string) => {
    console.log(`${label.padEnd(9)} generated in ${((await generate(db)) / 1000).toFixed(1)} s`);
    await measure(db, label);
  };
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `ckk-b${tag}-`));
    const db = await openPglite(dir, { lock: false });
    try {
      await both(db, 'pglite');
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const name = `ckk_b${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  // Generating rows in bulk (120,000 responses in one INSERT, item_search kept by its trigger)
  // outlasts the server's statement timeout on a busy machine; the measured queries do not.
  const db = await openPostgres(url.toString(), { max: 4, statementTimeoutMs: 15 * 60_000 });
  try {
    await both(db, 'postgres');
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
