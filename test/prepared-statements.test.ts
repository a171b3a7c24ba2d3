import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, queryPrepared } from '../src/server/db/query';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

// queryPrepared (src/server/db/query.ts): the write path's hot statements are named, so the
// database parses and plans them once. On PostgreSQL node-postgres names them in the protocol; on
// PGlite, which ignores a query's name, SQL's PREPARE and EXECUTE do (db/pglite-statements.ts),
// with the values written into EXECUTE as literals: these values must come back unchanged.

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await tdb?.close();
});

const echo = (s: string | null, n: number | null, b: boolean | null) =>
  sql`select ${s}::text as s, ${n}::int as n, ${b}::boolean as b, length(${s}::text) as len`;

const AWKWARD = [
  "it's",
  'back\\slash',
  "\\'",
  "E'x'",
  '$1 and $2',
  'line\nbreak\ttab',
  'ᐊᓂᔑᓈᐯᒧᐎᓐ 🪶 Kwak̓wala',
  "'); drop table items; --",
  '',
];

describe('named statements', () => {
  it('gives back every value as it was sent, the first time and once prepared', async () => {
    for (let round = 0; round < 2; round++)
      for (const s of AWKWARD) {
        const [r] = await queryPrepared<{ s: string; n: number; b: boolean; len: number }>(
          tdb.database.db,
          echo(s, -42, false),
        );
        expect(r).toEqual({ s, n: -42, b: false, len: [...s].length });
      }
    const [nulls] = await queryPrepared(tdb.database.db, echo(null, null, null));
    expect(nulls).toEqual({ s: null, n: null, b: null, len: null });
    // The items table is still there.
    const [n] = await query<{ n: number }>(tdb.database.db, sql`select count(*)::int as n from items`);
    expect(n!.n).toBeGreaterThanOrEqual(0);
  });

  it('runs the statement as a named one on the connection', async () => {
    const text = sql`select ${'named?'}::text as probe_named_statement`;
    const names = await tdb.database.db.transaction(async (tx) => {
      await queryPrepared(tx, text);
      return query<{ statement: string }>(
        tx,
        sql`select statement from pg_prepared_statements where statement like '%probe_named_statement%'`,
      );
    });
    expect(names).toHaveLength(1);
  });

  it('answers callers that first ask for a statement at the same time, in and out of a transaction', async () => {
    const text = sql`select ${'same time'}::text as first_asked_together`;
    const db = tdb.database.db;
    const answers = await Promise.all([
      queryPrepared(db, text),
      queryPrepared(db, text),
      db.transaction((tx) => queryPrepared(tx, text)),
      queryPrepared(db, text),
    ]);
    expect(answers).toEqual(Array(4).fill([{ first_asked_together: 'same time' }]));
  });

  it('keeps a statement prepared in a transaction that rolled back', async () => {
    const text = sql`select ${7}::int + 1 as eight`;
    await expect(
      tdb.database.db.transaction(async (tx) => {
        expect(await queryPrepared(tx, text)).toEqual([{ eight: 8 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queryPrepared(tdb.database.db, text)).toEqual([{ eight: 8 }]);
    await tdb.database.db.transaction(async (tx) => {
      expect(await queryPrepared(tx, text)).toEqual([{ eight: 8 }]);
    });
  });
});
