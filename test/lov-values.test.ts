import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, signIn, type WsClient } from './helpers/ws-client';

// LOVValue items (spec core §3, capability-modules §5): per-owner lists with translated labels
// and ACTIVE/ARCHIVED state; a key is unique within (owner, list); editors and orgAdmins of the
// owner keep its lists, admins all lists, nobody else.

let tdb: TestDatabase;
let server: TestServer;
let riverbend: string;
let cedar: string;
const users: Record<string, { id: string; email: string }> = {};
const clients: Record<string, WsClient> = {};

type Reply = { erred?: boolean; userMessage?: string; fields?: { path: string; key: string }[] };
type Item = { $id: string; $version: number } & Record<string, unknown>;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  riverbend = await makeOrg(items, 'Riverbend First Nation');
  cedar = await makeOrg(items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  users.orgAdmin = await makeUser(items, [[riverbend, 'orgAdmin']]);
  users.editor = await makeUser(items, [[riverbend, 'editor']]);
  users.staff = await makeUser(items, [[riverbend, 'staff']]);
  users.otherEditor = await makeUser(items, [[cedar, 'editor']]);
  users.admin = await makeUser(items, [], { admin: true });
  for (const [name, u] of Object.entries(users))
    clients[name] = (await connectAs(server, u.email, PASSWORD)).client;
});

afterAll(async () => {
  for (const c of Object.values(clients)) await c.close();
  await server?.close();
  await tdb?.close();
});

async function create(who: string, body: Record<string, unknown>): Promise<Reply & Item> {
  return (await clients[who]!.request('create/LOVValue', body)).b as Reply & Item;
}

async function lov(path: string, who: string) {
  const token = await signIn(server.url, users[who]!.email, PASSWORD);
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Record<string, Record<string, { label: string; state: string; t: object }>>;
}

describe('LOVValue', () => {
  it('serves each value with its label in the asked language, falling back to English, then the key', async () => {
    await create('orgAdmin', {
      list: 'MEETING_TYPES',
      key: 'Site visit',
      t: { en: 'Site visit', fr: 'Visite de site', hur: 'Sq’eq’ip' },
      state: 'ACTIVE',
    });
    await create('orgAdmin', {
      list: 'MEETING_TYPES',
      key: 'Call',
      t: { en: 'Phone call' },
      state: 'ACTIVE',
    });
    await create('orgAdmin', { list: 'MEETING_TYPES', key: 'Bare', state: 'ACTIVE' });
    for (const [lang, label, call] of [
      ['fr', 'Visite de site', 'Phone call'],
      ['hur', 'Sq’eq’ip', 'Phone call'],
      ['en', 'Site visit', 'Phone call'],
    ] as const) {
      const body = await lov(`/lov/${lang}/MEETING_TYPES/${riverbend}`, 'staff');
      expect(body[riverbend]?.['Site visit']?.label).toBe(label);
      expect(body[riverbend]?.Call?.label).toBe(call);
      expect(body[riverbend]?.Bare?.label).toBe('Bare');
    }
  });

  it('keeps archived values readable with their label and state, so old items still show them', async () => {
    const v = await create('editor', {
      list: 'OUTCOMES',
      key: 'Withdrawn',
      t: { en: 'Withdrawn by proponent' },
      state: 'ACTIVE',
    });
    expect(v.erred).toBeFalsy();
    const archived = await clients.editor!.call<Item>('update', {
      $id: v.$id,
      $version: v.$version,
      state: 'ARCHIVED',
    });
    expect(archived.state).toBe('ARCHIVED');
    const body = await lov(`/lov/en/OUTCOMES/${riverbend}`, 'staff');
    expect(body[riverbend]?.Withdrawn).toMatchObject({ label: 'Withdrawn by proponent', state: 'ARCHIVED' });
  });

  it('refuses a second value with the same key in the same list and organisation, with a field error', async () => {
    expect(
      (await create('orgAdmin', { list: 'PRIORITIES', key: 'High', state: 'ACTIVE' })).erred,
    ).toBeFalsy();
    const dup = await create('editor', {
      list: 'PRIORITIES',
      key: 'High',
      t: { en: 'Urgent' },
      state: 'ACTIVE',
    });
    expect(dup).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    expect(dup.fields).toEqual([{ path: 'key', key: 'errors.lovKeyTaken' }]);
    // The same key in another list, or in another organisation's list, is fine.
    expect((await create('orgAdmin', { list: 'STATES', key: 'High', state: 'ACTIVE' })).erred).toBeFalsy();
    expect(
      (await create('otherEditor', { list: 'PRIORITIES', key: 'High', state: 'ACTIVE' })).erred,
    ).toBeFalsy();
    // Renaming a value onto a taken key is refused too; a deleted value frees its key.
    const low = await create('orgAdmin', { list: 'PRIORITIES', key: 'Low', state: 'ACTIVE' });
    const rename = (
      await clients.orgAdmin!.request('update', { $id: low.$id, $version: low.$version, key: 'High' })
    ).b as Reply;
    expect(rename.fields).toEqual([{ path: 'key', key: 'errors.lovKeyTaken' }]);
    await clients.orgAdmin!.call('act/delete', { _t: 'LOVValue', _i: Number(low.$id.split('-')[1]) });
    expect((await create('orgAdmin', { list: 'PRIORITIES', key: 'Low', state: 'ACTIVE' })).erred).toBeFalsy();
  });

  it('refuses labels that are not a map of language codes to text', async () => {
    for (const t of [['en', 'x'], { English: 'x' }, { en: 3 }, { en: '  ' }]) {
      const r = await create('orgAdmin', {
        list: 'CATEGORIES',
        key: `k${JSON.stringify(t)}`,
        t,
        state: 'ACTIVE',
      });
      expect(r).toMatchObject({ erred: true, userMessage: 'invalidInput' });
      expect(r.fields?.[0]?.path).toBe('t');
    }
  });

  it('lets editors and orgAdmins of the owner, and admins, edit its lists; nobody else', async () => {
    const v = await create('orgAdmin', {
      list: 'ACTION_TYPES',
      key: 'Letter',
      t: { en: 'Letter' },
      state: 'ACTIVE',
    });
    let version = v.$version;
    for (const who of ['editor', 'orgAdmin', 'admin']) {
      const r = await clients[who]!.call<Item>('update', {
        $id: v.$id,
        $version: version,
        t: { en: `Letter (${who})` },
      });
      version = r.$version;
    }
    for (const who of ['staff', 'otherEditor']) {
      const r = (await clients[who]!.request('update', { $id: v.$id, $version: version, state: 'ARCHIVED' }))
        .b as Reply;
      expect(r, who).toMatchObject({ erred: true, userMessage: who === 'staff' ? 'notAllowed' : 'notFound' });
      const c = await create(who, {
        list: 'ACTION_TYPES',
        key: `By ${who}`,
        state: 'ACTIVE',
        owner: riverbend,
      });
      expect(c.erred, who).toBe(true);
    }
    // An editor of another organisation keeps that organisation's own list.
    expect(
      (await create('otherEditor', { list: 'ACTION_TYPES', key: 'Letter', state: 'ACTIVE' })).erred,
    ).toBeFalsy();
    expect((await create('staff', { list: 'ACTION_TYPES', key: 'By staff', state: 'ACTIVE' })).erred).toBe(
      true,
    );
  });
});
