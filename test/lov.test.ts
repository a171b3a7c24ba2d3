import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, signIn } from './helpers/ws-client';

// GET /lov/{locale}/{list}[/{owner}]: lists of values keyed by owner, then key, and only the
// values the caller may read (the same policy as every other read).

let tdb: TestDatabase;
let server: TestServer;
let community: string;
let other: string;
let editor: { id: string; email: string };
let outsider: { id: string; email: string };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  community = await makeOrg(items, 'Riverbend First Nation');
  other = await makeOrg(items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  editor = await makeUser(items, [[community, 'editor']]);
  outsider = await makeUser(items, [[other, 'editor']]);
  const { client } = await connectAs(server, editor.email, PASSWORD);
  await client.call('create/LOVValue', {
    list: 'ACTION_TYPES',
    key: 'Site visit',
    t: { en: 'Site visit', fr: 'Visite' },
    state: 'ACTIVE',
    access: 'COMMUNITY',
  });
  await client.call('create/LOVValue', {
    list: 'ACTION_TYPES',
    key: 'Letter',
    t: { en: 'Letter' },
    state: 'ARCHIVED',
    access: 'PUBLIC',
  });
  await client.close();
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

async function lov(path: string, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, Record<string, { label: string; state: string }>>,
  };
}

describe('GET /lov', () => {
  it('gives members every value of their organisation, keyed by owner then key, in the asked locale', async () => {
    const token = await signIn(server.url, editor.email, PASSWORD);
    const r = await lov('/lov/fr/ACTION_TYPES', token);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([community]);
    expect(r.body[community]).toMatchObject({
      'Site visit': { label: 'Visite', state: 'ACTIVE' },
      Letter: { label: 'Letter', state: 'ARCHIVED' },
    });
  });

  it('gives others, and signed-out visitors, only the values they may read', async () => {
    const token = await signIn(server.url, outsider.email, PASSWORD);
    for (const r of [
      await lov(`/lov/en/ACTION_TYPES/${community}`, token),
      await lov('/lov/en/ACTION_TYPES'),
    ]) {
      expect(r.status).toBe(200);
      expect(Object.keys(r.body[community] ?? {})).toEqual(['Letter']);
      expect(JSON.stringify(r.body)).not.toContain('Site visit');
    }
  });

  it('refuses a bad token and a bad list name with catalogue keys', async () => {
    expect((await lov('/lov/en/ACTION_TYPES', 'not-a-token')).body).toMatchObject({
      userMessage: 'identFailed',
    });
    expect((await lov('/lov/en/bad%20list!')).body).toMatchObject({ userMessage: 'invalidInput' });
  });
});
