import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineItemType } from '../src/kernel/item-type';
import { appRegistry } from '../src/modules';
import { ensureTypeIndexes, typeIndexDdl } from '../src/server/db/type-indexes';
import { query } from '../src/server/db/query';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

// Indexes a type declares (ItemTypeDef `indexes`) are made at start over that type's rows only,
// so schema.ts names no module's type; on PGlite and on PostgreSQL alike.

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await openTestDatabase();
});

afterAll(async () => {
  await tdb?.close();
});

const indexDef = async (name: string) =>
  (
    await query<{ indexdef: string }>(
      tdb.database.db,
      sql`select indexdef from pg_indexes where tablename = 'items' and indexname = ${name}`,
    )
  )[0]?.indexdef;

describe('declared type indexes', () => {
  it('are made over the declaring type’s rows, and making them again is a no-op', async () => {
    const registry = appRegistry();
    // A database from before indexes were declared has core's index from migration 0007.
    expect(await indexDef('items_notify_recipient')).toMatch(/WHERE \(type = 'Notify'::text\)/);
    await tdb.database.db.execute(sql`drop index items_notify_recipient`);
    expect(await indexDef('items_notify_recipient')).toBeUndefined();
    await ensureTypeIndexes(tdb.database.db, registry);
    const def = await indexDef('items_notify_recipient');
    expect(def).toMatch(/\(\(data ->> 'recipient'::text\)\), num\)/);
    expect(def).toMatch(/WHERE \(type = 'Notify'::text\)/);
    await ensureTypeIndexes(tdb.database.db, registry);
    expect(await indexDef('items_notify_recipient')).toBe(def);
  });

  it('refuses keys that are not declared properties or columns, since they are spliced into DDL', () => {
    const T = defineItemType({
      name: 'Widget',
      properties: { title: { kind: 'string' } },
      access: { create: 'admin', defaultLevel: 'PRIVATE' },
    });
    expect(typeIndexDdl(T, { name: 'items_widget_title', keys: ['title', 'created_at'] })).toBe(
      `create index if not exists "items_widget_title" on "items" using btree (("data"->>'title'), "created_at") where "items"."type" = 'Widget'`,
    );
    expect(() => typeIndexDdl(T, { name: 'items_widget_x', keys: ["title') or true --"] })).toThrow(
      'neither a declared property nor a column',
    );
    expect(() => typeIndexDdl(T, { name: 'items"; drop table items; --', keys: ['title'] })).toThrow(
      'not an index name',
    );
  });
});
