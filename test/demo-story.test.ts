import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import { loadRows } from '../src/server/items/rows';
import { type DemoSignIn } from '../src/server/seed/demo';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { demoIn } from './helpers/demo';

// The demo tells one story (src/modules/core/server/demo-story.ts), and it must hold together:
// every demo person starts with unread notifications, made by the real write hooks, that they
// may read; every assigned thread is readable by its assignee, as the server's own access policy
// decides; and the site admin belongs to the community.

let tdb: TestDatabase;
let server: TestServer;
let signIns: DemoSignIn[];

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  // A whole server: its item service carries every module's write hooks, as at a first start.
  server = await startTestServer(tdb.database);
  signIns = await demoIn(tdb, server.app.services.items);
  await server.app.idle();
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

const userOf = async (email: string) => {
  const [row] = await query<{ id: string }>(
    server.app.services.items.db,
    sql`select id from items where type = 'User' and not deleted and lower(data->>'email') = ${email}`,
  );
  return row!.id;
};

describe('the demo story', () => {
  it('gives every demo person unread notifications they may open', async () => {
    const { items, policy } = server.app.services;
    expect(signIns.length).toBeGreaterThanOrEqual(7);
    for (const { email } of signIns) {
      const id = await userOf(email);
      const rows = await query<{ id: string }>(
        items.db,
        sql`select id from items where type = 'Notify' and not deleted and data->>'recipient' = ${id}
          and coalesce((data->>'unread')::boolean, false)`,
      );
      expect(rows.length, email).toBeGreaterThan(0);
      const p = (await loadPrincipal(items.db, id))!;
      const loaded = await loadRows(
        items.db,
        rows.map((r) => r.id),
      );
      for (const row of loaded.values())
        expect(await policy.can(p, 'read', row, items.loaderFor(items.db)), `${email} ${row.id}`).toBe(true);
    }
  });

  it('assigns threads only to people who may read them', async () => {
    const { items, policy } = server.app.services;
    const threads = await query<{ id: string }>(
      items.db,
      sql`select id from items where type = 'Thread' and not deleted and data ? 'assignedTo'`,
    );
    // The story assigns most of its threads; a rule checked on none would prove nothing.
    expect(threads.length).toBeGreaterThanOrEqual(6);
    const rows = await loadRows(
      items.db,
      threads.map((t) => t.id),
    );
    for (const row of rows.values()) {
      let assignee = row.data.assignedTo as string;
      // A Contact is assigned through its account, when it has one.
      if (assignee.startsWith('Contact-')) {
        const c = (await loadRows(items.db, [assignee])).get(assignee)!;
        expect(typeof c.data.user, `${row.id}: ${assignee} has no account`).toBe('string');
        assignee = c.data.user as string;
      }
      const p = await loadPrincipal(items.db, assignee);
      expect(p, `${row.id}: ${assignee}`).toBeTruthy();
      expect(p!.admin, `${row.id} is assigned to a site admin, which proves nothing`).toBe(
        assignee === (await userOf('admin@riverbend.example')),
      );
      expect(
        await policy.can(p!, 'read', row, items.loaderFor(items.db)),
        `${row.id} (${String(row.data.subject)}) assigned to ${assignee}`,
      ).toBe(true);
    }
  });

  it('makes the site admin a member of the community', async () => {
    const { items } = server.app.services;
    const admin = (await loadPrincipal(items.db, await userOf('admin@riverbend.example')))!;
    expect(admin.admin).toBe(true);
    const [riverbend] = await query<{ id: string }>(
      items.db,
      sql`select id from items where type = 'Organization' and data->>'displayName' = 'Riverbend First Nation'`,
    );
    expect(admin.orgs.get(riverbend!.id)).toBe('orgAdmin');
  });

  it('gives lists something to show: contacts, organisations and conversations with context', async () => {
    const { items } = server.app.services;
    const count = async (type: string, where = sql`true`) =>
      (
        await query<{ n: number }>(
          items.db,
          sql`select count(*)::int as n from items where type = ${type} and not deleted and ${where}`,
        )
      )[0]!.n;
    expect(await count('Contact')).toBeGreaterThanOrEqual(15);
    expect(await count('Organization')).toBeGreaterThanOrEqual(6);
    expect(await count('Thread', sql`data ? 'context'`)).toBeGreaterThanOrEqual(5);
    expect(await count('Message')).toBeGreaterThanOrEqual(8);
  });
});
