import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// searchBelongingOrgs (docs/belongings.md "Museums and holders"): the query's words in any order
// against the display and legal names, taken literally (a % is a %), the counts of readable
// belongings only, by name. Who sees which museum at all is the access matrix's
// (access-cases.ts).

let tdb: TestDatabase;
let server: TestServer;
let member: WsClient;
const items = () => server.app.services.items;

type Orgs = { results: { $id: string; label: string; type: string | null; belongings: number }[] };
const search = (query: string) => member.call<Orgs>('act/searchBelongingOrgs', { query });

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const riverbend = await makeOrg(items(), 'Riverbend First Nation');
  const royal = (
    await items().create(SYSTEM, 'Organization', {
      displayName: 'Royal Provincial Museum',
      legalName: 'RPM Trust',
      type: 'MUSEUM',
    })
  ).$id;
  const eastern = await makeOrg(items(), 'Eastern 100% Museum', 'MUSEUM');
  const collector = await makeOrg(items(), 'A private collector', 'INDIVIDUAL');
  await makeOrg(items(), 'Museum holding nothing', 'MUSEUM');
  const m = await makeUser(items(), [[riverbend, 'member']]);
  member = (await connectAs(server, m.email, PASSWORD)).client;
  const belonging = (institution: string, access: 'PUBLIC' | 'COMMUNITY' | 'PROTECTED') =>
    items().create(SYSTEM, 'Belonging', { title: 'b', institution }, { owner: riverbend, access });
  await belonging(royal, 'COMMUNITY');
  await belonging(royal, 'COMMUNITY');
  await belonging(royal, 'PROTECTED');
  await belonging(eastern, 'PUBLIC');
  await belonging(collector, 'COMMUNITY');
}, 60_000);

afterAll(async () => {
  await member?.close();
  await server?.close();
  await tdb?.close();
});

describe('searchBelongingOrgs', () => {
  it('lists the holders by name with the readable belongings they hold, never one holding none', async () => {
    expect((await search('')).results.map((r) => [r.label, r.type, r.belongings])).toEqual([
      ['A private collector', 'INDIVIDUAL', 1],
      ['Eastern 100% Museum', 'MUSEUM', 1],
      // Three held, one PROTECTED: a member counts two.
      ['Royal Provincial Museum', 'MUSEUM', 2],
    ]);
  });

  it('matches every word, in any order, in the display or legal name, case aside', async () => {
    const labels = async (q: string) => (await search(q)).results.map((r) => r.label);
    expect(await labels('museum PROVINCIAL')).toEqual(['Royal Provincial Museum']);
    expect(await labels('rpm trust')).toEqual(['Royal Provincial Museum']);
    expect(await labels('museum')).toEqual(['Eastern 100% Museum', 'Royal Provincial Museum']);
    expect(await labels('royal eastern')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect((await search('100%')).results.map((r) => r.label)).toEqual(['Eastern 100% Museum']);
    expect((await search('%')).results.map((r) => r.label)).toEqual(['Eastern 100% Museum']);
    expect((await search('_')).results).toEqual([]);
  });
});
