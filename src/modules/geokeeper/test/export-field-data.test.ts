import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getShapefile } from 'shpjs';
import { SYSTEM } from '../../../server/access/principal';
import { loadPrincipal } from '../../../server/auth/principals';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { FormDefinition } from '../form/definition';
import { answersUnder } from '../server/export/forms';
import { exportFile } from './export-file';
import { harvestForm } from './fixtures/harvest-form';

// exportFieldData through the socket (docs/geokeeper.md "Exports"): a program's field data as a
// zip of CSV files with its repeat groups (joined by record, parent and key; columns from the
// form's current version, older data projected, what it has no place for in `extra`), as GeoJSON
// and as a shapefile (10-character names). Run as the reader: a record they may not read is not in
// the file; a bad body is refused before a task starts.

let tdb: TestDatabase;
let server: TestServer;
let monitor: WsClient;
let officer: WsClient;
let program: string;
let r1: string;
let r2: string;
let hiddenId: string;
const items = () => server.app.services.items;

/** Version 2 of the harvest form: `tag` removed, bottle samples nested in each harvest. */
function version2(): FormDefinition {
  const def = harvestForm();
  def.fields = def.fields.filter((f) => f.name !== 'tag');
  const harvests = def.fields.find((f) => f.name === 'harvests')!;
  harvests.fields!.push({
    name: 'samples',
    kind: 'repeat',
    label: 'Samples',
    fields: [{ name: 'bottle', kind: 'text', label: 'Bottle' }],
  });
  return def;
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const org = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  const o = await makeUser(items(), [[org, 'editor']]);
  const m = await makeUser(items(), [[org, 'member']]);
  officer = (await connectAs(server, o.email, PASSWORD)).client;
  monitor = (await connectAs(server, m.email, PASSWORD)).client;
  const op = (await loadPrincipal(items().db, o.id))!;
  const mp = (await loadPrincipal(items().db, m.id))!;
  program = (await items().create(op, 'GeoKeeperProgram', { label: 'Harvest', access: 'ASSIGNED' })).$id;
  const work = (
    await items().create(op, 'GeoKeeperWorkItem', { label: 'Moose survey', program, assignees: [m.id] })
  ).$id;
  const spring = (await items().create(op, 'GeoKeeperWorkItem', { label: 'Spring watch', program })).$id;
  // Saved first as version 1, then changed: the server makes version 2 and keeps version 1's
  // definition (server/forms/form-def.ts), as a form an organisation edits over a season.
  const v1 = await items().create(op, 'GeoKeeperFormDef', {
    label: 'Harvest',
    machineName: 'harvest',
    formType: 'RECORD',
    program,
    definition: harvestForm(),
  });
  const v2 = await items().update(op, { $id: v1.$id, $version: v1.$version, definition: version2() });
  expect(v2.version).toBe(2);
  const formDef = v1.$id;
  const record = async (p: typeof op, data: Record<string, unknown>, access?: 'PRIVATE') =>
    (
      await items().create(
        access ? SYSTEM : p,
        'GeoKeeperFieldData',
        { formType: 'RECORD', program, formDef, workItem: work, ...data },
        access ? { actor: o.id, owner: org, access } : {},
      )
    ).$id;
  r1 = await record(mp, {
    label: 'Two harvests',
    formVersion: 2,
    collected: '2026-06-01T10:00:00.000Z',
    categories: ['HARVEST'],
    spatial: { type: 'Point', coordinates: [-120.7411, 56.2013] },
    formInstance: {
      formData: {
        trip: { monitor: 'Daniel, "Dan" Crow', trip_date: '2026-06-01' },
        hunters: 2,
        harvests: [
          {
            species: 'moose',
            gear: ['rifle', 'net'],
            count: 1,
            location: { type: 'Point', coordinates: [-120.7412, 56.2014] },
            samples: [{ bottle: 'B1' }, { bottle: '=B2' }],
          },
          { species: 'caribou', count: 2 },
        ],
      },
    },
  });
  // Collected with version 1: its tag has no place in version 2 (kept in `extra`).
  r2 = await record(mp, {
    label: 'Old version',
    formVersion: 1,
    spatial: { type: 'Point', coordinates: [-120.7421, 56.2021] },
    formInstance: { formData: { hunters: 1, tag: 'AB123' } },
  });
  // The officer's PRIVATE record of a work item not the monitor's: the monitor may not read it.
  hiddenId = await record(
    op,
    {
      label: 'Sacred spring visit',
      workItem: spring,
      spatial: { type: 'Point', coordinates: [-120.7777, 56.2777] },
      formInstance: { formData: { hunters: 3 } },
    },
    'PRIVATE',
  );
  // Files of the records: two of r1 (a photo, an audio note), one of the PRIVATE record.
  const file = (rel: string, originalName: string, mimeGroup: string, filetype: string) =>
    items().create(
      SYSTEM,
      'Attachment',
      { originalName, rel, relType: 'GeoKeeperFieldData', size: 2048, mimeGroup, filetype },
      { actor: o.id, owner: org },
    );
  await file(r1, 'Moose.JPG', 'image', 'image/jpeg');
  await file(r1, 'call.m4a', 'audio', 'audio/mp4');
  await file(hiddenId, 'spring.jpg', 'image', 'image/jpeg');
}, 60_000);

afterAll(async () => {
  for (const c of [monitor, officer]) await c?.close();
  await server?.close();
  await tdb?.close();
});

/** A CSV text as rows of cells (RFC 4180, quotes doubled). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  return rows;
}

const table = (text: string) => {
  const [head, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
};

describe('exportFieldData', () => {
  it('CSV: records.csv and one file per repeat group, joined by record, parent and key', async () => {
    const { bytes, reply } = await exportFile(monitor, server, { program, format: 'CSV' });
    expect(bytes, reply).not.toBeNull();
    const files = unzipSync(bytes!);
    expect(Object.keys(files).sort()).toEqual([
      'records.csv',
      'repeat-harvests-samples.csv',
      'repeat-harvests.csv',
    ]);
    const records = table(strFromU8(files['records.csv']!));
    expect(records.map((r) => r.id).sort()).toEqual([r1, r2].sort());
    const one = records.find((r) => r.id === r1)!;
    expect(one).toMatchObject({
      label: 'Two harvests',
      workItemLabel: 'Moose survey',
      'trip/monitor': 'Daniel, "Dan" Crow',
      hunters: '2',
      longitude: "'-120.7411",
      latitude: '56.2013',
      categories: 'HARVEST',
    });
    // Columns follow the form's current version: version 1's tag is not a column, but kept.
    const head = parseCsv(strFromU8(files['records.csv']!))[0]!;
    expect(head).not.toContain('tag');
    expect(head.indexOf('trip/monitor')).toBeLessThan(head.indexOf('hunters'));
    const old = records.find((r) => r.id === r2)!;
    expect(JSON.parse(old.extra!)).toEqual({ tag: 'AB123' });
    const harvests = table(strFromU8(files['repeat-harvests.csv']!));
    expect(harvests).toHaveLength(2);
    expect(harvests[0]).toMatchObject({
      record: r1,
      parent: r1,
      key: `${r1}/harvests/1`,
      index: '1',
      species: 'moose',
      gear: 'rifle net',
      count: '1',
    });
    expect(harvests[1]).toMatchObject({ key: `${r1}/harvests/2`, species: 'caribou', count: '2' });
    const samples = table(strFromU8(files['repeat-harvests-samples.csv']!));
    expect(samples).toEqual([
      { record: r1, parent: `${r1}/harvests/1`, key: `${r1}/harvests/1/samples/1`, index: '1', bottle: 'B1' },
      // A formula-looking answer is quoted so a spreadsheet does not run it.
      {
        record: r1,
        parent: `${r1}/harvests/1`,
        key: `${r1}/harvests/1/samples/2`,
        index: '2',
        bottle: "'=B2",
      },
    ]);
    const all = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(all).not.toContain(hiddenId);
    expect(all).not.toContain('Sacred spring');
    expect(all).not.toContain('-120.7777');
  });

  it('the officer (staff) exports the PRIVATE record of their own too', async () => {
    const { bytes } = await exportFile(officer, server, { program, format: 'CSV' });
    const records = table(strFromU8(unzipSync(bytes!)['records.csv']!));
    expect(records.map((r) => r.id).sort()).toEqual([r1, r2, hiddenId].sort());
  });

  it('GeoJSON: a feature per record with its answers, repeats as arrays', async () => {
    const { bytes, reply } = await exportFile(monitor, server, { program, format: 'GEOJSON' });
    expect(bytes, reply).not.toBeNull();
    const fc = JSON.parse(strFromU8(bytes!)) as {
      type: string;
      features: { id: string; geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.map((f) => f.id).sort()).toEqual([r1, r2].sort());
    const one = fc.features.find((f) => f.id === r1)!;
    expect(one.geometry.coordinates).toEqual([-120.7411, 56.2013]);
    expect(one.properties).toMatchObject({ label: 'Two harvests', workItemLabel: 'Moose survey' });
    expect((one.properties.answers as { harvests: unknown[] }).harvests).toHaveLength(2);
    expect(fc.features.find((f) => f.id === r2)!.properties.extra).toEqual({ tag: 'AB123' });
    expect(strFromU8(bytes!)).not.toContain('-120.7777');
  });

  it('shapefile: points with 10-character field names, mapped back in fields.txt', async () => {
    const { bytes, reply } = await exportFile(monitor, server, { program, format: 'SHAPEFILE' });
    expect(bytes, reply).not.toBeNull();
    const files = unzipSync(bytes!);
    expect(Object.keys(files)).toContain('field_data_points.shp');
    const fields = strFromU8(files['fields.txt']!);
    expect(fields).toContain('workItemLa\tworkItemLabel');
    const parsed = (await getShapefile({
      shp: files['field_data_points.shp']!,
      dbf: files['field_data_points.dbf']!,
    })) as { features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[] };
    expect(parsed.features).toHaveLength(2);
    for (const f of parsed.features)
      for (const k of Object.keys(f.properties)) expect(k.length).toBeLessThanOrEqual(10);
    const one = parsed.features.find((f) => f.properties.id === r1)!;
    expect(one.geometry.coordinates).toEqual([-120.7411, 56.2013]);
    expect(one.properties.harvests_c).toBe(2);
    // The PRIVATE record's place is in no byte of the file.
    const raw =
      Buffer.from(bytes!).toString('hex') +
      Object.values(files)
        .map((f) => Buffer.from(f).toString('hex'))
        .join('');
    expect(raw).not.toContain(Buffer.from(new Float64Array([-120.7777]).buffer).toString('hex'));
  });

  it('refuses a bad body before a task starts', async () => {
    for (const body of [
      { program, format: 'KML' },
      { program: 'Note-1', format: 'CSV' },
      { format: 'CSV' },
    ]) {
      const b = (await monitor.request('act/exportFieldData/async', body)).b as { erred?: boolean };
      expect(b.erred, JSON.stringify(body)).toBe(true);
    }
  });
});

describe('searchGeoKeeperAttachments', () => {
  type Reply = {
    results?: {
      originalName: string;
      fieldData: string;
      extension: string;
      workItems: string[];
      formType: string;
    }[];
    more?: boolean;
    erred?: boolean;
  };
  const find = async (c: WsClient, body: Record<string, unknown>) =>
    (await c.request('act/searchGeoKeeperAttachments', body)).b as Reply;

  it("lists the files of the records the reader may read, through the record's access", async () => {
    const mine = await find(monitor, { program });
    expect(mine.results!.map((r) => r.originalName).sort()).toEqual(['Moose.JPG', 'call.m4a']);
    const photo = mine.results!.find((r) => r.originalName === 'Moose.JPG')!;
    expect(photo).toMatchObject({ fieldData: r1, extension: 'jpg', formType: 'RECORD' });
    expect(photo.workItems).toHaveLength(1);
    expect(JSON.stringify(mine)).not.toContain('spring.jpg');
    expect((await find(officer, { program })).results!.map((r) => r.originalName).sort()).toEqual([
      'Moose.JPG',
      'call.m4a',
      'spring.jpg',
    ]);
    // The hidden record by id: nothing, not an error that would say it exists.
    expect((await find(monitor, { fieldDataIds: [hiddenId] })).results).toEqual([]);
  });

  it('narrows to a kind of file, and pages', async () => {
    const audio = await find(monitor, { program, mimeGroup: ['audio'] });
    expect(audio.results!.map((r) => r.originalName)).toEqual(['call.m4a']);
    const first = await find(officer, { program, max: 2 });
    expect(first.results).toHaveLength(2);
    expect(first.more).toBe(true);
    const rest = await find(officer, { program, max: 2, offset: 2 });
    expect(rest.results).toHaveLength(1);
    expect(rest.more).toBe(false);
  });

  it('refuses a body with neither program nor records', async () => {
    expect((await find(monitor, {})).erred).toBe(true);
    expect((await find(monitor, { program, mimeGroup: ['bogus'] })).erred).toBe(true);
  });
});

describe('answersUnder', () => {
  it('projects data of an older version onto the current one; the rest is extra', () => {
    const v1 = harvestForm();
    const v2 = version2();
    const form = {
      current: v2,
      version: 2,
      history: [
        { version: 2, definition: v2 },
        { version: 1, definition: v1 },
      ],
    };
    const got = answersUnder(form, 1, { hunters: 2, tag: 'AB123', trip: { monitor: 'D' } });
    expect(got).toEqual({ data: { hunters: 2, trip: { monitor: 'D' } }, extra: { tag: 'AB123' } });
    expect(answersUnder(undefined, 1, { a: 1 })).toEqual({ data: { a: 1 }, extra: {} });
  });
});
