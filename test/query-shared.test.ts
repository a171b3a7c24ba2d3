import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryShared } from '../src/server/db/query';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

// queryShared (src/server/db/query.ts): a statement identical to one already running on the
// same executor shares its rows; any other value, or a later call, runs on its own.

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await tdb?.close();
});

const slow = (who: string) =>
  sql`select ${who}::text as who, clock_timestamp()::text as at from pg_sleep(0.05)`;

describe('queryShared', () => {
  it('shares the rows of the same statement while it runs, and never across values', async () => {
    const ex = tdb.database.db;
    const [a, b, c] = await Promise.all([
      queryShared<{ who: string }>(ex, slow('User-1')),
      queryShared<{ who: string }>(ex, slow('User-1')),
      queryShared<{ who: string }>(ex, slow('User-2')),
    ]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(a.map((r) => r.who)).toEqual(['User-1']);
    expect(c.map((r) => r.who)).toEqual(['User-2']);
    // Once it has ended, the same statement runs again: nothing is kept.
    const later = await queryShared<{ who: string }>(ex, slow('User-1'));
    expect(later).not.toBe(a);
  });

  it('lets a failed statement fail for each caller and run again afterwards', async () => {
    const ex = tdb.database.db;
    const bad = () => queryShared(ex, sql`select 1 / (${0}::int) as x`);
    const tries = await Promise.allSettled([bad(), bad()]);
    expect(tries.map((t) => t.status)).toEqual(['rejected', 'rejected']);
    await expect(queryShared<{ x: number }>(ex, sql`select ${2}::int as x`)).resolves.toEqual([{ x: 2 }]);
  });
});
