import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../src/kernel/registry';
import { MODULES } from '../src/modules';
import { SYSTEM } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import { grantAccess } from '../src/server/items/grants';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, type WsClient } from './helpers/ws-client';

// Grants stored on a derived row (a Message in its Thread, an Attachment on its item) count for
// nothing since issue 36 (docs/access-model.md "Derived data follows its source"). Migration 0019
// deletes those stored before, and getGrantedBy no longer lists them as if they opened anything.

const MIGRATION = readFileSync(new URL('../migrations/0019_derived_grants.sql', import.meta.url), 'utf8');

let tdb: TestDatabase;
let server: TestServer;
let orgAdmin: WsClient;
let proponentOrg: string;
let thread: string;
let message: string;
let file: string;
let loose: string;

const items = () => server.app.services.items;

/** A grant written straight into the table, as one stored before the rule (or by old code). */
async function storeGrant(item: string, principal: string, granter: string) {
  await items().db.execute(
    sql`insert into grants (item_id, principal, actions, granted_by) values (${item}, ${principal}, ${'{read}'}::text[], ${granter})`,
  );
  items().cache.clear();
}

const grantsOn = async (id: string) =>
  (
    await query<{ principal: string; granted_by: string }>(
      items().db,
      sql`select principal, granted_by from grants where item_id = ${id} order by principal, granted_by`,
    )
  ).map((r) => `${r.principal}/${r.granted_by}`);

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const riverbend = await makeOrg(items(), 'Riverbend First Nation');
  proponentOrg = await makeOrg(items(), 'Northern Pipeline Ltd', 'INDUSTRY');
  const admin = await makeUser(items(), [[riverbend, 'orgAdmin']]);
  const adminP = (await loadPrincipal(items().db, admin.id, null))!;
  thread = (await items().create(adminP, 'Thread', { subject: 'Culvert 3', $access: 'PROTECTED' })).$id;
  await grantAccess(items(), adminP, thread, proponentOrg, ['read']);
  message = (await items().create(adminP, 'Message', { thread, body: 'The culvert is blocked.' })).$id;
  file = (
    await items().create(SYSTEM, 'Attachment', {
      originalName: 'culvert.pdf',
      rel: thread,
      fileID: 'b'.repeat(32),
      filetype: 'application/pdf',
    })
  ).$id;
  // A message whose thread is empty (an old system's row) follows nothing: its own level and
  // grants decide, so its grant stays.
  loose = (await items().create(adminP, 'Message', { thread, body: 'A note of my own.', $access: 'PRIVATE' }))
    .$id;
  await items().db.execute(sql`update items set data = data - 'thread' where id = ${loose}`);
  for (const id of [message, file, loose]) await storeGrant(id, proponentOrg, 'legacy');
  orgAdmin = (await connectAs(server, admin.email, PASSWORD)).client;
}, 60_000);

afterAll(async () => {
  await orgAdmin?.close();
  await server?.close();
  await tdb?.close();
});

describe('grants stored on derived rows', () => {
  it('getGrantedBy lists none on a derived item, and still lists the source’s and a loose item’s', async () => {
    const { result } = await orgAdmin.call<{ result: Record<string, Record<string, string[]>> }>(
      'act/getGrantedBy',
      { grantsFor: [thread, message, file, loose] },
    );
    expect(result[message]).toEqual({});
    expect(result[file]).toEqual({});
    expect(Object.values(result[thread]!).flat()).toEqual([`${proponentOrg}:read`]);
    expect(Object.values(result[loose]!).flat()).toEqual([`${proponentOrg}:read`]);
  });

  it('migration 0019 deletes them, and only them', async () => {
    expect(await grantsOn(message)).toEqual([`${proponentOrg}/legacy`]);
    for (const statement of MIGRATION.split('--> statement-breakpoint'))
      await items().db.execute(sql.raw(statement));
    items().cache.clear();
    expect(await grantsOn(message)).toEqual([]);
    expect(await grantsOn(file)).toEqual([]);
    expect(await grantsOn(thread)).toHaveLength(1);
    expect(await grantsOn(loose)).toHaveLength(1);
  });

  it('the migration names only types that follow a source, each by the property it follows', () => {
    const pairs = [...MIGRATION.matchAll(/\('(\w+)', '(\w+)'\)/g)].map((m) => `${m[1]}.${m[2]}`);
    const registry = buildRegistry(MODULES);
    const follows = new Set(
      [...registry.types.values()]
        .filter((t) => t.access.follows)
        .map((t) => `${t.name}.${t.access.follows}`),
    );
    // A pair that is not (a typo, a renamed property) would delete grants a plain item needs.
    // A derived type added later needs no migration: no grant can be set on it, the policy
    // ignores one stored there, and getGrantedBy does not list it.
    expect(pairs.length).toBeGreaterThanOrEqual(14);
    expect(pairs.filter((x) => !follows.has(x))).toEqual([]);
  });
});
