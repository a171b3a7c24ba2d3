import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { tusUpload } from '../../../../test/helpers/tus';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { CsvImportResult } from '../../core/contract-csv-import';
import { RESEARCH_CSV_IMPORT_KIND } from '../types';

// The coded-data import (docs/research-import.md) on a real node: a coder (a community editor:
// an Import needs the Import type's create right, editors; docs/research-import.md "Who") imports a coder's CSV into a project, the project preset as the project record's "Import coded
// data" does, interviews named by title and respondents by their index or name, places by
// latitude and longitude. The dry run names each bad row's column; the run links each point to
// the project, the interview of that project (not the same-titled one of another project) and
// its respondents. Access: an interview the importer may not read is "unknown" whether named
// by title or by id, and a proponent cannot import into a community's project.

interface Person {
  id: string;
  client: WsClient;
  token: string;
}
interface TaskDone {
  key: string;
  resultURI?: string;
  errorKey?: string;
  errorSys?: string;
}

let tdb: TestDatabase;
let server: TestServer;
let dir: string;
let riverbend: string;
let researcher: Person;
let creator: Person;
let proponent: Person;
const ids: Record<string, string> = {};

beforeAll(async () => {
  tdb = await openTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-research-import-'));
  server = await startTestServer(tdb.database, { dataDir: dir, filesDir: path.join(dir, 'files') });
  const items = server.app.services.items;
  riverbend = await makeOrg(items, 'Riverbend First Nation');
  const pipeline = await makeOrg(items, 'Northern Pipeline Ltd', 'INDUSTRY');
  const r = await makeUser(items, [[riverbend, 'editor']]);
  const c = await makeUser(items, [[riverbend, 'editor']]);
  const p = await makeUser(items, [[pipeline, 'editor']]);
  const as = async (email: string, id: string) => {
    const x = await connectAs(server, email, PASSWORD);
    return { id, client: x.client, token: x.token };
  };
  researcher = await as(r.email, r.id);
  creator = await as(c.email, c.id);
  proponent = await as(p.email, p.id);
  const make = async (key: string, type: string, data: Record<string, unknown>, access?: 'PRIVATE') =>
    (ids[key] = (
      await items.create(SYSTEM, type, data, { owner: riverbend, actor: c.id, ...(access ? { access } : {}) })
    ).$id);
  await make('mary', 'CommunityMember', { firstName: 'Mary', lastName: 'Jack', fullName: 'Mary Jack' });
  await make('tom', 'CommunityMember', { firstName: 'Tom', lastName: 'Jack', fullName: 'Tom Jack' });
  await make('rose', 'CommunityMember', { firstName: 'Rose', lastName: 'Lee', fullName: 'Rose Lee' });
  await make('study', 'ResearchProject', { title: 'Upper river study' });
  await make('other', 'ResearchProject', { title: 'Lake study' });
  await make('i1', 'ResearchActivity', {
    title: 'Interview 1',
    project: ids.study,
    respondents: [ids.mary, ids.tom, ids.rose],
  });
  await make('otherI1', 'ResearchActivity', {
    title: 'Interview 1',
    project: ids.other,
    respondents: [ids.tom],
  });
  await make('elder', 'ResearchActivity', { title: 'Elder interview', project: ids.study }, 'PRIVATE');
  expect(r.id).not.toBe(c.id);
  await server.app.idle();
}, 120_000);

afterAll(async () => {
  for (const p of [researcher, creator, proponent]) await p?.client.close();
  await server?.close();
  await tdb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function makeImport(who: Person, csv: string): Promise<string> {
  const created = await who.client.call<{ $id: string }>('create/Import', {
    label: 'coded.csv',
    kind: RESEARCH_CSV_IMPORT_KIND,
  });
  await tusUpload(server.url, who.token, Buffer.from(csv, 'utf8'), {
    rel: created.$id,
    filename: 'coded.csv',
  });
  return created.$id;
}

async function runCsv(who: Person, body: Record<string, unknown>): Promise<CsvImportResult> {
  const started = await who.client.call<{ key: string }>('act/importCsv/async', body);
  const f = await who.client.waitForPush(
    (x) => x.o === 'taskComplete' && (x.b as TaskDone).key === started.key,
    120_000,
  );
  const done = f.b as TaskDone;
  if (done.errorKey) throw new Error(`import failed: ${done.errorKey} ${done.errorSys}`);
  const res = await fetch(`${server.url}${done.resultURI}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  return (await res.json()) as CsvImportResult;
}

async function dataPoints() {
  return query<{ id: string; data: Record<string, unknown>; owner: string }>(
    server.app.services.items.db,
    sql`select id, data, owner from items where type = 'ResearchData' and not deleted order by num`,
  );
}

const MAPPING = {
  Label: 'label',
  Interview: 'activity',
  Respondents: 'respondents',
  Lat: 'spatial:latitude',
  Lon: 'spatial:longitude',
  Seasons: 'seasons',
  Accuracy: 'mapAccuracy',
};

const CSV =
  'Label,Interview,Respondents,Lat,Lon,Seasons,Accuracy\n' +
  'Camp A,Interview 1,01-03,56.1,-120.8,SUM|FALL,High\n' + // row 2
  'Camp B, interview  1 ,Mary Jack,56.2,-120.7,,low\n' + // row 3: title and name by any case
  'Bad latitude,Interview 1,01,95,-120.1,,\n' + // row 4
  'Unknown interview,Interview 9,,56,-120.2,,\n' + // row 5
  'Private interview,Elder interview,,56,-120.3,,\n' + // row 6: PRIVATE to its creator
  'No such respondent,Interview 1,07,56,-120.4,,\n'; // row 7

describe('the coded-data import', () => {
  it('dry run: reports each bad row by row and column, and writes nothing', async () => {
    const imp = await makeImport(researcher, CSV);
    const r = await runCsv(researcher, {
      import: imp,
      type: 'ResearchData',
      mapping: MAPPING,
      preset: { project: ids.study },
      dryRun: true,
    });
    expect(r).toMatchObject({ rows: 6, created: 2, failed: 4 });
    expect(r.problems).toEqual([
      { row: 4, column: 'Lat', key: 'csvImport.problem.latitude' },
      { row: 5, column: 'Interview', key: 'research.import.problem.unknownActivity' },
      { row: 6, column: 'Interview', key: 'research.import.problem.unknownActivity' },
      { row: 7, column: 'Respondents', key: 'research.import.problem.noSuchRespondent' },
    ]);
    expect(await dataPoints()).toEqual([]);
  });

  it('run: points linked to the project, its own interview and the respondents, as the importer', async () => {
    const imp = await makeImport(researcher, CSV);
    const r = await runCsv(researcher, {
      import: imp,
      type: 'ResearchData',
      mapping: MAPPING,
      preset: { project: ids.study },
      dryRun: false,
    });
    expect(r).toMatchObject({ rows: 6, created: 2, failed: 4 });
    const rows = await dataPoints();
    expect(rows.map((x) => x.data.label)).toEqual(['Camp A', 'Camp B']);
    const [a, b] = rows;
    expect(a!.owner).toBe(riverbend);
    expect(a!.data).toMatchObject({
      project: ids.study,
      activity: ids.i1,
      respondents: [ids.mary, ids.rose],
      spatial: { type: 'Point', coordinates: [-120.8, 56.1] },
      seasons: ['SUM', 'FALL'],
      mapAccuracy: 'HIGH',
    });
    expect(b!.data).toMatchObject({ activity: ids.i1, respondents: [ids.mary], mapAccuracy: 'LOW' });
    // Again: the same rows are found by their content and left as they are.
    const again = await runCsv(researcher, {
      import: imp,
      type: 'ResearchData',
      mapping: MAPPING,
      preset: { project: ids.study },
      dryRun: false,
    });
    expect(again).toMatchObject({ created: 0, unchanged: 2, failed: 4 });
  });

  it('without a preset, the project column is read by title and scopes the interview', async () => {
    const csv =
      'Project,Interview,Respondents,Lat,Lon,Label\nLake study,Interview 1,01,55.5,-121,Lake camp\n';
    const imp = await makeImport(researcher, csv);
    const r = await runCsv(researcher, {
      import: imp,
      type: 'ResearchData',
      mapping: {
        Project: 'project',
        Interview: 'activity',
        Respondents: 'respondents',
        Lat: 'spatial:latitude',
        Lon: 'spatial:longitude',
        Label: 'label',
      },
      dryRun: false,
    });
    expect(r).toMatchObject({ created: 1, failed: 0 });
    const lake = (await dataPoints()).find((x) => x.data.label === 'Lake camp')!;
    expect(lake.data).toMatchObject({ project: ids.other, activity: ids.otherI1, respondents: [ids.tom] });
  });

  it('the creator of the PRIVATE interview may link to it; by id, the researcher still may not', async () => {
    const csv = `Label,Interview,Lat,Lon\nElder camp,Elder interview,56.3,-120.9\nBy id,${ids.elder},56.3,-120.9\n`;
    const mapping = {
      Label: 'label',
      Interview: 'activity',
      Lat: 'spatial:latitude',
      Lon: 'spatial:longitude',
    };
    const byCreator = await runCsv(creator, {
      import: await makeImport(creator, csv),
      type: 'ResearchData',
      mapping,
      preset: { project: ids.study },
      dryRun: true,
    });
    expect(byCreator).toMatchObject({ created: 2, failed: 0 });
    const byResearcher = await runCsv(researcher, {
      import: await makeImport(researcher, csv),
      type: 'ResearchData',
      mapping,
      preset: { project: ids.study },
      dryRun: true,
    });
    expect(byResearcher).toMatchObject({ created: 0, failed: 2 });
    expect(byResearcher.problems.map((p) => [p.row, p.column])).toEqual([
      [2, 'Interview'],
      [3, 'Interview'],
    ]);
  });

  it('a proponent cannot import into a community project, nor find its interviews', async () => {
    const imp = await makeImport(proponent, CSV);
    await expect(
      proponent.client.call('act/importCsv/async', {
        import: imp,
        type: 'ResearchData',
        mapping: MAPPING,
        preset: { project: ids.study },
        dryRun: true,
      }),
    ).rejects.toThrow(/notFound/);
    // Into their own organisation, naming the project by title: it is unknown to them, and so is
    // every interview, so nothing links to the community's research.
    const csv = 'Project,Interview,Lat,Lon\nUpper river study,Interview 1,56,-120\n';
    const r = await runCsv(proponent, {
      import: await makeImport(proponent, csv),
      type: 'ResearchData',
      mapping: {
        Project: 'project',
        Interview: 'activity',
        Lat: 'spatial:latitude',
        Lon: 'spatial:longitude',
      },
      dryRun: true,
    });
    expect(r.problems).toEqual([
      { row: 2, column: 'Project', key: 'research.import.problem.unknownProject' },
    ]);
    // Their own project's title, and the community's interview is still unknown within it.
    const own = await proponent.client.call<{ $id: string }>('create/ResearchProject', {
      title: 'Pipeline study',
    });
    const r2 = await runCsv(proponent, {
      import: await makeImport(proponent, csv.replace('Upper river study', 'Pipeline study')),
      type: 'ResearchData',
      mapping: {
        Project: 'project',
        Interview: 'activity',
        Lat: 'spatial:latitude',
        Lon: 'spatial:longitude',
      },
      dryRun: true,
    });
    expect(own.$id).toMatch(/^ResearchProject-/);
    expect(r2.problems).toEqual([
      { row: 2, column: 'Interview', key: 'research.import.problem.unknownActivity' },
    ]);
  });

  it('refuses half a coordinate pair and a preset that is also mapped, before any task', async () => {
    const imp = await makeImport(researcher, CSV);
    await expect(
      researcher.client.call('act/importCsv/async', {
        import: imp,
        type: 'ResearchData',
        mapping: { Label: 'label', Lat: 'spatial:latitude' },
        dryRun: true,
      }),
    ).rejects.toThrow(/invalidInput/);
    await expect(
      researcher.client.call('act/importCsv/async', {
        import: imp,
        type: 'ResearchData',
        mapping: { Label: 'label', Interview: 'project' },
        preset: { project: ids.study },
        dryRun: true,
      }),
    ).rejects.toThrow(/invalidInput/);
  });
});
