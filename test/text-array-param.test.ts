import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, textArrayParam } from '../src/server/db/query';
import { loadRows } from '../src/server/items/rows';
import { makeOrg } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { AccessPolicy } from '../src/server/access/policy';
import { ItemService } from '../src/server/items/item-service';
import { appRegistry } from '../src/modules';

// textArrayParam: a long id list as one array parameter (loadRows uses it: 2,000 parameters
// planned slowly). Every value must come back as itself, whatever it holds.

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase();
});
afterAll(async () => {
  await tdb?.close();
});

describe('textArrayParam', () => {
  it('keeps commas, braces, quotes, backslashes, spaces, NULL and empty values', async () => {
    const values = ['a', 'b,c', '{x}', 'q"uote', 'back\\slash', "sin'gle", 'NULL', '', ' sp ', 'é'];
    const [row] = await query<{ v: string[] }>(tdb.database.db, sql`select ${textArrayParam(values)} as v`);
    expect(row!.v).toEqual(values);
    const [none] = await query<{ n: number }>(
      tdb.database.db,
      sql`select cardinality(${textArrayParam([])}) as n`,
    );
    expect(Number(none!.n)).toBe(0);
  });

  it('loadRows finds each id of a long list once, and nothing for an id that is not there', async () => {
    const registry = appRegistry();
    const items = new ItemService(tdb.database, registry, new AccessPolicy(registry));
    const org = await makeOrg(items, 'Riverbend');
    const ids = [org];
    for (let n = 0; n < 30; n++) ids.push(await makeOrg(items, `Org ${n}`));
    const rows = await loadRows(tdb.database.db, [...ids, ...ids, 'Organization-99999', 'x"}']);
    expect([...rows.keys()].sort()).toEqual([...ids].sort());
  });
});
