import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPref } from '../src/modules/core/server/notify/prefs';
import type { Principal } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import type { ItemService } from '../src/server/items/item-service';
import { makeOrg, makeUser } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// Group commit reads the notification preferences of a batch's updates ahead, in one statement
// (core's readAhead hook; docs/write-path.md "Session 18"). What it read must not outlive a write
// of the batch that changes it: a message written before a thread's update makes its author a
// follower of that update, as it would if each write had its own transaction.

let tdb: TestDatabase;
let server: TestServer;
let items: ItemService;
let editor: Principal;
let staff: Principal;
let member: Principal;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  items = server.app.services.items;
  const community = await makeOrg(items, 'Lillooet River Nation');
  const load = async (u: { id: string }) => (await loadPrincipal(items.db, u.id))!;
  editor = await load(await makeUser(items, [[community, 'editor']]));
  staff = await load(await makeUser(items, [[community, 'staff']]));
  member = await load(await makeUser(items, [[community, 'member']]));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

const notified = async (recipient: string, context: string) =>
  (
    await query<{ kind: string }>(
      items.db,
      sql`select data->>'kind' as kind from items where type = 'Notify'
        and data->>'recipient' = ${recipient} and data->>'context' = ${context} order by num`,
    )
  ).map((r) => r.kind);

const thread = (subject: string, more: Record<string, unknown> = {}) =>
  items.create(editor, 'Thread', { subject, $access: 'COMMUNITY', ...more });

describe('notification preferences read ahead for a batch', () => {
  it('notifies by the preferences and authors as they are at each write of the batch', async () => {
    const [fishing, cedar, survey] = [
      await thread('Fishing sites at the falls'),
      await thread('Cedar stripping season'),
      await thread('Survey stakes near the old village', { assignedTo: staff.userId }),
    ];
    await setPref(items.db, staff.userId!, cedar.$id, 'ALWAYS');
    await setPref(items.db, staff.userId!, survey.$id, 'NIL');
    const retried = items.batcher.retried;

    // One turn: the message sorts first ('Message' < 'Thread-…'), then the three updates.
    const [message] = await Promise.all([
      items.create(member, 'Message', { thread: fishing.$id, body: 'The falls site is ours to watch.' }),
      items.update(editor, {
        $id: fishing.$id,
        $version: fishing.$version,
        subject: 'Fishing sites, spring',
      }),
      items.update(editor, { $id: cedar.$id, $version: cedar.$version, subject: 'Cedar stripping, May' }),
      items.update(editor, { $id: survey.$id, $version: survey.$version, subject: 'Survey stakes moved' }),
    ]);
    expect(items.batcher.retried).toBe(retried);
    const [x] = await query<{ n: number }>(
      items.db,
      sql`select count(distinct xmin::text)::int as n from items
        where id = any(${`{${[message!.$id, fishing.$id, cedar.$id, survey.$id].join(',')}}`}::text[])`,
    );
    expect(x!.n).toBe(1);

    // The member wrote in the fishing thread before its update: the update is news to them.
    expect(await notified(member.userId!, fishing.$id)).toEqual(['updated']);
    // The editor created it: the member's reply is news to them.
    expect(await notified(editor.userId!, fishing.$id)).toEqual(['reply']);
    // Staff follow the cedar thread always.
    expect(await notified(staff.userId!, cedar.$id)).toEqual(['updated']);
    // Staff were assigned the survey thread (and told so), but follow it never since.
    expect(await notified(staff.userId!, survey.$id)).toEqual(['assigned']);
  });

  it('honours each item’s preferences from what the batch read ahead', async () => {
    const [cedar, survey, weir] = [
      await thread('Cedar bark for the canoe'),
      await thread('Survey of the trail', { assignedTo: staff.userId }),
      await thread('Weir repairs', { assignedTo: member.userId }),
    ];
    await setPref(items.db, staff.userId!, cedar.$id, 'ALWAYS');
    await setPref(items.db, staff.userId!, survey.$id, 'NIL');
    await items.create(member, 'Message', { thread: cedar.$id, body: 'I can bring the bark knife.' });
    const retried = items.batcher.retried;
    await Promise.all(
      [cedar, survey, weir].map((t) =>
        items.update(editor, { $id: t.$id, $version: t.$version, subject: `${t.subject as string}, again` }),
      ),
    );
    expect(items.batcher.retried).toBe(retried);
    expect(await notified(staff.userId!, cedar.$id)).toEqual(['reply', 'updated']);
    // The member wrote in the cedar thread before the batch.
    expect(await notified(member.userId!, cedar.$id)).toEqual(['updated']);
    expect(await notified(staff.userId!, survey.$id)).toEqual(['assigned']);
    expect(await notified(member.userId!, weir.$id)).toEqual(['assigned', 'updated']);
    expect(await notified(staff.userId!, weir.$id)).toEqual([]);
  });
});
