import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { membersQuery } from '../members';

// Collections over the wire (docs/collections.md): addRels and removeRels with the edit's checks,
// the Collection's own rules (allowed types, no cycle, a valid membership search), and members
// that differ by reader because the members' search runs as the reader.

type U = { id: string; email: string };
let tdb: TestDatabase;
let server: TestServer;
let riverbend: string;
let editor: U, staff: U, member: U;
const ws: Record<string, WsClient> = {};
let open: string, staffOnly: string, secret: string, fonds: string;

const items = () => server.app.services.items;
const err = (b: unknown) =>
  b as { erred?: boolean; userMessage?: string; fields?: { path: string; key: string }[] };
type C = { $id: string; $version: number; rel?: string[] };

async function thread(subject: string, access: 'COMMUNITY' | 'PROTECTED' | 'PRIVATE') {
  return (await items().create(SYSTEM, 'Thread', { subject }, { owner: riverbend, access, actor: staff.id }))
    .$id;
}

async function membersAs(who: string, c: C & Record<string, unknown>) {
  const r = await ws[who]!.call<{ ids: string[] }>('search/ids', { ...membersQuery(c), max: 100 });
  return [...r.ids].sort();
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  riverbend = await makeOrg(items(), 'Riverbend First Nation');
  editor = await makeUser(items(), [[riverbend, 'editor']]);
  staff = await makeUser(items(), [[riverbend, 'staff']]);
  member = await makeUser(items(), [[riverbend, 'member']]);
  for (const [k, u] of Object.entries({ editor, staff, member }))
    ws[k] = (await connectAs(server, u.email, PASSWORD)).client;
  open = await thread('Canoe journey photographs', 'COMMUNITY');
  staffOnly = await thread('Burial ground survey', 'PROTECTED');
  secret = await thread('Private negotiation notes', 'PRIVATE');
  fonds = (
    await ws.editor!.call<C>('create/Collection', {
      title: 'Land records',
      collectionType: 'FONDS',
      owner: riverbend,
    })
  ).$id;
}, 60_000);

afterAll(async () => {
  for (const c of Object.values(ws)) await c.close();
  await server?.close();
  await tdb?.close();
});

describe('addRels and removeRels', () => {
  let c: C;
  it('adds members once each, in order, and removes them', async () => {
    c = await ws.editor!.call<C>('create/Collection', { title: 'Journeys', owner: riverbend });
    const added = await ws.editor!.call<C>('act/addRels', {
      prop: 'rel',
      itemID: c.$id,
      rels: [open, staffOnly, open],
    });
    expect(added.rel).toEqual([open, staffOnly]);
    const again = await ws.editor!.call<C>('act/addRels', { prop: 'rel', itemID: c.$id, rels: [open] });
    expect(again.rel).toEqual([open, staffOnly]);
    expect(again.$version).toBe(added.$version);
    const removed = await ws.editor!.call<C>('act/removeRels', {
      prop: 'rel',
      itemID: c.$id,
      ids: [open, 'Thread-999999'],
    });
    expect(removed.rel).toEqual([staffOnly]);
    const emptied = await ws.editor!.call<C>('act/removeRels', {
      prop: 'rel',
      itemID: c.$id,
      ids: [staffOnly],
    });
    expect(emptied.rel).toBeUndefined();
  });

  it('refuses someone who may read but not change the collection, even for a no-op', async () => {
    expect(
      err((await ws.member!.request('act/addRels', { prop: 'rel', itemID: c.$id, rels: [open] })).b)
        .userMessage,
    ).toBe('notAllowed');
    expect(
      err(
        (await ws.member!.request('act/removeRels', { prop: 'rel', itemID: c.$id, ids: ['Thread-999999'] }))
          .b,
      ).userMessage,
    ).toBe('notAllowed');
  });

  it('refuses an id the caller may not read, a property that is no relation list, and an unknown item', async () => {
    const mine = await ws
      .member!.call<C>('create/Collection', { title: 'My favourites', owner: riverbend })
      .catch(() => null);
    // Members may not make collections (staff and up): the staff member's collection serves.
    expect(mine).toBeNull();
    const unreadable = err(
      (await ws.editor!.request('act/addRels', { prop: 'rel', itemID: c.$id, rels: [secret] })).b,
    );
    expect(unreadable.erred).toBe(true);
    const notList = err(
      (await ws.editor!.request('act/addRels', { prop: 'title', itemID: c.$id, rels: [open] })).b,
    );
    expect(notList.fields?.[0]).toEqual({ path: 'prop', key: 'errors.invalidValue' });
    const unknown = err(
      (await ws.editor!.request('act/addRels', { prop: 'rel', itemID: 'Nope-1', rels: [open] })).b,
    );
    expect(unknown.userMessage).toBe('notFound');
  });
});

describe('a collection’s rules', () => {
  it('keeps hand-added members to its allowed types', async () => {
    const c = await ws.editor!.call<C>('create/Collection', {
      title: 'Only threads',
      owner: riverbend,
      constrainTypes: ['Thread'],
    });
    await ws.editor!.call('act/addRels', { prop: 'rel', itemID: c.$id, rels: [open] });
    const wrong = err(
      (await ws.editor!.request('act/addRels', { prop: 'rel', itemID: c.$id, rels: [fonds] })).b,
    );
    expect(wrong.fields?.[0]).toEqual({ path: 'rel', key: 'errors.invalidValue' });
    const badType = err(
      (
        await ws.editor!.request('create/Collection', {
          title: 'x',
          owner: riverbend,
          constrainTypes: ['Nope'],
        })
      ).b,
    );
    expect(badType.fields?.[0]?.path).toBe('constrainTypes');
  });

  it('never sits inside itself, however deep', async () => {
    const series = await ws.editor!.call<C>('create/Collection', {
      title: 'Survey plans',
      collectionType: 'SERIES',
      collections: [fonds],
      owner: riverbend,
    });
    const row = (await items().readRow(fonds))!;
    const cycle = err(
      (await ws.editor!.request('update', { $id: fonds, $version: row.version, collections: [series.$id] }))
        .b,
    );
    expect(cycle.fields?.[0]).toEqual({ path: 'collections', key: 'errors.invalidValue' });
    const self = err(
      (await ws.editor!.request('update', { $id: fonds, $version: row.version, collections: [fonds] })).b,
    );
    expect(self.erred).toBe(true);
  });

  it('stores a membership search’s filters only, and refuses what is no search', async () => {
    const c = await ws.editor!.call<C & { membershipQuery?: unknown }>('create/Collection', {
      title: 'All threads',
      owner: riverbend,
      membershipQuery: { must: { _t: ['Thread'] }, sort: [{ key: '_c.ts', order: 'asc' }], max: 5 },
    });
    expect(c.membershipQuery).toEqual({ must: { _t: ['Thread'] } });
    const bad = err(
      (
        await ws.editor!.request('create/Collection', {
          title: 'x',
          owner: riverbend,
          membershipQuery: { must: 'all' },
        })
      ).b,
    );
    expect(bad.fields?.[0]).toEqual({ path: 'membershipQuery', key: 'errors.invalidValue' });
  });
});

describe('members, as each reader may see them', () => {
  it('differ by reader for hand-added, self-named and searched members alike', async () => {
    const c = await ws.editor!.call<C & Record<string, unknown>>('create/Collection', {
      title: 'Everything about the river',
      owner: riverbend,
      membershipQuery: { must: { _t: ['Thread'], $text: ['river'] } },
    });
    await ws.editor!.call('act/addRels', { prop: 'rel', itemID: c.$id, rels: [open, staffOnly] });
    const riverOpen = await thread('River crossing stories', 'COMMUNITY');
    const riverStaff = await thread('River contamination report', 'PROTECTED');
    // A series names the collection itself (its own `collections`).
    const series = (
      await ws.editor!.call<C>('create/Collection', {
        title: 'Oral histories',
        collections: [c.$id],
        owner: riverbend,
      })
    ).$id;
    const fresh = { ...(await ws.editor!.call<C & Record<string, unknown>>(`read/${c.$id}`)) };
    expect(await membersAs('staff', fresh)).toEqual([open, staffOnly, riverOpen, riverStaff, series].sort());
    expect(await membersAs('member', fresh)).toEqual([open, riverOpen, series].sort());
  });
});
