import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildQuery, initialState, type TypeEnv } from '../../../client/search/search-model';
import { listScreens } from '../../../client/search/screens';
import { loadPrincipal } from '../../../server/auth/principals';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { geokeeperTypes } from '../types';
import { geokeeperViews, MY_DATA_VIEW } from '../views';

// geokeeper.my-data lists what the signed-in person collected: the screen's own filter names
// `$me`, which the client puts in as the person's id (search-model buildQuery), and the server's
// search takes `_c` (the creator) as a filter. Two monitors of one IN_ORG program read each
// other's records, yet each one's "my field data" holds only their own.

let tdb: TestDatabase;
let server: TestServer;
const items = () => server.app.services.items;
const byName = new Map<string, (typeof geokeeperTypes)[number]>(geokeeperTypes.map((t) => [t.name, t]));
const env: TypeEnv = { type: (n) => byName.get(n), names: [...byName.keys()] };
const screen = listScreens(geokeeperViews).find((s) => s.name === MY_DATA_VIEW)!;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

describe('geokeeper.my-data', () => {
  it('asks for the items the signed-in person created', () => {
    const q = buildQuery(screen, initialState(screen), env, new Date(), 'User-42');
    expect(q.must?._t).toEqual(['GeoKeeperFieldData']);
    expect(q.subs).toEqual([{ must: { _c: ['User-42'] } }]);
  });

  it('shows each monitor only their own records, though they read each other’s', async () => {
    const org = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
    const editor = (await loadPrincipal(items().db, (await makeUser(items(), [[org, 'editor']])).id))!;
    const a = (await loadPrincipal(items().db, (await makeUser(items(), [[org, 'member']])).id))!;
    const b = (await loadPrincipal(items().db, (await makeUser(items(), [[org, 'member']])).id))!;
    const program = (await items().create(editor, 'GeoKeeperProgram', { label: 'Watch', access: 'IN_ORG' }))
      .$id;
    const mine = (await items().create(a, 'GeoKeeperFieldData', { formType: 'RECORD', program })).$id;
    const theirs = (await items().create(b, 'GeoKeeperFieldData', { formType: 'RECORD', program })).$id;
    const ids = async (p: typeof a) =>
      (
        await server.app.services.search.search(
          p,
          buildQuery(screen, initialState(screen), env, new Date(), p.userId),
        )
      ).ids;
    expect(await ids(a)).toEqual([mine]);
    expect(await ids(b)).toEqual([theirs]);
    // Both read both: the list narrows what they read, it does not decide it.
    await items().read(a, theirs);
    await items().read(b, mine);
  });
});
