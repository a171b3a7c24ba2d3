import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/server/db/open';
import { query } from '../src/server/db/query';
import { sql } from 'drizzle-orm';
import { adminUrl, dbUrl } from './helpers/pg-urls';

// Nodes started together on a new PostgreSQL database (docs/deploy.md's two app nodes) migrate
// one after the other under an advisory lock: all three start, and each migration ran once.
// PGlite is one process's database, so there is nothing to race there.

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('three nodes starting on a new database', () => {
  it('all start, and the migrations run once', async () => {
    const name = `ckk_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl(url!) });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const nodes = await Promise.all([1, 2, 3].map(() => openPostgres(dbUrl(url!, name), { max: 2 })));
      try {
        const [m] = await query<{ n: number; distinct: number }>(
          nodes[0]!.db,
          sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
        );
        expect(m!.n).toBeGreaterThan(10);
        expect(m!.distinct).toBe(m!.n);
      } finally {
        for (const n of nodes) await n.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
