import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import { openPostgres } from '../src/server/db/open';
import { loadPrincipal } from '../src/server/auth/principals';
import { grantAccess } from '../src/server/items/grants';
import { ItemService } from '../src/server/items/item-service';
import { SearchService } from '../src/server/search/search-service';
import { AccessPolicy } from '../src/server/access/policy';
import { DEMO_PASSWORD } from '../src/server/seed/demo';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, signIn, WsClient } from './helpers/ws-client';
import { demoIn } from './helpers/demo';

// search/ids: the query model, full text without accents or case, facets, and above all that
// results, counts and labels come only from items the asker may read.

let tdb: TestDatabase;
let server: TestServer;
let emails: string[];
let attachmentId: string;

type Result = {
  ids: string[];
  labels: Record<string, string>;
  facets: Record<string, { value: unknown; count: number; label?: string }[]>;
  total: number;
};

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  emails = (await demoIn(tdb, items)).map((d) => d.email);
  const { client } = await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD);
  await client.call('create/Thread', {
    subject: 'Stó:lō Nation referral on the river crossing',
    $access: 'COMMUNITY',
    purpose: 'CONSULT_ACK',
  });
  const prot = await client.call<{ $id: string }>('create/Thread', {
    subject: 'Protected planning of the crossing',
    $access: 'PROTECTED',
    purpose: 'CONSULT_INCOMPLETE',
  });
  await client.call('create/Message', { thread: prot.$id, body: 'Internal note about the crossing' });
  // A file on the protected thread: text search must follow the attachment to its parent.
  attachmentId = (
    await items.create(SYSTEM, 'Attachment', {
      originalName: 'Gravel bar survey plan.pdf',
      rel: prot.$id,
      size: 1200,
      mimeGroup: 'application',
    })
  ).$id as string;
  // The regulator may read the protected thread by a grant, and so its file (through the parent,
  // not through the file's own level): the narrow table must carry the file's parent link.
  const regulator = (
    await query<{ id: string }>(
      items.db,
      sql`select user_id as id from credentials where email = 'regulator@lands.gov.example'`,
    )
  )[0]!.id;
  const landsAdmin = (
    await query<{ id: string }>(
      items.db,
      sql`select user_id as id from credentials where email = 'lands.admin@riverbend.example'`,
    )
  )[0]!.id;
  await grantAccess(items, (await loadPrincipal(items.db, landsAdmin))!, prot.$id, regulator, ['read']);
  const member = (
    await query<{ id: string }>(
      items.db,
      sql`select user_id as id from credentials where email = 'member@riverbend.example'`,
    )
  )[0]!.id;
  await items.create(SYSTEM, 'Notify', {
    kind: 'updated',
    recipient: member,
    context: prot.$id,
    unread: true,
  });
  await client.close();
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

// One sign-in per person for the whole file: sign-ins from one address are rate limited.
const tokens = new Map<string, string>();
async function connect(email: string): Promise<WsClient> {
  let token = tokens.get(email);
  if (!token) {
    token = await signIn(server.url, email, DEMO_PASSWORD);
    tokens.set(email, token);
  }
  const client = await WsClient.connect(server.wsUrl);
  const authed = await client.request('tokenAuth', { token }, { v: 'test' });
  if (authed.o !== 'authed') throw new Error(`tokenAuth failed: ${JSON.stringify(authed.b)}`);
  return client;
}

async function searchAs(email: string | null, body: unknown): Promise<Result> {
  if (!email) {
    const r = await fetch(`${server.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ o: 'search/ids', b: body }),
    });
    return ((await r.json()) as { data: Result }).data;
  }
  const client = await connect(email);
  try {
    return await client.call<Result>('search/ids', body);
  } finally {
    await client.close();
  }
}

describe('full text', () => {
  it('finds words by prefix, ignoring accents and case', async () => {
    const r = await searchAs('member@riverbend.example', { must: { $text: ['sto:lo'] }, labels: true });
    expect(Object.values(r.labels)).toEqual(['Stó:lō Nation referral on the river crossing']);
    const prefix = await searchAs('member@riverbend.example', { must: { $text: ['REFER crossi'] } });
    expect(prefix.ids).toHaveLength(1);
  });

  it('finds a file name, an e-mail address and a hyphenated name by any of their parts', async () => {
    const { client } = await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD);
    // The combining marks are typed apart (NFD), as some keyboards for these orthographies do.
    const subject = `Minutes: drone-survey-2.bin sent to k.joe@riverbend.example, Nuu-chah-nulth, ${'Sḵwx̱wú7mesh'.normalize('NFD')}`;
    const made = await client.call<{ $id: string }>('create/Thread', { subject, $access: 'COMMUNITY' });
    await client.close();
    for (const words of [
      'survey',
      'bin',
      'drone-survey-2.bin',
      'riverbend',
      'k.joe@riverbend.example',
      'joe',
      'chah',
      'nuu-chah-nulth',
      'skwxwu7mesh',
      'Sḵwx̱wú7mesh',
      'minutes 2',
    ]) {
      const r = await searchAs('member@riverbend.example', { must: { $text: [words] } });
      expect({ words, found: r.ids.includes(made.$id) }).toEqual({ words, found: true });
    }
    const none = await searchAs('member@riverbend.example', { must: { $text: ['surveyor'] } });
    expect(none.ids).not.toContain(made.$id);
  });

  it("migration 0009 splits an older row's text at its punctuation, and the narrow table follows", async () => {
    const db = server.app.services.items.db;
    const { client } = await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD);
    const made = await client.call<{ $id: string }>('create/Thread', {
      subject: 'Older row',
      $access: 'COMMUNITY',
    });
    await client.close();
    // As the item service wrote it before: the label and text fields joined, punctuation kept.
    await query(
      db,
      sql`update items set search_text = 'Older row \n gravel-pit_3.kmz from m.joe@riverbend.example' where id = ${made.$id}`,
    );
    expect((await searchAs('member@riverbend.example', { must: { $text: ['kmz'] } })).ids).not.toContain(
      made.$id,
    );
    const file = readFileSync(new URL('../migrations/0009_search_words.sql', import.meta.url), 'utf8');
    const statement = file.split('--> statement-breakpoint').at(-1)!;
    await query(db, sql.raw(statement));
    const [row] = await query<{ text: string }>(
      db,
      sql`select search_text as text from items where id = ${made.$id}`,
    );
    expect(row!.text.replace(/\s+/g, ' ')).toBe('Older row gravel pit 3 kmz from m joe riverbend example');
    for (const w of ['kmz', 'pit', 'gravel-pit_3.kmz', 'm.joe@riverbend.example']) {
      const found = (await searchAs('member@riverbend.example', { must: { $text: [w] } })).ids;
      expect({ w, found: found.includes(made.$id) }).toEqual({ w, found: true });
    }
  });

  it('ranks and filters only among readable items', async () => {
    const member = await searchAs('member@riverbend.example', {
      must: { $text: ['crossing'] },
      labels: true,
    });
    expect(Object.values(member.labels)).toEqual(['Stó:lō Nation referral on the river crossing']);
    const staff = await searchAs('researcher@riverbend.example', {
      must: { $text: ['crossing'] },
      labels: true,
    });
    // Staff read Riverbend's PROTECTED items too: core's planning thread, and the consult demo's
    // consultation, its project area (the spatial demo's footprint), its Riverbend response
    // (labelled by project and community), a site visit meeting and the response's mileage expense.
    expect(Object.values(staff.labels).sort()).toEqual([
      'Crossing right-of-way',
      'Mileage to the crossing, 144 km',
      'Protected planning of the crossing',
      'Riverbend crossing replacement',
      'Riverbend crossing replacement — Riverbend First Nation',
      'Site visit at the river crossing',
      'Stó:lō Nation referral on the river crossing',
    ]);
    // Messages are left out of general search, but found when asked for by type.
    const messages = await searchAs('researcher@riverbend.example', {
      must: { _t: ['Message'], $text: ['crossing'] },
    });
    // Core's reply in the planning thread, and the consult demo's message in a consultation's
    // thread that Riverbend's staff read.
    expect(messages.ids).toHaveLength(2);
  });

  it('mixes words with property filters, facets and sorts (items joined to the narrow table)', async () => {
    const body = {
      must: { $text: ['crossing'], purpose: ['CONSULT_INCOMPLETE'] },
      facets: ['purpose', '_m.ts'],
      sort: [{ key: 'subject', order: 'asc' }],
      labels: true,
    };
    const staff = await searchAs('researcher@riverbend.example', body);
    expect(Object.values(staff.labels)).toEqual(['Protected planning of the crossing']);
    expect(staff.facets.purpose).toMatchObject([{ value: 'CONSULT_INCOMPLETE', count: 1 }]);
    expect(staff.facets['_m.ts']!.reduce((n, b) => n + b.count, 0)).toBe(1);
    expect(await searchAs('member@riverbend.example', body)).toMatchObject({ ids: [], total: 0 });
    const both = await searchAs('researcher@riverbend.example', {
      must: { $text: ['crossing'], _t: ['Thread'] },
      sort: [{ key: 'subject', order: 'desc' }],
      labels: true,
    });
    expect(Object.values(both.labels)).toEqual([
      'Stó:lō Nation referral on the river crossing',
      'Protected planning of the crossing',
    ]);
  });
});

describe('query model', () => {
  it('supports must, mustNot, should with minShould, sort, max, offset and total', async () => {
    const who = 'lands.admin@riverbend.example';
    const all = await searchAs(who, {
      must: { _t: ['Agreement'] },
      sort: [{ key: 'title', order: 'asc' }],
      labels: true,
      max: 2,
    });
    expect(all.total).toBe(4);
    expect(all.ids).toHaveLength(2);
    expect(Object.values(all.labels)).toEqual([
      'Community data-sharing terms',
      'Pipeline accommodation agreement (negotiation draft)',
    ]);
    const page2 = await searchAs(who, {
      must: { _t: ['Agreement'] },
      sort: [{ key: 'title', order: 'asc' }],
      max: 2,
      offset: 2,
    });
    expect(page2.ids).toHaveLength(2);
    expect(page2.ids.some((id) => all.ids.includes(id))).toBe(false);
    const notDraft = await searchAs(who, { must: { _t: ['Agreement'] }, mustNot: { state: ['DRAFT'] } });
    expect(notDraft.total).toBe(2);
    const should = await searchAs(who, {
      must: { _t: ['Agreement'] },
      should: { kind: ['RESEARCH', 'DATA_SHARING'] },
      minShould: 1,
    });
    expect(should.total).toBe(2);
  });

  it('mustNot keeps items that lack the property (a thread never marked resolved is open)', async () => {
    const who = 'lands.admin@riverbend.example';
    const threads = await searchAs(who, { must: { _t: ['Thread'] } });
    const resolved = await searchAs(who, { must: { _t: ['Thread'], resolved: [true] } });
    const open = await searchAs(who, { must: { _t: ['Thread'] }, mustNot: { resolved: [true] } });
    expect(threads.total).toBeGreaterThan(resolved.total);
    expect(open.total).toBe(threads.total - resolved.total);
  });

  it('refuses a query it cannot read, with a clear key', async () => {
    const { client } = await connectAs(server, 'member@riverbend.example', DEMO_PASSWORD);
    expect((await client.request('search/ids', { must: 'everything' })).b).toMatchObject({
      erred: true,
      userMessage: 'invalidInput',
    });
    expect((await client.request('search/ids', { must: { noSuchKey: ['x'] } })).b).toMatchObject({
      erred: true,
      userMessage: 'invalidInput',
    });
    expect((await client.request('search/ids', { must: { _t: ['NoSuchType'] } })).b).toMatchObject({
      erred: true,
      userMessage: 'invalidInput',
    });
    await client.close();
  });
});

describe('facets', () => {
  it('counts only readable items and labels only readable relation targets', async () => {
    const body = { must: { _t: ['Agreement'] }, facets: ['state', 'with'] };
    const member = await searchAs('member@riverbend.example', body);
    const admin = await searchAs('lands.admin@riverbend.example', body);
    const count = (r: Result, key: string, value: string) =>
      r.facets[key]!.find((b) => b.value === value)?.count ?? 0;
    expect(count(member, 'state', 'DRAFT')).toBe(0);
    expect(count(admin, 'state', 'DRAFT')).toBe(2);
    expect(count(member, 'state', 'ACTIVE')).toBe(2);
    const pipeline = admin.facets.with!.find((b) => b.label === 'Northern Pipeline Corp.');
    expect(pipeline?.count).toBe(1);
    expect(JSON.stringify(member.facets)).not.toContain('Northern Pipeline');
  });
});

/** A connection as that person (null: signed out) and the ids among `ids` they may read. */
async function readableAs(email: string | null, ids: string[]) {
  const client = email ? await connect(email) : await WsClient.connect(server.wsUrl);
  const readable = new Set<string>();
  if (email) {
    const many = await client.call<Record<string, { erred?: boolean }>>('readMany/object', ids);
    for (const [id, v] of Object.entries(many)) if (!v.erred) readable.add(id);
  } else {
    for (const id of ids)
      if (!((await client.request(`read/${id}`)).b as { erred?: boolean }).erred) readable.add(id);
  }
  return { client, readable };
}

describe('search agrees with the access policy', () => {
  it('returns exactly the items each principal can read, for every type', async () => {
    const ids = (
      await query<{ id: string }>(
        server.app.services.items.db,
        sql`select id from items where not deleted order by id`,
      )
    ).map((r) => r.id);
    const types = [...server.app.services.registry.types.keys()];
    for (const email of [null, ...emails]) {
      const { client, readable } = await readableAs(email, ids);
      const found = email
        ? await client.call<Result>('search/ids', { must: { _t: types }, max: 100_000 })
        : await searchAs(null, { must: { _t: types }, max: 100_000 });
      expect({ who: email ?? 'signed out', ids: [...found.ids].sort() }).toEqual({
        who: email ?? 'signed out',
        ids: [...readable].sort(),
      });
      expect(found.total).toBe(readable.size);
      await client.close();
    }
  });
});

describe('text search on the narrow table agrees with the access policy', () => {
  it('keeps every key the read rule follows, and stays equal to items after every write', async () => {
    const db = server.app.services.items.db;
    for (const t of server.app.services.registry.types.values())
      for (const key of [t.access.follows, t.access.recipientField].filter((k): k is string => !!k)) {
        const [row] = await query<{ kept: unknown }>(
          db,
          sql`select ckk_item_search_data(jsonb_build_object(${key}::text, 'X-1', 'other', 'y')) as kept`,
        );
        expect({ type: t.name, kept: row!.kept }).toEqual({ type: t.name, kept: { [key]: 'X-1' } });
      }
    // The flags that hide an item from general search are read on the narrow table too.
    for (const t of server.app.services.registry.types.values())
      for (const [key, prop] of Object.entries(t.properties).filter(([, p]) => p.hideInGeneralSearch)) {
        const [row] = await query<{ kept: unknown }>(
          db,
          sql`select ckk_item_search_data(jsonb_build_object(${key}::text, true, 'other', 'y')) as kept`,
        );
        expect({ type: t.name, kept: row!.kept }).toEqual({ type: t.name, kept: { [key]: true } });
        expect(prop.kind).toBe('boolean');
      }
    // The trigger's copy, recomputed from items: every row there, nothing else, nothing stale.
    const [diff] = await query<{ n: string | number }>(
      db,
      sql`select count(*) as n from items i full join item_search s on s.id = i.id
          where i.id is null or s.id is null
             or (i.type, i.num, i.owner, i.access, i.created_by, i.created_at, i.deleted, ckk_item_search_data(i.data))
                is distinct from (s.type, s.num, s.owner, s.access, s.created_by, s.created_at, s.deleted, s.data)
             or to_tsvector('simple', ckk_unaccent(lower(i.search_text))) is distinct from s.tsv`,
    );
    expect(Number(diff!.n)).toBe(0);
    const [n] = await query<{ n: string | number }>(db, sql`select count(*) as n from item_search`);
    expect(Number(n!.n)).toBeGreaterThan(20);
  });

  // A text search that filters, sorts and counts only by columns reads item_search alone
  // (migration 0008): its rows, and the read rule over them, must give what readMany gives.
  it('returns exactly the readable matches of common words, for every principal', async () => {
    const db = server.app.services.items.db;
    const registry = server.app.services.registry;
    const excluded = new Set(
      [...registry.types.values()].filter((t) => t.excludeGeneralSearch).map((t) => t.name),
    );
    const all = await query<{ id: string; type: string; text: string }>(
      db,
      sql`select id, type, search_text as text from items where not deleted order by id`,
    );
    const common = (
      await query<{ w: string }>(
        db,
        sql`select w from items, regexp_split_to_table(lower(search_text), '[^[:alpha:]]+') as w
            where not deleted and length(w) >= 4 group by w order by count(*) desc, w limit 10`,
      )
    ).map((r) => r.w);
    // The most common words of the demo, and this file's word that it spreads over every level
    // (the demo's story may outnumber it).
    const words = [...new Set([...common, 'crossing'])];
    expect(words.length).toBeGreaterThan(5);
    for (const email of [null, ...emails]) {
      const { client, readable } = await readableAs(
        email,
        all.map((r) => r.id),
      );
      for (const w of words) {
        // Matched here from items' own text, independently of the copy the search reads.
        const matches = await query<{ id: string }>(
          db,
          sql`select id from items where not deleted
              and to_tsvector('simple', ckk_unaccent(lower(search_text))) @@ to_tsquery('simple', ckk_unaccent(${`${w}:*`}))`,
        );
        const types = new Map(all.map((r) => [r.id, r.type]));
        const expected = matches
          .map((r) => r.id)
          .filter((id) => readable.has(id) && !excluded.has(types.get(id)!))
          .sort();
        const body = { must: { $text: [w] }, facets: ['_t', '$access', '_c.ts'], max: 100_000 };
        const found = email ? await client.call<Result>('search/ids', body) : await searchAs(null, body);
        expect({ who: email ?? 'signed out', w, ids: [...found.ids].sort() }).toEqual({
          who: email ?? 'signed out',
          w,
          ids: expected,
        });
        expect(found.total).toBe(expected.length);
        for (const f of ['_t', '$access'])
          expect(found.facets[f]!.reduce((n, b) => n + b.count, 0)).toBe(expected.length);
      }
      // The file on the protected thread: found exactly by those who may read the thread.
      const body = { must: { $text: ['survey plan'] } };
      const file = email ? await client.call<Result>('search/ids', body) : await searchAs(null, body);
      expect({ who: email ?? 'signed out', ids: file.ids }).toEqual({
        who: email ?? 'signed out',
        ids: readable.has(attachmentId) ? [attachmentId] : [],
      });
      if (email === 'lands.officer@riverbend.example' || email === 'regulator@lands.gov.example')
        expect(file.ids).toEqual([attachmentId]);
      if (email === null || email.endsWith('northernpipeline.example')) expect(file.ids).toEqual([]);
      await client.close();
    }
  });
});

describe('date facets', () => {
  it('counts readable items per relative date band, and a band filters by its range', async () => {
    const who = 'lands.admin@riverbend.example';
    const r = await searchAs(who, { must: { _t: ['Thread'] }, facets: ['_c.ts', 'assignedDue'] });
    const today = r.facets['_c.ts']!.find((b) => b.label === 'today');
    expect(today?.count).toBe(r.total);
    expect(String(today?.value)).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z\.\.\d{4}-/);
    const filtered = await searchAs(who, { must: { _t: ['Thread'], '_c.ts': [today!.value as string] } });
    expect(filtered.total).toBe(r.total);
    const member = await searchAs('member@riverbend.example', {
      must: { _t: ['Thread'] },
      facets: ['_c.ts'],
    });
    expect(member.facets['_c.ts']!.find((b) => b.label === 'today')?.count).toBe(member.total);
    expect(member.total).toBeLessThan(r.total);
  });
});

describe('date bands', () => {
  it('places each item in the one band its date falls in, from tomorrow to years ago', async () => {
    const db = server.app.services.items.db;
    const { client } = await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD);
    const ago: Record<string, number> = {
      withinWeek: -3,
      tomorrow: -1,
      today: 0,
      yesterday: 1,
      lastWeek: 3,
      d7_30: 10,
      d30_60: 45,
      d60_90: 75,
      d90_180: 120,
      over180: 400,
    };
    const ids: Record<string, string> = {};
    for (const [band, days] of Object.entries(ago)) {
      const made = await client.call<{ $id: string }>('create/Thread', {
        subject: `Band ${band}`,
        $access: 'COMMUNITY',
      });
      ids[band] = made.$id;
      // Noon UTC of that day, clear of the midnight boundaries.
      await query(
        db,
        sql`update items set created_at = date_trunc('day', now() at time zone 'utc') at time zone 'utc'
            - ${days} * interval '1 day' + interval '12 hours' where id = ${made.$id}`,
      );
    }
    await client.close();
    const all = Object.values(ids);
    const r = await searchAs('lands.admin@riverbend.example', { must: { $id: all }, facets: ['_c.ts'] });
    const counts = Object.fromEntries(r.facets['_c.ts']!.map((b) => [b.label, b.count]));
    expect(counts).toEqual(Object.fromEntries(Object.keys(ago).map((b) => [b, 1])));
    // Each band's value filters to exactly its item; an item 200 years old is in no band.
    for (const b of r.facets['_c.ts']!) {
      const one = await searchAs('lands.admin@riverbend.example', {
        must: { $id: all, '_c.ts': [b.value as string] },
      });
      expect({ band: b.label, ids: one.ids }).toEqual({ band: b.label, ids: [ids[b.label!]] });
    }
    await query(
      db,
      sql`update items set created_at = now() - interval '200 years' where id = ${ids.over180!}`,
    );
    const old = await searchAs('lands.admin@riverbend.example', { must: { $id: all }, facets: ['_c.ts'] });
    expect(old.facets['_c.ts']!.find((b) => b.label === 'over180')).toBeUndefined();
    expect(old.total).toBe(all.length);
  });
});

describe('bounds', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'answers queryTooBroad when a search runs past the statement timeout',
    async () => {
      // A pool whose statements may run 1 ms stands in for a search over millions of items.
      const tight = await openPostgres(tdb.url!, { migrate: false, max: 2, statementTimeoutMs: 1 });
      try {
        const registry = server.app.services.registry;
        const search = new SearchService(new ItemService(tight, registry, new AccessPolicy(registry)));
        const reader = { userId: 'User-1', admin: false, orgs: new Map(), masqueradeFrom: null };
        await expect(
          search.search(reader, { must: { $text: ['crossing'] }, facets: ['_t', '_c.ts'] }),
        ).rejects.toMatchObject({
          key: 'queryTooBroad',
        });
      } finally {
        await tight.close();
      }
    },
  );
});
