import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query, SYSTEM } from '../../../server/module-api';
import { loadPrincipal } from '../../../server/auth/principals';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { tusCreate, tusPatch } from '../../../../test/helpers/tus';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { FieldDataEdit, FieldDataEditResult } from '../contract';
import { offlineDb, type LocalRecord, type OfflineDb } from '../client/offline/db';
import { addLocalFile, createLocal, saveLocal } from '../client/offline/records';
import { Refused, resolveConflict, syncAll, type SyncApi } from '../client/offline/sync';

// The sync of held records (client/offline/sync.ts) against a real server: the device's store is
// Dexie on fake-indexeddb (the browser test, e2e/geokeeper-offline.e2e.ts, runs it on Chromium's
// IndexedDB). Creates map local ids to the server's (a record's trip too), files upload with tus
// into the record's attachments, a finalize waits for the files, held edits go through
// applyGeoKeeperFieldDataEdits at their version, a conflict is kept beside the server's record
// and never overwritten, a refusal keeps its reason, and a dropped network loses nothing.

let tdb: TestDatabase;
let server: TestServer;
let ws: WsClient;
let token: string;
let program: string;
let closedProgram: string;
let recordForm: string;
let tripForm: string;
let editorId: string;
let db: OfflineDb;
const items = () => server.app.services.items;

/** The sync's server over the monitor's socket and tus, as sync-api.ts is in the browser. */
function api(): SyncApi {
  const req = async (o: string, b: unknown) => {
    const r = await ws.request(o, b);
    const body = r.b as { erred?: boolean; userMessage?: string };
    if (body && body.erred) throw new Refused(body.userMessage ?? 'generalFailure');
    return r.b;
  };
  return {
    create: async (data) =>
      (await req('create/GeoKeeperFieldData', data)) as { $id: string; $version: number },
    applyEdits: async (edits: Record<string, FieldDataEdit>) =>
      (
        (await req('act/applyGeoKeeperFieldDataEdits', { edits })) as {
          results: Record<string, FieldDataEditResult>;
        }
      ).results,
    upload: async (recordId, file) => {
      const bytes = new Uint8Array(await file.blob.arrayBuffer());
      const made = await tusCreate(server.url, token, bytes.length, { rel: recordId, filename: file.name });
      if (made.status !== 201 || !made.location) throw new Refused('geokeeperUploadRefused');
      const res = await tusPatch(made.location, token, 0, bytes);
      if (res.status !== 204) throw new Error(`upload ${res.status}`);
    },
  };
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const org = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  editorId = (await makeUser(items(), [[org, 'editor']])).id;
  const m = await makeUser(items(), [[org, 'member']]);
  ({ client: ws, token } = await connectAs(server, m.email, PASSWORD));
  const editor = (await loadPrincipal(items().db, editorId))!;
  const make = async (type: string, data: Record<string, unknown>) =>
    (await items().create(editor, type, data)).$id;
  program = await make('GeoKeeperProgram', { label: 'Watch', access: 'USERS', users: [m.id] });
  // ASSIGNED with no work item of the monitor's: not a program they read, so not theirs to collect for.
  closedProgram = await make('GeoKeeperProgram', { label: 'Staff only', access: 'ASSIGNED' });
  tripForm = await make('GeoKeeperFormDef', { machineName: 'trip', formType: 'TRIP', program, version: 1 });
  recordForm = await make('GeoKeeperFormDef', {
    machineName: 'obs',
    formType: 'RECORD',
    program,
    version: 1,
  });
  db = offlineDb(`test-${m.id}`);
}, 60_000);

afterAll(async () => {
  db?.close();
  await ws?.close();
  await server?.close();
  await tdb?.close();
});

const serverItem = async (id: string) => (await items().read(SYSTEM, id)) as Record<string, unknown>;
const local = async (localId: string) => (await db.records.get(localId))!;

async function collect(
  formType: 'TRIP' | 'RECORD',
  label: string,
  formData: Record<string, unknown>,
  trip?: string,
) {
  return createLocal(db, {
    formType,
    program,
    formDef: formType === 'TRIP' ? tripForm : recordForm,
    formVersion: 1,
    label,
    ...(trip ? { trip } : {}),
    fields: { formData, spatial: { type: 'Point', coordinates: [-120.74, 56.2] } },
  });
}

describe('syncing what was collected offline', () => {
  let trip: LocalRecord;
  let withPhoto: LocalRecord;
  let plain: LocalRecord;

  it('creates a trip and its records, maps their ids, uploads the photo and finalizes after it', async () => {
    trip = await collect('TRIP', 'Culvert walk', { crew: 'Daniel' });
    withPhoto = await collect('RECORD', 'Silt fence down', { observation: 'fence flat' }, trip.localId);
    plain = await collect('RECORD', 'Moose tracks', { observation: 'cow and calf' }, trip.localId);
    const photo = await addLocalFile(
      db,
      withPhoto.localId,
      'photo',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' }),
      'image/jpeg',
      'jpg',
    );
    const r = await local(withPhoto.localId);
    await saveLocal(db, withPhoto.localId, {
      fields: {
        ...r.fields,
        formData: { ...r.fields.formData, photo: photo.name },
        finalized: new Date().toISOString(),
      },
    });

    const report = await syncAll(db, api());
    expect(report).toMatchObject({ created: 3, uploaded: 1, conflicts: 0, failed: 0, interrupted: false });
    const [t, a, b] = [await local(trip.localId), await local(withPhoto.localId), await local(plain.localId)];
    expect([t.sync, a.sync, b.sync]).toEqual(['synced', 'synced', 'synced']);
    const sa = await serverItem(a.serverId!);
    expect(sa.trip).toBe(t.serverId);
    expect((await serverItem(b.serverId!)).trip).toBe(t.serverId);
    expect(sa.formInstance).toEqual({ formData: { observation: 'fence flat', photo: photo.name } });
    expect(typeof sa.finalized).toBe('string');
    expect(sa.$version).toBe(a.serverVersion);
    const atts = await query<{ name: string }>(
      items().db,
      sql`select data->>'originalName' as name from items where type = 'Attachment' and data->>'rel' = ${a.serverId!}`,
    );
    expect(atts.map((x) => x.name)).toEqual([photo.name]);
    expect((await db.files.get(photo.id))?.uploaded).toBe(1);
    // Nothing more to send: a second run sends nothing.
    expect(await syncAll(db, api())).toMatchObject({ created: 0, uploaded: 0, applied: 0 });
  });

  it('sends a later edit at its version and clears it', async () => {
    const r = await local(plain.localId);
    await saveLocal(db, plain.localId, {
      fields: { ...r.fields, formData: { observation: 'cow, calf and a bull' } },
    });
    expect((await local(plain.localId)).sync).toBe('held');
    expect(await syncAll(db, api())).toMatchObject({ applied: 1, conflicts: 0 });
    const after = await local(plain.localId);
    expect(after.sync).toBe('synced');
    const s = await serverItem(after.serverId!);
    expect(s.formInstance).toEqual({ formData: { observation: 'cow, calf and a bull' } });
    expect(after.serverVersion).toBe(s.$version);
  });

  it('keeps a conflict beside the server’s record, never overwriting it; keep mine, then take theirs', async () => {
    const before = await local(plain.localId);
    const editor = (await loadPrincipal(items().db, editorId))!;
    await items().update(editor, {
      $id: before.serverId!,
      $version: before.serverVersion!,
      formInstance: { formData: { observation: 'the officer’s words' } },
    });
    await saveLocal(db, plain.localId, {
      fields: { ...before.fields, formData: { observation: 'my words' } },
    });
    expect(await syncAll(db, api())).toMatchObject({ conflicts: 1, applied: 0 });
    const c = await local(plain.localId);
    expect(c.sync).toBe('conflict');
    expect((c.conflict?.current.formInstance as { formData: unknown }).formData).toEqual({
      observation: 'the officer’s words',
    });
    expect((await serverItem(c.serverId!)).formInstance).toEqual({
      formData: { observation: 'the officer’s words' },
    });
    // A conflict waits for the person: a sync leaves it.
    expect(await syncAll(db, api())).toMatchObject({ applied: 0, conflicts: 0 });

    await resolveConflict(db, plain.localId, 'mine');
    expect(await syncAll(db, api())).toMatchObject({ applied: 1 });
    expect((await serverItem(c.serverId!)).formInstance).toEqual({ formData: { observation: 'my words' } });

    // Again, and this time the server's record is taken: the device holds nothing more.
    const now = await local(plain.localId);
    await items().update(editor, {
      $id: now.serverId!,
      $version: now.serverVersion!,
      formInstance: { formData: { observation: 'corrected by the officer' } },
    });
    await saveLocal(db, plain.localId, {
      fields: { ...now.fields, formData: { observation: 'mine again' } },
    });
    expect(await syncAll(db, api())).toMatchObject({ conflicts: 1 });
    await resolveConflict(db, plain.localId, 'theirs');
    const taken = await local(plain.localId);
    expect(taken.sync).toBe('synced');
    expect(taken.fields.formData).toEqual({ observation: 'corrected by the officer' });
    expect(await syncAll(db, api())).toMatchObject({ applied: 0, conflicts: 0 });
  });

  it('keeps a finalized record locked on the device too', async () => {
    const r = await local(withPhoto.localId);
    await saveLocal(db, withPhoto.localId, { fields: { ...r.fields, customLabel: 'too late' } });
    const f = await local(withPhoto.localId);
    expect(f.fields.customLabel).toBeUndefined();
    expect(f.sync).toBe('synced');
    expect(await syncAll(db, api())).toMatchObject({ applied: 0, failed: 0 });
  });

  it('keeps a refused create with its reason, and loses nothing when the network drops', async () => {
    const refused = await createLocal(db, {
      formType: 'RECORD',
      program: closedProgram,
      formDef: recordForm,
      formVersion: 1,
      label: 'Not mine to collect',
      fields: { formData: {} },
    });
    const down: SyncApi = {
      create: () => Promise.reject(new Error('Network Error')),
      applyEdits: () => Promise.reject(new Error('Network Error')),
      upload: () => Promise.reject(new Error('Network Error')),
    };
    const waiting = await collect('RECORD', 'Collected with no signal', { observation: 'x' });
    expect(await syncAll(db, down)).toMatchObject({ interrupted: true, created: 0 });
    expect((await local(waiting.localId)).sync).toBe('new');

    const report = await syncAll(db, api());
    expect(report.created).toBe(1);
    const [a, b] = [await local(refused.localId), await local(waiting.localId)];
    expect(a.sync).toBe('failed');
    expect(a.error).toMatch(/^(notAllowed|notFound|invalidInput)$/);
    expect(a.serverId).toBeUndefined();
    expect(b.sync).toBe('synced');
  });
});
