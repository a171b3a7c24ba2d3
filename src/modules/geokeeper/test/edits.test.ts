import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { loadPrincipal } from '../../../server/auth/principals';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { patchOf } from '../server/edits';

// applyGeoKeeperFieldDataEdits through the socket (docs/geokeeper.md "Held edits"): a monitor's
// offline edits, per record at the version they were made on; paths into the answers; a record
// changed on the server meanwhile is a conflict with the server's record, never overwritten;
// records are independent; what the monitor may not change (another's record, a finalized one)
// is refused, and nothing of it applied.

let tdb: TestDatabase;
let server: TestServer;
let monitor: WsClient;
let program: string;
let editorId: string;
let monitorId: string;
const items = () => server.app.services.items;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const org = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  editorId = (await makeUser(items(), [[org, 'editor']])).id;
  const m = await makeUser(items(), [[org, 'member']]);
  monitorId = m.id;
  monitor = (await connectAs(server, m.email, PASSWORD)).client;
  const editor = (await loadPrincipal(items().db, editorId))!;
  program = (
    await items().create(editor, 'GeoKeeperProgram', { label: 'Watch', access: 'USERS', users: [m.id] })
  ).$id;
}, 60_000);

afterAll(async () => {
  await monitor?.close();
  await server?.close();
  await tdb?.close();
});

type Results = Record<
  string,
  {
    status: string;
    version?: number;
    currentVersion?: number;
    current?: unknown;
    error?: string;
    fields?: { key: string }[];
  }
>;
const apply = async (edits: Record<string, unknown>) => {
  const b = (await monitor.request('act/applyGeoKeeperFieldDataEdits', { edits })).b as {
    results?: Results;
    erred?: boolean;
    fields?: unknown;
  };
  expect(b.erred, JSON.stringify(b)).toBeUndefined();
  return b.results!;
};
const record = async (by = monitorId, data: Record<string, unknown> = {}) => {
  const p = (await loadPrincipal(items().db, by))!;
  return (
    await items().create(p, 'GeoKeeperFieldData', {
      formType: 'RECORD',
      program,
      formInstance: { formData: { colour: 'clear', visits: [{ count: 1 }, { count: 2 }] } },
      ...data,
    })
  ).$id;
};
const now = (id: string) => items().read(SYSTEM, id);

describe('patchOf', () => {
  it('sets and removes paths inside json, in order, on a copy', () => {
    const current = { formInstance: { formData: { a: 1, list: [{ n: 1 }, { n: 2 }] } }, notes: 'x' };
    const patch = patchOf(current, {
      version: 1,
      changes: [
        { path: 'formInstance.formData.a', value: 2 },
        { path: 'formInstance.formData.b.c', value: 'new' },
        { path: 'formInstance.formData.list.1.n', value: 20 },
        { path: 'formInstance.formData.list.0', value: null },
        { path: 'notes', value: null },
      ],
    });
    expect(patch).toEqual({
      formInstance: { formData: { a: 2, b: { c: 'new' }, list: [{ n: 20 }] } },
      notes: null,
    });
    expect(current.formInstance.formData.a).toBe(1);
  });

  it('refuses a path through a value that is not an object, and prototype keys', () => {
    const current = { notes: 'text', formInstance: { formData: {} } };
    expect(() => patchOf(current, { version: 1, changes: [{ path: 'notes.x', value: 1 }] })).toThrow(
      /not a path/,
    );
    expect(() =>
      patchOf(current, { version: 1, changes: [{ path: 'formInstance.__proto__.polluted', value: 1 }] }),
    ).toThrow(/not a path/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('applyGeoKeeperFieldDataEdits', () => {
  it('applies each record’s edits at its version and answers the new version', async () => {
    const a = await record();
    const b = await record();
    const va = (await now(a)).$version;
    const vb = (await now(b)).$version;
    const results = await apply({
      [a]: {
        version: va,
        changes: [
          { path: 'formInstance.formData.colour', value: 'cloudy' },
          { path: 'notes', value: 'rain' },
        ],
      },
      [b]: { version: vb, changes: [{ path: 'categories', value: ['WATER'] }] },
    });
    expect(results[a]).toEqual({ status: 'applied', version: va + 1 });
    expect(results[b]).toEqual({ status: 'applied', version: vb + 1 });
    const got = await now(a);
    expect(got.formInstance).toEqual({
      formData: { colour: 'cloudy', visits: [{ count: 1 }, { count: 2 }] },
    });
    expect(got.notes).toBe('rain');
  });

  it('a record changed on the server meanwhile is a conflict, not overwritten; the others apply', async () => {
    const a = await record();
    const b = await record();
    const held = (await now(a)).$version;
    // Someone on the server changes the same answer first.
    const editor = (await loadPrincipal(items().db, editorId))!;
    await items().update(editor, {
      $id: a,
      $version: held,
      formInstance: { formData: { colour: 'brown', visits: [] } },
    });
    const results = await apply({
      [a]: { version: held, changes: [{ path: 'formInstance.formData.colour', value: 'cloudy' }] },
      [b]: { version: (await now(b)).$version, changes: [{ path: 'notes', value: 'ok' }] },
    });
    expect(results[a]!.status).toBe('conflict');
    expect(results[a]!.currentVersion).toBe(held + 1);
    expect((results[a]!.current as { formInstance: unknown }).formInstance).toEqual({
      formData: { colour: 'brown', visits: [] },
    });
    expect((await now(a)).formInstance).toEqual({ formData: { colour: 'brown', visits: [] } });
    expect(results[b]!.status).toBe('applied');
  });

  it('refuses what the monitor may not change, and a finalized record; nothing of it applied', async () => {
    const theirs = await record(editorId);
    const finalized = await record(monitorId, { finalized: '2026-10-14T17:00:00.000Z' });
    // A program the monitor is not on: the record is not theirs to read.
    const editor = (await loadPrincipal(items().db, editorId))!;
    const closed = (
      await items().create(editor, 'GeoKeeperProgram', { label: 'Closed', access: 'USERS', users: [] })
    ).$id;
    const hidden = (
      await items().create(editor, 'GeoKeeperFieldData', { formType: 'RECORD', program: closed })
    ).$id;
    const results = await apply({
      [finalized]: { version: (await now(finalized)).$version, changes: [{ path: 'notes', value: 'late' }] },
      [hidden]: { version: 1, changes: [{ path: 'notes', value: 'peek' }] },
      [theirs]: { version: (await now(theirs)).$version, changes: [{ path: 'notes.deep', value: 'x' }] },
    });
    expect(results[finalized]).toEqual({
      status: 'refused',
      error: 'invalidInput',
      fields: [{ path: 'finalized', key: 'errors.geokeeperFinalized' }],
    });
    expect(results[hidden]!.status).toBe('refused');
    expect(['notFound', 'notAllowed']).toContain(results[hidden]!.error);
    expect(results[theirs]!.status).toBe('refused');
    expect((await now(finalized)).notes).toBeUndefined();
    expect((await now(hidden)).notes).toBeUndefined();
  });

  it('takes only field data ids, and paths that name a property', async () => {
    const b = (
      await monitor.request('act/applyGeoKeeperFieldDataEdits', {
        edits: { [program]: { version: 1, changes: [{ path: 'label', value: 'x' }] } },
      })
    ).b as { erred?: boolean; userMessage?: string };
    expect(b.userMessage).toBe('invalidInput');
    const a = await record();
    const c = (
      await monitor.request('act/applyGeoKeeperFieldDataEdits', {
        edits: { [a]: { version: 1, changes: [{ path: '$access', value: 'PUBLIC' }] } },
      })
    ).b as { erred?: boolean; userMessage?: string };
    expect(c.userMessage).toBe('invalidInput');
  });
});
