import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM, type Principal } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import type { ItemService } from '../src/server/items/item-service';
import { makeOrg, makeUser } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// Issue 36, deliver 12: the module API's checked batch read. `items.readableRows(p, ids)` gives
// the rows the principal may read and leaves every other id out, answering an unreadable row
// exactly as a missing one, outside a transaction and inside one (its `tx`).

let tdb: TestDatabase;
let server: TestServer;
let items: ItemService;
let member: Principal;
let open: string;
let hidden: string;
let gone: string;
let community: string;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  items = server.app.services.items;
  community = await makeOrg(items, 'Riverbend First Nation');
  const other = await makeOrg(items, 'Elsewhere Nation');
  const m = await makeUser(items, [[community, 'staff']]);
  member = (await loadPrincipal(items.db, m.id, null))!;
  const create = (owner: string, subject: string) =>
    items.create(SYSTEM, 'Thread', { subject, $access: 'PROTECTED' }, { owner });
  open = (await create(community, 'Ours')).$id;
  hidden = (await create(other, 'Theirs')).$id;
  gone = (await create(community, 'Removed')).$id;
  await items.delete(SYSTEM, gone);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

describe('items.readableRows', () => {
  const ask = () => [open, hidden, gone, 'Thread-999999', 'not-an-id', open];

  it('gives only the rows the principal may read', async () => {
    const rows = await items.readableRows(member, ask());
    expect([...rows.keys()]).toEqual([open]);
    expect(rows.get(open)!.data.subject).toBe('Ours');
    // The system reads what exists (deleted rows are still left out).
    expect([...(await items.readableRows(SYSTEM, ask())).keys()].sort()).toEqual([hidden, open].sort());
  });

  it('reads inside a transaction, its own writes too, under the same rule', async () => {
    const seen = await items.transaction(async (tx) => {
      const fresh = await items.createIn(
        tx,
        SYSTEM,
        'Thread',
        { subject: 'New', $access: 'PROTECTED' },
        { owner: community },
      );
      const rows = await items.readableRows(member, [...ask(), fresh.id], tx);
      return { ids: [...rows.keys()].sort(), fresh: fresh.id };
    });
    expect(seen.ids).toEqual([open, seen.fresh].sort());
  });
});
