import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineItemType } from '../src/kernel/item-type';
import { defineModule } from '../src/kernel/module';
import { buildRegistry } from '../src/kernel/registry';
import { coreModule } from '../src/modules/core/module';
import { AppError } from '../src/protocol/errors';
import { AccessPolicy } from '../src/server/access/policy';
import { SYSTEM, type Principal } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import { ItemService } from '../src/server/items/item-service';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs } from './helpers/ws-client';

// The module seam on the server: type rules as declarations (ownsItself, selfGrant,
// createUnderParent) on types a test module defines, write hooks run by the item service inside
// the write's transaction, and the writes that used to bypass the item service (the reply's
// thread bump, Notify creation, markNotifications) now appending their Events.

const title = { kind: 'string', maxLength: 100 } as const;

const testModule = defineModule({
  id: 'seamtest',
  types: [
    defineItemType({
      name: 'Guild',
      properties: { title },
      access: { create: 'admin', defaultLevel: 'PUBLIC', ownsItself: true },
    }),
    defineItemType({
      name: 'Robot',
      properties: { title },
      access: { create: 'admin', defaultLevel: 'PRIVATE', selfGrant: ['read'] },
    }),
    defineItemType({
      name: 'Board',
      properties: { title },
      access: { create: ['member'], defaultLevel: 'COMMUNITY' },
    }),
    defineItemType({
      name: 'Note',
      properties: { title, board: { kind: 'relation', types: ['Board'], required: true } },
      access: { create: ['member'], defaultLevel: 'COMMUNITY', follows: 'board', createUnderParent: 'read' },
    }),
    defineItemType({
      name: 'Pin',
      properties: { title, board: { kind: 'relation', types: ['Board'], required: true } },
      access: { create: ['member'], defaultLevel: 'COMMUNITY', follows: 'board' },
    }),
    defineItemType({
      name: 'Gadget',
      properties: { title, stamp: { kind: 'string', maxLength: 100, write: 'system' } },
      access: { create: 'admin', defaultLevel: 'PRIVATE' },
    }),
  ],
});

const as = (userId: string, orgs: [string, 'member' | 'editor'][] = []): Principal => ({
  userId,
  admin: false,
  orgs: new Map(orgs),
  masqueradeFrom: null,
});

let tdb: TestDatabase;
let items: ItemService;

async function count(q: ReturnType<typeof sql>): Promise<number> {
  const [r] = await query<{ n: number }>(tdb.database.db, q);
  return Number(r!.n);
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  const registry = buildRegistry([coreModule, testModule]);
  items = new ItemService(tdb.database, registry, new AccessPolicy(registry));
  items.hooks.add({
    Gadget: {
      async beforeWrite(_tx, ctx) {
        if (ctx.data.title === 'refuse') throw new AppError('invalidInput', 'refused by a hook');
        // A hook writes as the system: a system-only field is fine here.
        if (ctx.kind === 'create') ctx.data.stamp = 'by-hook';
        if (ctx.kind === 'delete' && ctx.current?.data.title === 'keep')
          throw new AppError('notAllowed', 'kept by a hook');
      },
      async afterWrite(tx, e) {
        if (e.kind === 'deleted') {
          // The row as deleted, in the delete's transaction.
          await e.items.createIn(tx, SYSTEM, 'Robot', {
            title: `wreck of ${e.row.id} ${String(e.row.deleted)}`,
          });
          if (e.row.data.title === 'fragile') throw new Error('delete hook failed');
          return;
        }
        if (e.kind !== 'created') return;
        // A second write in the same transaction, through the item service.
        await e.items.createIn(tx, SYSTEM, 'Robot', { title: `twin of ${e.row.id}` });
        if (e.row.data.title === 'boom') throw new Error('hook failed');
      },
    },
  });
});

afterAll(async () => {
  await tdb?.close();
});

describe('access declarations on a test module’s types', () => {
  it('ownsItself: a Guild owns itself, its owner cannot move, and only owner types may own', async () => {
    const g = await items.create(SYSTEM, 'Guild', { title: 'Weavers' });
    const other = await items.create(SYSTEM, 'Guild', { title: 'Carvers' });
    expect(g.owner).toBe(g.$id);
    const moved = await items.update(SYSTEM, { $id: g.$id, $version: 1, owner: other.$id, title: 'W' });
    expect(moved.owner).toBe(g.$id);
    const board = await items.create(SYSTEM, 'Board', { title: 'Plans', owner: g.$id });
    expect(board.owner).toBe(g.$id);
    // A Board is not a type that owns itself, so it cannot be an owner.
    await expect(items.create(SYSTEM, 'Board', { title: 'x', owner: board.$id })).rejects.toMatchObject({
      key: 'invalidInput',
    });
  });

  it('selfGrant: the item itself holds the declared grant', async () => {
    const r = await items.create(SYSTEM, 'Robot', { title: 'R2' });
    const row = (await items.readRow(r.$id))!;
    expect(row.grants).toEqual([{ principal: r.$id, actions: ['read'], grantedBy: 'system' }]);
    expect(await items.canRow(as(r.$id), 'read', row)).toBe(true);
    expect(await items.canRow(as(r.$id), 'update', row)).toBe(false);
    expect(await items.canRow(as('User-424242'), 'read', row)).toBe(false);
  });

  it('createUnderParent: read on the parent is enough for a Note; a Pin needs update', async () => {
    const g = await items.create(SYSTEM, 'Guild', { title: 'Singers' });
    const board = await items.create(SYSTEM, 'Board', { title: 'Songs', owner: g.$id });
    const member = as('User-424243', [[g.$id, 'member']]);
    const editor = as('User-424244', [[g.$id, 'editor']]);
    const note = await items.create(member, 'Note', { title: 'verse', board: board.$id });
    expect(note.owner).toBe(g.$id);
    await expect(items.create(member, 'Pin', { title: 'pin', board: board.$id })).rejects.toMatchObject({
      key: 'notAllowed',
    });
    expect((await items.create(editor, 'Pin', { title: 'pin', board: board.$id })).owner).toBe(g.$id);
  });
});

describe('write hooks run by the item service', () => {
  it('beforeWrite adjusts the data as the system, or refuses the write', async () => {
    const g = await items.create(SYSTEM, 'Gadget', { title: 'lamp' });
    expect(g.stamp).toBe('by-hook');
    await expect(items.create(SYSTEM, 'Gadget', { title: 'refuse' })).rejects.toMatchObject({
      key: 'invalidInput',
    });
  });

  it('afterWrite writes in the same transaction; when it throws, everything rolls back', async () => {
    const g = await items.create(SYSTEM, 'Gadget', { title: 'kettle' });
    expect(
      await count(sql`select count(*)::int as n from items where data->>'title' = ${`twin of ${g.$id}`}`),
    ).toBe(1);

    const gadgets = await count(sql`select count(*)::int as n from items where type = 'Gadget'`);
    const robots = await count(sql`select count(*)::int as n from items where type = 'Robot'`);
    const events = await count(sql`select count(*)::int as n from events`);
    await expect(items.create(SYSTEM, 'Gadget', { title: 'boom' })).rejects.toThrow('hook failed');
    expect(await count(sql`select count(*)::int as n from items where type = 'Gadget'`)).toBe(gadgets);
    expect(await count(sql`select count(*)::int as n from items where type = 'Robot'`)).toBe(robots);
    expect(await count(sql`select count(*)::int as n from events`)).toBe(events);
  });
});

describe('delete runs the hooks too', () => {
  const deleted = async (id: string) =>
    (await query<{ deleted: boolean }>(tdb.database.db, sql`select deleted from items where id = ${id}`))[0]!
      .deleted;

  it('beforeWrite may refuse a delete; afterWrite sees the deleted row in the same transaction', async () => {
    const kept = await items.create(SYSTEM, 'Gadget', { title: 'keep' });
    await expect(items.delete(SYSTEM, kept.$id)).rejects.toMatchObject({ key: 'notAllowed' });
    expect(await deleted(kept.$id)).toBe(false);

    const g = await items.create(SYSTEM, 'Gadget', { title: 'cup' });
    await items.delete(SYSTEM, g.$id);
    expect(await deleted(g.$id)).toBe(true);
    expect(
      await count(
        sql`select count(*)::int as n from items where data->>'title' = ${`wreck of ${g.$id} true`}`,
      ),
    ).toBe(1);
  });

  it('a failing afterWrite rolls the delete back', async () => {
    const g = await items.create(SYSTEM, 'Gadget', { title: 'fragile' });
    const robots = await count(sql`select count(*)::int as n from items where type = 'Robot'`);
    const events = await count(sql`select count(*)::int as n from events where item_id = ${g.$id}`);
    await expect(items.delete(SYSTEM, g.$id)).rejects.toThrow('delete hook failed');
    expect(await deleted(g.$id)).toBe(false);
    expect(await count(sql`select count(*)::int as n from items where type = 'Robot'`)).toBe(robots);
    expect(await count(sql`select count(*)::int as n from events where item_id = ${g.$id}`)).toBe(events);
    // The row cache does not keep a deletion that never committed.
    expect((await items.read(SYSTEM, g.$id)).$id).toBe(g.$id);
  });
});

describe('writes that used to bypass the item service', () => {
  let server: TestServer;
  let serverDb: TestDatabase;

  beforeAll(async () => {
    serverDb = await openTestDatabase();
    server = await startTestServer(serverDb.database);
  });

  afterAll(async () => {
    await server?.close();
    await serverDb?.close();
  });

  const kinds = async (id: string) =>
    query<{ kind: string; actor: string | null }>(
      serverDb.database.db,
      sql`select kind, actor from events where item_id = ${id} order by id`,
    );

  it('a reply’s thread bump, each Notify and markNotifications append Events', async () => {
    const svc = server.app.services.items;
    const org = await makeOrg(svc, 'Riverbend First Nation');
    const editor = await makeUser(svc, [[org, 'editor']]);
    const staff = await makeUser(svc, [[org, 'staff']]);
    const a = await connectAs(server, editor.email, PASSWORD);
    const b = await connectAs(server, staff.email, PASSWORD);
    const thread = await a.client.call<{ $id: string; $version: number }>('create/Thread', {
      subject: 'Culvert',
      $access: 'COMMUNITY',
    });
    const reply = await b.client.call<{ $id: string }>('create/Message', {
      thread: thread.$id,
      body: 'Seen it.',
    });
    await server.app.idle();

    // The bump is a 'touched' event by the replier; the thread's $version stays.
    expect(await kinds(thread.$id)).toEqual([
      { kind: 'created', actor: editor.id },
      { kind: 'touched', actor: staff.id },
    ]);
    expect((await a.client.call<{ $version: number }>(`read/${thread.$id}`)).$version).toBe(thread.$version);

    // The reply notified the thread's creator: the Notify has its own 'created' event.
    const [n] = await query<{ id: string; num: number }>(
      serverDb.database.db,
      sql`select id, num from items where type = 'Notify' and data->>'eventContext' = ${reply.$id}`,
    );
    expect(await kinds(n!.id)).toEqual([{ kind: 'created', actor: staff.id }]);

    // Marking it read is an update of the Notify by its recipient, and the cache follows.
    const { notifyPairs } = await a.client.call<{ notifyPairs: [number, string][] }>(
      'act/markNotifications',
      {
        indexes: [n!.num],
      },
    );
    expect(notifyPairs.map(([i]) => i)).not.toContain(n!.num);
    expect(await kinds(n!.id)).toEqual([
      { kind: 'created', actor: staff.id },
      { kind: 'updated', actor: editor.id },
    ]);
    const { items: fetched } = await a.client.call<{ items: { unread: boolean }[] }>(
      'act/fetchNotifications',
      {
        query: { must: { id: [n!.id] } },
      },
    );
    expect(fetched).toEqual([expect.objectContaining({ unread: false })]);
    await a.client.close();
    await b.client.close();
  });
});
