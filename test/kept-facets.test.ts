import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveEntry } from '../src/modules/archive/types';
import { SYSTEM, type Principal } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import { setGrantIn } from '../src/server/items/grants';
import { foldKeptCounts } from '../src/server/search/kept-counts';
import { makeOrg, makeUser } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// Kept facet counts (search/kept-facets.ts, kept-counts.ts): the archive catalogue's first page
// sums counts kept by triggers instead of counting live. For every kind of reader, the kept
// answer must be the live one (the same query with a filter that changes nothing takes the live
// path): after creates, edits of a facet, of the level and of the protocols, a delete, a
// multi-row insert in one statement, and a fold.

let tdb: TestDatabase;
let server: TestServer;
const who: Record<string, Principal | null> = {};
const ids: string[] = [];
let owner = '';

/** What archive.catalogue asks for (client search-model.ts facetKeys): the type's, then every list's. */
const FACETS = [...ArchiveEntry.facets, 'owner', '$access', '_c.ts', '$tkLabels'];
const CATALOGUE = {
  must: { _t: ['ArchiveEntry'] },
  sort: [{ key: '_c.ts', order: 'desc' }],
  facets: FACETS,
  max: 500,
};
/** The same question, which cannot take the kept path: a mustNot that excludes nothing. */
const LIVE = { ...CATALOGUE, mustNot: { $id: ['ArchiveEntry-0'] } };

type Result = { ids: string[]; total: number; facets: Record<string, { value: unknown; count: number }[]> };
const sorted = (r: Result) => ({
  ids: [...r.ids].sort(),
  total: r.total,
  facets: Object.fromEntries(
    Object.entries(r.facets).map(([k, b]) => [k, b.map((x) => `${String(x.value)}=${x.count}`).sort()]),
  ),
});

async function expectKeptIsLive(): Promise<void> {
  const search = server.app.services.search;
  for (const [name, p] of Object.entries(who)) {
    const principal = p ?? { userId: null, admin: false, orgs: new Map(), masqueradeFrom: null };
    const kept = (await search.search(principal as Principal, CATALOGUE)) as Result;
    const live = (await search.search(principal as Principal, LIVE)) as Result;
    expect(sorted(kept), name).toEqual(sorted(live));
    expect(kept.total, name).toBe(kept.ids.length);
  }
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const { items } = server.app.services;
  owner = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const other = await makeOrg(items, 'Valley College', 'EDUCATION');
  const source = await makeOrg(items, 'Provincial Museum', 'MUSEUM');
  const users = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[owner, 'member']]),
    elder: await makeUser(items, [[owner, 'member']]),
    women: await makeUser(items, [[owner, 'member']]),
    both: await makeUser(items, [[owner, 'member']]),
    staff: await makeUser(items, [[owner, 'staff']]),
    orgAdmin: await makeUser(items, [[owner, 'orgAdmin']]),
    creator: await makeUser(items, [[owner, 'editor']]),
    grantee: await makeUser(items, [[other, 'editor']]),
  };
  const protocol = async (name: string, members: string[]) =>
    (await items.create(SYSTEM, 'Protocol', { name, members }, { owner, actor: users.orgAdmin.id })).$id;
  const elders = await protocol('Elders', [users.elder.id, users.both.id]);
  const women = await protocol("Women's knowledge", [users.women.id, users.both.id]);

  const as = { actor: users.creator.id, owner };
  const entry = async (access: string, data: Record<string, unknown> = {}) => {
    const e = await items.create(
      SYSTEM,
      'ArchiveEntry',
      {
        title: `Entry ${ids.length}`,
        category: 'ORAL_HISTORY',
        type: 'AUDIO_RECORDING',
        date: '1962',
        ...data,
      },
      { ...as, access: access as 'PUBLIC' },
    );
    ids.push(e.$id);
    return e.$id;
  };
  await entry('PUBLIC', { sourceOrg: source, $tkLabels: ['TK_SEASONAL'] });
  await entry('COMMUNITY', { category: 'TREATY_RIGHTS', date: '1923-05' });
  await entry('PROTECTED', { needsAttention: true });
  await entry('PRIVATE');
  const granted = await entry('PRIVATE', { category: 'MAPS' });
  await entry('COMMUNITY', { $protocols: [elders] });
  await entry('COMMUNITY', { $protocols: [elders, women], $protocolsStrict: true, category: 'LANGUAGE' });
  await entry('PUBLIC', { $protocols: [women] });
  // Made by another editor: the creator's own-item rule must not reach it.
  await items.create(
    SYSTEM,
    'ArchiveEntry',
    { title: 'Another editor', category: 'GOVERNANCE', type: 'DOCUMENT' },
    { actor: users.orgAdmin.id, owner, access: 'PRIVATE' },
  );
  await items.transaction((tx) =>
    setGrantIn(tx, items, granted, users.grantee.id, ['read'], {
      grantedBy: users.orgAdmin.id,
      actor: users.orgAdmin.id,
    }),
  );
  who.signedOut = null;
  for (const [k, u] of Object.entries(users)) who[k] = await loadPrincipal(tdb.database.db, u.id);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

describe('kept facet counts', () => {
  it('answer as a live count does, for every reader', async () => {
    await expectKeptIsLive();
    // And the counts are kept: the catalogue read them from facet_counts.
    const [r] = await query<{ n: number }>(
      tdb.database.db,
      sql`select count(*)::int as n from facet_counts where type = 'ArchiveEntry'`,
    );
    expect(r!.n).toBeGreaterThan(0);
  });

  it('are what the catalogue reads: a count changed behind its back shows, and live counts do not', async () => {
    const db = tdb.database.db;
    await db.execute(sql`insert into facet_counts (type, owner, access, protocols, protocol_strict, facet, value, n)
      values ('ArchiveEntry', ${owner}, 'PUBLIC', null, false, 'category', 'PLANTED', 5)`);
    const search = server.app.services.search;
    const planted = (r: Result) => r.facets.category!.find((b) => b.value === 'PLANTED')?.count;
    expect(planted((await search.search(who.member!, CATALOGUE)) as Result)).toBe(5);
    expect(planted((await search.search(who.member!, LIVE)) as Result)).toBeUndefined();
    await db.execute(sql`delete from facet_counts where value = 'PLANTED'`);
  });

  it('follow edits of a facet, the level, the protocols, and a delete', async () => {
    const { items } = server.app.services;
    const edit = async (id: string, patch: Record<string, unknown>) => {
      const row = await items.read(SYSTEM, id);
      await items.update(SYSTEM, { $id: id, $version: row.$version, ...patch });
    };
    await edit(ids[0]!, { category: 'LAND_USE', collections: [], needsAttention: true });
    await edit(ids[1]!, { $access: 'PUBLIC' });
    await edit(ids[2]!, { $protocols: null });
    await edit(ids[3]!, { title: 'Only the title: nothing to count' });
    await items.delete(SYSTEM, ids[4]!);
    await expectKeptIsLive();
  });

  it('follow a many-row insert in one statement, and a fold keeps the sums', async () => {
    const db = tdb.database.db;
    await db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
      select 'ArchiveEntry-9' || g, 'ArchiveEntry', 9000 + g,
        jsonb_build_object('title', 'Bulk ' || g, 'category', case when g % 2 = 0 then 'MAPS' else 'LANGUAGE' end, 'year', 1900 + g),
        ${owner}, case when g % 3 = 0 then 'PUBLIC' else 'COMMUNITY' end, 'bulk'
      from generate_series(1, 40) g`);
    await expectKeptIsLive();
    const count = async () =>
      (
        await query<{ n: number }>(
          db,
          sql`select count(*)::int as n from facet_counts where type = 'ArchiveEntry'`,
        )
      )[0]!.n;
    const before = await count();
    await foldKeptCounts(db, 'ArchiveEntry');
    expect(await count()).toBeLessThan(before);
    await expectKeptIsLive();
  });
});
