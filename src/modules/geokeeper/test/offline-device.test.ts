import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setGrantIn, SYSTEM } from '../../../server/module-api';
import { loadPrincipal } from '../../../server/auth/principals';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { FieldDataEdit, FieldDataEditResult } from '../contract';
import { dbName, offlineDb, type OfflineDb } from '../client/offline/db';
import {
  clearDevice,
  dropUnreadable,
  goneByReadMany,
  unsynced,
  unsyncedOf,
} from '../client/offline/device-store';
import { addLocalFile, createLocal, saveLocal } from '../client/offline/records';
import { Refused, syncAll, type SyncApi } from '../client/offline/sync';
import { COLLECTOR } from '../server/program-access';

// What stays on a device (client/offline/device-store.ts, docs/geokeeper.md "What stays on a
// device"), against a real server: records the person may no longer read leave the device unless
// they hold the person's unsent work, which stays, marked refused, without the server's copy; a
// failed check drops nothing; the person's database is counted and deleted for sign-out.

let tdb: TestDatabase;
let server: TestServer;
let ws: WsClient;
let program: string;
let recordForm: string;
let monitorId: string;
let editorId: string;
let user: string;
let db: OfflineDb;
const items = () => server.app.services.items;

/** The sync's server over the monitor's socket (files are not part of these cases). */
function api(): SyncApi {
  const req = async (o: string, b: unknown) => {
    const body = (await ws.request(o, b)).b as { erred?: boolean; userMessage?: string };
    if (body && body.erred) throw new Refused(body.userMessage ?? 'generalFailure');
    return body;
  };
  return {
    create: async (data) =>
      (await req('create/GeoKeeperFieldData', data)) as unknown as { $id: string; $version: number },
    applyEdits: async (edits: Record<string, FieldDataEdit>) =>
      (
        (await req('act/applyGeoKeeperFieldDataEdits', { edits })) as unknown as {
          results: Record<string, FieldDataEditResult>;
        }
      ).results,
    upload: () => Promise.reject(new Error('no uploads here')),
  };
}

const readMany = async (ids: string[]) =>
  (await ws.request('readMany/object', ids)).b as Record<string, { erred?: boolean; userMessage?: string }>;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const org = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  editorId = (await makeUser(items(), [[org, 'editor']])).id;
  const m = await makeUser(items(), [[org, 'member']]);
  monitorId = m.id;
  ({ client: ws } = await connectAs(server, m.email, PASSWORD));
  const editor = (await loadPrincipal(items().db, editorId))!;
  program = (
    await items().create(editor, 'GeoKeeperProgram', { label: 'Watch', access: 'USERS', users: [m.id] })
  ).$id;
  recordForm = (
    await items().create(editor, 'GeoKeeperFormDef', {
      machineName: 'obs',
      formType: 'RECORD',
      program,
      version: 1,
    })
  ).$id;
  user = `device-${m.id}`;
  db = offlineDb(user);
}, 60_000);

afterAll(async () => {
  db?.close();
  await ws?.close();
  await server?.close();
  await tdb?.close();
});

const collect = (label: string) =>
  createLocal(db, {
    formType: 'RECORD',
    program,
    formDef: recordForm,
    formVersion: 1,
    label,
    fields: { formData: { observation: label } },
  });

describe('what stays on a device', () => {
  it('drops the records the person may no longer read, but keeps their unsent work, refused', async () => {
    const deleted = await collect('Deleted on the server');
    const closed = await collect('Closed to the monitor');
    const held = await collect('Closed, with an edit held');
    const open = await collect('Still the monitor’s');
    expect(await syncAll(db, api())).toMatchObject({ created: 4, failed: 0, interrupted: false });
    const unsent = await collect('Never sent');
    // A photo of the closed record, uploaded long ago, kept as a Blob on the device.
    await addLocalFile(
      db,
      closed.localId,
      'photo',
      new Blob([new Uint8Array([1, 2, 3])]),
      'image/jpeg',
      'jpg',
    );
    await db.files.where({ record: closed.localId }).modify({ uploaded: 1 });
    const h = (await db.records.get(held.localId))!;
    await saveLocal(db, held.localId, { fields: { ...h.fields, formData: { observation: 'my edit' } } });
    // Someone else's version of it, kept for a conflict: the server's record, not the monitor's.
    await db.records.update(held.localId, {
      sync: 'conflict',
      conflict: {
        currentVersion: 9,
        current: { formInstance: { formData: { observation: 'the server’s' } } },
      },
    });
    const id = async (localId: string) => (await db.records.get(localId))!.serverId!;

    // The program closes to the monitor, and two records lose the collector's own grant too.
    const editor = (await loadPrincipal(items().db, editorId))!;
    const p = await items().read(SYSTEM, program);
    await items().update(editor, { $id: program, $version: p.$version, users: [] });
    for (const localId of [closed.localId, held.localId]) {
      const serverId = await id(localId);
      await items().transaction((tx) =>
        setGrantIn(tx, items(), serverId, monitorId, null, { grantedBy: COLLECTOR, actor: null }),
      );
    }
    await items().delete(SYSTEM, await id(deleted.localId));
    expect(
      ((await ws.request('read/' + (await id(closed.localId)))).b as { userMessage?: string }).userMessage,
    ).toBe('notAllowed');

    // A check that fails (offline again) drops nothing.
    await expect(
      dropUnreadable(
        db,
        goneByReadMany(() => Promise.reject(new Error('offline'))),
      ),
    ).rejects.toThrow('offline');
    expect(await db.records.count()).toBe(5);

    expect(await dropUnreadable(db, goneByReadMany(readMany))).toEqual({ dropped: 2, kept: 1 });
    expect(await db.records.get(deleted.localId)).toBeUndefined();
    expect(await db.records.get(closed.localId)).toBeUndefined();
    expect(await db.files.where({ record: closed.localId }).count()).toBe(0);
    const kept = (await db.records.get(held.localId))!;
    expect(kept).toMatchObject({ sync: 'failed', error: 'notAllowed' });
    expect(kept.fields.formData).toEqual({ observation: 'my edit' });
    expect(kept.conflict).toBeUndefined();
    // Its own collector's grant still lets the monitor read the open one; the unsent one is theirs.
    expect((await db.records.get(open.localId))?.sync).toBe('synced');
    expect((await db.records.get(unsent.localId))?.sync).toBe('new');
    expect(await unsynced(db)).toEqual({ records: 2, files: 0 });

    // The sync, refused because the record is closed, drops a server copy the device still had.
    await db.records.update(held.localId, {
      conflict: {
        currentVersion: 9,
        current: { formInstance: { formData: { observation: 'the server’s' } } },
      },
    });
    await syncAll(db, api());
    const refused = (await db.records.get(held.localId))!;
    expect(refused).toMatchObject({ sync: 'failed', error: 'notAllowed' });
    expect(refused.conflict).toBeUndefined();
    expect(refused.fields.formData).toEqual({ observation: 'my edit' });
  });

  it('counts and deletes a person’s database for sign-out, and makes none for someone who never collected', async () => {
    expect(await unsyncedOf(user)).toBe(2);
    expect(await unsyncedOf('User-999999')).toBe(0);
    expect(await Dexie.exists(dbName('User-999999'))).toBe(false);
    await clearDevice(user);
    expect(await Dexie.exists(dbName(user))).toBe(false);
    expect(await unsyncedOf(user)).toBe(0);
  });
});
