import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgListener } from '../src/server/db/pg-listener';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

// A node's one LISTEN session (db/pg-listener.ts), on a real PostgreSQL: every channel on one
// session, the session reopened with all of them when it dies, a channel's last handler leaving
// unlistens it. PGlite has no separate sessions; there `listen` is PGlite's own.

let tdb: TestDatabase;
let admin: pg.Client | null = null;

beforeAll(async () => {
  tdb = await openTestDatabase();
  if (tdb.url) {
    admin = new pg.Client({ connectionString: tdb.url });
    await admin.connect();
  }
});

afterAll(async () => {
  await admin?.end();
  await tdb?.close();
});

const listeners = async () =>
  (
    await admin!.query<{ pid: number }>(
      `select pid from pg_stat_activity where application_name = 'ckk-listen' and datname = current_database()`,
    )
  ).rows.map((r) => r.pid);

describe('PgListener', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'carries every channel on one session, reopens it with all of them, and unlistens a channel left by its last handler',
    async () => {
      const l = new PgListener(tdb.url!);
      const got: string[] = [];
      const offA = await l.listen('ckk_test_a', (p) => got.push(`a:${p}`));
      const offB = await l.listen(
        'ckk_test_b',
        (p) => got.push(`b:${p}`),
        () => got.push('reconnected'),
      );
      const first = await listeners();
      expect(first).toHaveLength(1);
      await admin!.query(`select pg_notify('ckk_test_a', '1'), pg_notify('ckk_test_b', '2')`);
      await expect.poll(() => got).toEqual(['a:1', 'b:2']);

      await admin!.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid = $1`, [first[0]]);
      await expect.poll(() => got.includes('reconnected'), { timeout: 10_000 }).toBe(true);
      const second = await listeners();
      expect(second).toHaveLength(1);
      expect(second[0]).not.toBe(first[0]);
      await admin!.query(`select pg_notify('ckk_test_a', '3'), pg_notify('ckk_test_b', '4')`);
      await expect.poll(() => got.slice(-2)).toEqual(['a:3', 'b:4']);

      await offA();
      await admin!.query(`select pg_notify('ckk_test_a', '5'), pg_notify('ckk_test_b', '6')`);
      await expect.poll(() => got.at(-1)).toBe('b:6');
      expect(got).not.toContain('a:5');
      await offB();
      await l.close();
      await expect.poll(listeners).toEqual([]);
    },
  );
});
