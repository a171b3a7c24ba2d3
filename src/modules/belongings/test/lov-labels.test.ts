import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { grantAccess, loadPrincipal, revokeAccess, type Principal } from '../../../server/module-api';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { signIn } from '../../../../test/helpers/ws-client';
import { BELONGING_TYPES } from '../types';

// The labels of a community's list of values for a reader outside the community (server/http/
// lov-in-use.ts): a museum's curator who reads a belonging shared with the museum gets the label
// of its type ("Regalia", not REGALIA), and no other value of the list; someone the belonging is
// not shared with gets none; when the sharing ends, so does the label.

let tdb: TestDatabase;
let server: TestServer;
let riverbend: string;
let museum: string;
let regalia: string;
/** Riverbend's orgAdmin, who shares the bag. */
let admin: Principal;
const tokens: Record<'curator' | 'outsider' | 'member', string> = {} as never;
const items = () => server.app.services.items;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  riverbend = await makeOrg(items(), 'Riverbend First Nation');
  museum = await makeOrg(items(), 'Royal Provincial Museum', 'MUSEUM');
  const other = await makeOrg(items(), 'Eastern University Museum', 'MUSEUM');
  const users = {
    curator: await makeUser(items(), [[museum, 'staff']]),
    outsider: await makeUser(items(), [[other, 'staff']]),
    member: await makeUser(items(), [[riverbend, 'member']]),
  };
  admin = (await loadPrincipal(items().db, (await makeUser(items(), [[riverbend, 'orgAdmin']])).id))!;
  for (const [k, u] of Object.entries(users))
    tokens[k as keyof typeof tokens] = await signIn(server.url, u.email, PASSWORD);
  for (const [key, en] of [
    ['REGALIA', 'Regalia'],
    ['BUNDLE', 'Sacred bundle'],
    ['BASKETRY', 'Basketry'],
  ])
    await items().create(
      SYSTEM,
      'LOVValue',
      { list: BELONGING_TYPES, key, state: 'ACTIVE', t: { en } },
      { owner: riverbend },
    );
  regalia = (
    await items().create(
      SYSTEM,
      'Belonging',
      { title: 'Beaded bandolier bag', types: ['REGALIA'] },
      { owner: riverbend },
    )
  ).$id;
  // Not shared: its type's label stays the community's.
  await items().create(
    SYSTEM,
    'Belonging',
    { title: 'Medicine bundle', types: ['BUNDLE'] },
    { owner: riverbend },
  );
  await grantAccess(items(), admin, regalia, museum, ['read']);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

/** The labels of the list that the reader gets, by owner then key (both routes). */
async function labels(who: keyof typeof tokens): Promise<Record<string, string>[]> {
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${tokens[who]}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, Record<string, { label: string }>>;
    return Object.fromEntries(Object.entries(body[riverbend] ?? {}).map(([k, v]) => [k, v.label]));
  };
  return [await get(`/lov/en/${BELONGING_TYPES}/${riverbend}`), await get(`/lov/en/${BELONGING_TYPES}`)];
}

describe('a community’s list of values, read from outside the community', () => {
  it('gives the curator the label of the shared belonging’s type, and no other', async () => {
    expect(await labels('curator')).toEqual([{ REGALIA: 'Regalia' }, { REGALIA: 'Regalia' }]);
  });

  it('gives someone the belonging is not shared with nothing of the list', async () => {
    expect(await labels('outsider')).toEqual([{}, {}]);
  });

  it('gives the community’s own member every value, used or not', async () => {
    const all = { REGALIA: 'Regalia', BUNDLE: 'Sacred bundle', BASKETRY: 'Basketry' };
    expect(await labels('member')).toEqual([all, all]);
  });

  it('takes the label back when the sharing ends', async () => {
    await revokeAccess(items(), admin, regalia, museum);
    expect(await labels('curator')).toEqual([{}, {}]);
  });
});
