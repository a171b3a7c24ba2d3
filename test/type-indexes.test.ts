import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineItemType } from '../src/kernel/item-type';
import { appRegistry } from '../src/modules';
import { AccessPolicy } from '../src/server/access/policy';
import type { Principal } from '../src/server/access/principal';
import { ItemService } from '../src/server/items/item-service';
import { SearchService } from '../src/server/search/search-service';
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

  it('a gin index holds one property’s JSON value, for search’s containment test', () => {
    const T = defineItemType({
      name: 'Widget',
      properties: { tags: { kind: 'string', list: true }, title: { kind: 'string' } },
      access: { create: 'admin', defaultLevel: 'PRIVATE' },
    });
    expect(typeIndexDdl(T, { name: 'items_widget_tags', keys: ['tags'], method: 'gin' })).toBe(
      `create index if not exists "items_widget_tags" on "items" using gin (("data"->'tags') jsonb_path_ops) where "items"."type" = 'Widget'`,
    );
    expect(typeIndexDdl(T, { name: 'items_widget_access', keys: ['access', 'owner'] })).toBe(
      `create index if not exists "items_widget_access" on "items" using btree ("access", "owner") where "items"."type" = 'Widget'`,
    );
    // A column holds no JSON, and a second key would make an index the one-key test cannot use.
    expect(() => typeIndexDdl(T, { name: 'items_widget_x', keys: ['owner'], method: 'gin' })).toThrow(
      'neither a declared property nor a column',
    );
    expect(() => typeIndexDdl(T, { name: 'items_widget_x', keys: ['tags', 'title'], method: 'gin' })).toThrow(
      'a gin index has one key',
    );
  });
});

// The consultation desk's lists as a community's staff member (issue 14 benchmark): ConsultResponse
// declares a btree over (access, owner) for the read rule and a gin over `_wf.$assigned`. An
// expression index serves only the expression the search writes, so these tests read the plan of
// the very statement the search service runs: if keys.ts or readable-sql.ts changes its SQL, the
// index goes unused and the test fails (the benchmark would only get slower).
describe('ConsultResponse’s declared indexes serve the desk’s searches', () => {
  const registry = appRegistry();
  const staff: Principal = {
    userId: 'User-1010',
    admin: false,
    orgs: new Map([['Organization-1', 'editor']]),
    masqueradeFrom: null,
  };

  beforeAll(async () => {
    await ensureTypeIndexes(tdb.database.db, registry);
    // 20 communities' responses, 100 each, each assigned to one of its 5 staff (bulk, as bench:consult).
    await tdb.database.db.execute(sql`
      insert into items (id, type, num, data, owner, access)
      select 'ConsultResponse-' || s, 'ConsultResponse', s, jsonb_build_object(
          'state', case when s % 2 = 0 then 'PENDING' else 'RESPONDED' end,
          'anticipatedResponse', to_char(date '2026-01-01' + (s % 90), 'YYYY-MM-DD'),
          '_wf.state', 'NEW',
          '_wf.$assigned', jsonb_build_array('User-' || (1000 + (1 + s % 20) * 10 + (s / 20) % 5))),
        'Organization-' || (1 + s % 20), 'PROTECTED'
      from generate_series(1, 2000) s`);
    await tdb.database.db.execute(sql`analyze items`);
  });

  /** The plan of the statement the search runs for `body`, and the search's own answer. */
  async function planOf(body: unknown): Promise<{ plan: string; total: number }> {
    const db = tdb.database.db;
    const run = db.execute.bind(db);
    let statement: Parameters<typeof run>[0] | null = null;
    const search = new SearchService(new ItemService(tdb.database, registry, new AccessPolicy(registry)));
    // The search's one big statement is the one with `with m as materialized`.
    db.execute = ((q: Parameters<typeof run>[0]) => {
      if (!statement && JSON.stringify(q).includes('with m as materialized')) statement = q;
      return run(q);
    }) as typeof db.execute;
    try {
      const { total } = await search.search(staff, body);
      const rows = await query<Record<string, string>>(db, sql`explain ${statement!}`);
      return { plan: rows.map((r) => Object.values(r)[0]).join('\n'), total };
    } finally {
      db.execute = run;
    }
  }

  it('"assigned to me" finds its rows through the gin index over `_wf.$assigned`', async () => {
    const { plan, total } = await planOf({
      must: { _t: ['ConsultResponse'], '_wf.$assigned': ['User-1010'] },
      facets: ['_wf.state'],
      sort: [{ key: '_wf.$assignedDue', order: 'asc' }],
    });
    expect(total).toBe(20);
    expect(plan).toContain('items_consultresponse_assigned');
    expect(plan).not.toMatch(/Seq Scan on items/);
  });

  it('"overdue" reads only the asker’s community’s responses through the (access, owner) index', async () => {
    const { plan, total } = await planOf({
      must: { _t: ['ConsultResponse'], state: ['PENDING'], anticipatedResponse: ['..2026-02-01'] },
      facets: ['_wf.state'],
      sort: [{ key: 'anticipatedResponse', order: 'asc' }],
    });
    // Organization-1 owns s = 20, 40, … 2000 (all even: PENDING); those due before February.
    const expected = Array.from({ length: 100 }, (_, n) => 20 * (n + 1)).filter((s) => s % 90 < 31).length;
    expect(total).toBe(expected);
    expect(plan).toContain('items_consultresponse_access');
    expect(plan).not.toMatch(/Seq Scan on items/);
  });
});
