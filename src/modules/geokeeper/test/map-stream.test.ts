import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../../../server/auth/principals';
import { setGrantIn } from '../../../server/items/grants';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// streamFieldDataForMap through the socket (docs/geokeeper.md "The map"): batches and cursor, by
// id and by program (records, work items, references), work item colours named only when the work
// item is readable, an id the caller may not read simply absent, a bad body refused, and a record
// on an open map pushed as a delete when it becomes unreadable.

let tdb: TestDatabase;
let server: TestServer;
let officer: WsClient;
let monitor: WsClient;
let stranger: WsClient;
let program: string;
let work: string;
let otherWork: string;
let ref: string;
const records: string[] = [];
let hidden: string;
let officerId: string;
let pipelineId: string;
const items = () => server.app.services.items;

const point = (i: number) => ({ type: 'Point', coordinates: [-120.74 + i * 0.001, 56.2] });

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const org = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  const other = await makeOrg(items(), 'Northern Pipeline Ltd', 'INDUSTRY');
  pipelineId = other;
  const o = await makeUser(items(), [[org, 'editor']]);
  officerId = o.id;
  const m = await makeUser(items(), [[org, 'member']]);
  const s = await makeUser(items(), [[other, 'editor']]);
  officer = (await connectAs(server, o.email, PASSWORD)).client;
  monitor = (await connectAs(server, m.email, PASSWORD)).client;
  stranger = (await connectAs(server, s.email, PASSWORD)).client;
  const op = (await loadPrincipal(items().db, o.id))!;
  const mp = (await loadPrincipal(items().db, m.id))!;
  program = (await items().create(op, 'GeoKeeperProgram', { label: 'Creek watch', access: 'ASSIGNED' })).$id;
  work = (
    await items().create(op, 'GeoKeeperWorkItem', {
      label: 'Culvert',
      program,
      assignees: [m.id],
      spatial: point(0),
    })
  ).$id;
  otherWork = (await items().create(op, 'GeoKeeperWorkItem', { label: 'Sacred spring', program })).$id;
  ref = (
    await items().create(op, 'GeoKeeperReference', { label: 'Spawning bed', program, spatial: point(1) })
  ).$id;
  for (let i = 0; i < 5; i++)
    records.push(
      (
        await items().create(mp, 'GeoKeeperFieldData', {
          formType: 'RECORD',
          label: `Obs ${i}`,
          program,
          workItem: work,
          collected: '2026-06-01T10:00:00.000Z',
          spatial: point(10 + i),
        })
      ).$id,
    );
  // Staff's record of the other work item: the monitor may not read it (nor the work item).
  hidden = (
    await items().create(op, 'GeoKeeperFieldData', {
      formType: 'RECORD',
      label: 'At the spring',
      program,
      workItem: otherWork,
      spatial: point(99),
    })
  ).$id;
}, 60_000);

afterAll(async () => {
  for (const c of [officer, monitor, stranger]) await c?.close();
  await server?.close();
  await tdb?.close();
});

interface Reply {
  features: Record<
    string,
    { t: string; label: string; workItem?: string; geometry: unknown; formType?: string }
  >;
  workItems: Record<string, string>;
  cursor: string | null;
  total: number | null;
  erred?: boolean;
  fields?: unknown;
}
const stream = async (c: WsClient, body: Record<string, unknown>) =>
  (await c.request('act/streamFieldDataForMap', body)).b as Reply;

async function all(c: WsClient, body: Record<string, unknown>) {
  const out: Reply['features'] = {};
  const legend: Record<string, string> = {};
  let cursor: string | null = null;
  let batches = 0;
  do {
    const b = await stream(c, { ...body, cursor, batch: 2 });
    expect(b.erred, JSON.stringify(b)).toBeUndefined();
    Object.assign(out, b.features);
    Object.assign(legend, b.workItems);
    cursor = b.cursor;
    batches++;
  } while (cursor && batches < 20);
  return { features: out, legend, batches };
}

describe('streamFieldDataForMap', () => {
  it('streams the asked records in batches, with a cursor and a total when asked', async () => {
    const first = await stream(officer, { fieldDataIds: records, batch: 2 });
    expect(Object.keys(first.features)).toHaveLength(2);
    expect(first.cursor).toBeTruthy();
    expect(first.total).toBeNull();
    const second = await stream(officer, {
      fieldDataIds: records,
      batch: 2,
      cursor: first.cursor,
      count: true,
    });
    expect(second.total).toBe(5);
    const { features, batches } = await all(officer, { fieldDataIds: records });
    expect(Object.keys(features).sort()).toEqual([...records].sort());
    expect(batches).toBe(3);
    const f = features[records[0]!]!;
    expect(f).toMatchObject({ t: 'GeoKeeperFieldData', label: 'Obs 0', workItem: work, formType: 'RECORD' });
    expect(f.geometry).toEqual(point(10));
  });

  it("a program's map: its records, work items and references, with the work items' labels", async () => {
    const { features, legend } = await all(officer, { program });
    expect(Object.keys(features).sort()).toEqual([...records, hidden, work, ref].sort());
    expect(features[work]).toMatchObject({ t: 'GeoKeeperWorkItem', workItem: work });
    expect(features[ref]).toMatchObject({ t: 'GeoKeeperReference', label: 'Spawning bed' });
    expect(features[ref]!.workItem).toBeUndefined();
    expect(legend).toEqual({ [work]: 'Culvert', [otherWork]: 'Sacred spring' });
  });

  it('an id the caller may not read is absent', async () => {
    const { features } = await all(monitor, { fieldDataIds: [...records, hidden] });
    expect(Object.keys(features).sort()).toEqual([...records].sort());
    // The monitor reads the program's work items (ASSIGNED), not the staff's record of another.
    const whole = await all(monitor, { program });
    expect(Object.keys(whole.features).sort()).toEqual([...records, work, ref].sort());
    const text = JSON.stringify(whole);
    expect(text).not.toContain(hidden);
    expect(text).not.toContain('At the spring');
    expect(text).not.toContain('-120.641');
  });

  it('a record shared with someone who may not read its work item names no work item', async () => {
    const shared = records[3]!;
    await items().transaction((tx) =>
      setGrantIn(tx, items(), shared, pipelineId, ['read'], { grantedBy: officerId, actor: officerId }),
    );
    const { features, legend } = await all(stranger, { program });
    expect(Object.keys(features)).toEqual([shared]);
    expect(features[shared]!.workItem).toBeUndefined();
    expect(legend).toEqual({});
    expect(JSON.stringify(features)).not.toContain('Culvert');
    await items().transaction((tx) =>
      setGrantIn(tx, items(), shared, pipelineId, null, { grantedBy: officerId, actor: officerId }),
    );
  });

  it('the proponent sees none', async () => {
    expect((await all(stranger, { program })).features).toEqual({});
    expect((await all(stranger, { fieldDataIds: records })).features).toEqual({});
  });

  it('refuses a bad body with field errors', async () => {
    for (const body of [
      {},
      { fieldDataIds: [] },
      { fieldDataIds: ['Note-1'] },
      { program: 'X' },
      { program, batch: 5000 },
    ]) {
      const b = await stream(officer, body);
      expect(b.erred, JSON.stringify(body)).toBe(true);
    }
  });

  it('a record on an open map that becomes unreadable is pushed as a delete', async () => {
    // The officer's record of the monitor's work item: the monitor reads it by assignment only.
    const op = (await loadPrincipal(items().db, officerId))!;
    const target = (
      await items().create(op, 'GeoKeeperFieldData', {
        formType: 'RECORD',
        label: 'Officer obs',
        program,
        workItem: work,
        spatial: point(50),
      })
    ).$id;
    await monitor.request('addWatch/GeoKeeperFieldData-0', {});
    expect(Object.keys((await all(monitor, { fieldDataIds: [target] })).features)).toEqual([target]);
    // Moved to the work item the monitor is not assigned to: no longer theirs to read.
    const before = await items().read(op, target);
    await items().update(op, { $id: target, $version: before.$version, workItem: otherWork });
    const f = await monitor.waitForPush(
      (x) => x.o === 'item/action' && (x.b as { itemID?: string }).itemID === target,
      5_000,
    );
    expect(f.b).toMatchObject({ opAction: 'delete', itemID: target });
    expect((await all(monitor, { fieldDataIds: [target] })).features).toEqual({});
  });
});
