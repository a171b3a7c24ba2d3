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
import { connectAs } from '../../../../test/helpers/ws-client';
import { gedcomOf } from '../../../../bench/research-gedcom';
import { tusUpload } from '../../../../test/helpers/tus';
import { GEDCOM_IMPORT_KIND } from '../types';
import { fixture, importFile, makeImport, members, type Person, runTask } from './gedcom-helpers';

// importGedcom on a real node (PGlite, or PostgreSQL with DATABASE_URL), as a person would: an
// Import of kind CM_GEDCOM, the file by tus, act/importGedcom/async. Each fixture is a file of
// ours (test/fixtures): ANSEL with diacritics, UTF-8 with Cree syllabics and GEDCOM 7, ANSI, and
// a malformed one. Each import goes into its own organisation so counts are the file's own.

let tdb: TestDatabase;
let server: TestServer;
let dir: string;
const orgs: Record<string, string> = {};
let editor: Person;
let staff: Person;
let member: Person;
let outsider: Person;
let colleague: Person;

beforeAll(async () => {
  tdb = await openTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-gedcom-'));
  server = await startTestServer(tdb.database, { dataDir: dir, filesDir: path.join(dir, 'files') });
  const items = server.app.services.items;
  for (const k of ['ansel', 'utf8', 'ansi', 'bad', 'again', 'killed', 'restricted'])
    orgs[k] = await makeOrg(items, `Community ${k}`);
  const proponent = await makeOrg(items, 'Pipeline Co', 'INDUSTRY');
  const all = Object.values(orgs);
  const as = async (u: { id: string; email: string }) => {
    const c = await connectAs(server, u.email, PASSWORD);
    return { id: u.id, client: c.client, token: c.token };
  };
  editor = await as(
    await makeUser(
      items,
      all.map((o) => [o, 'editor'] as const),
    ),
  );
  staff = await as(await makeUser(items, [[orgs.utf8!, 'staff']]));
  member = await as(await makeUser(items, [[orgs.utf8!, 'member']]));
  outsider = await as(await makeUser(items, [[proponent, 'editor']]));
  colleague = await as(await makeUser(items, [[orgs.again!, 'editor']]));
}, 60_000);

afterAll(async () => {
  for (const p of [editor, staff, member, outsider, colleague]) await p?.client.close();
  await server?.close();
  await tdb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('importGedcom', () => {
  it('reads an ANSEL file with its diacritics, its family and its imprecise dates', async () => {
    const { imp, result, progress } = await importFile(
      server,
      editor,
      orgs.ansel!,
      fixture('ansel.ged'),
      'a.ged',
    );
    expect(result).toMatchObject({
      encoding: 'ANSEL',
      individuals: 3,
      families: 1,
      created: 3,
      skippedTotal: 0,
    });
    expect(progress.length).toBeGreaterThan(0);
    const m = await members(server, orgs.ansel!);
    expect(m.get('I1')!.data).toMatchObject({
      firstName: 'Marie-Éve',
      lastName: 'Côté',
      birthDate: '1921',
      birthDateQualifier: 'ABT',
      birthPlace: 'Trois-Rivières, Québec',
    });
    expect(m.get('I2')!.data).toMatchObject({
      firstName: 'François',
      lastName: 'Gagné',
      deathDate: '1990',
      deathDateQualifier: 'BEF',
      deceased: true,
    });
    expect(m.get('I3')!.data).toMatchObject({
      birthDate: '1945',
      birthDateQualifier: 'BET',
      birthDateTo: '1947',
    });
    expect(m.get('I3')!.data.parents).toEqual([
      { member: m.get('I2')!.id, type: 'BIO' },
      { member: m.get('I1')!.id, type: 'BIO' },
    ]);
    expect(m.get('I1')!.data.partners).toEqual([
      { member: m.get('I2')!.id, type: 'SPOUSE', start: '1944-06-04' },
    ]);
    // The report is kept on the Import, for its record to show.
    const row = await server.app.services.items.readRow(imp);
    expect(row?.data.importResult).toMatchObject({ created: 3, skippedTotal: 0 });
    // Written as the person who asked.
    const who = await query<{ created_by: string }>(
      server.app.services.items.db,
      sql`select created_by from items where id = ${m.get('I1')!.id}`,
    );
    expect(who[0]!.created_by).toBe(editor.id);
  });

  it('reads UTF-8 (GEDCOM 7) with syllabics, an adoption beside the birth family, and unreadable dates kept', async () => {
    const { result } = await importFile(server, editor, orgs.utf8!, fixture('utf8.ged'), 'u.ged');
    expect(result).toMatchObject({
      encoding: 'UTF-8',
      version: '7.0',
      individuals: 6,
      families: 2,
      created: 6,
    });
    // The SOUR record is not the genealogy's: listed as skipped, with why.
    expect(result.skipped).toEqual([
      { record: '@S1@', line: expect.any(Number), key: 'notImported', value: 'SOUR' },
    ]);
    expect(result.warnings).toEqual([
      { record: '@I4@', line: expect.any(Number), key: 'dateKept', value: 'sometime in the spring thaw' },
    ]);
    const m = await members(server, orgs.utf8!);
    const id = (x: string) => m.get(x)!.id;
    expect(m.get('I1')!.data).toMatchObject({
      firstName: 'ᓀᐦᐃᔭᐤ',
      lastNameAtBirth: 'Morin',
      nickName: 'Kookum',
    });
    expect(m.get('I4')!.data.parents).toEqual(
      expect.arrayContaining([
        { member: id('I6'), type: 'BIO' },
        { member: id('I5'), type: 'BIO' },
        { member: id('I2'), type: 'ADOPT' },
        { member: id('I1'), type: 'ADOPT' },
      ]),
    );
    expect(m.get('I4')!.data.parents).toHaveLength(4);
    expect(m.get('I4')!.data.birthDate).toBeUndefined();
    expect(m.get('I4')!.data.familyNotes).toContain('sometime in the spring thaw');
    expect(m.get('I5')!.data.partners).toEqual([{ member: id('I6'), type: 'UNKNOWN', endType: 'DIVORCED' }]);
  });

  it('reads an ANSI (CP1252) file', async () => {
    const { result } = await importFile(server, editor, orgs.ansi!, fixture('ansi.ged'), 'w.ged');
    expect(result).toMatchObject({ encoding: 'Cp1252', created: 1 });
    expect((await members(server, orgs.ansi!)).get('I1')!.data).toMatchObject({
      firstName: 'Hélène',
      lastName: 'Lefèbvre',
    });
  });

  it('a re-import of the same file updates and never duplicates', async () => {
    const first = await importFile(server, editor, orgs.again!, fixture('utf8.ged'), 'x.ged');
    expect(first.result.created).toBe(6);
    const before = await members(server, orgs.again!);
    const again = await importFile(server, editor, orgs.again!, fixture('utf8.ged'), 'x-again.ged');
    expect(again.result).toMatchObject({ created: 0, unchanged: 6, updated: 0, links: 0 });
    const after = await members(server, orgs.again!);
    expect(after.size).toBe(6);
    expect([...after.values()].map((r) => r.id)).toEqual([...before.values()].map((r) => r.id));
    expect(after.get('I4')!.data.parents).toHaveLength(4);
  });

  it('another file whose xrefs are taken here by other people: refused per record, nobody written over', async () => {
    const before = await members(server, orgs.again!);
    const { result } = await importFile(server, editor, orgs.again!, fixture('ansel.ged'), 'other.ged');
    expect(result.created).toBe(0);
    expect(result.skipped.map((s) => `${s.record} ${s.key} ${s.value ?? ''}`.trim())).toEqual([
      '@I1@ xrefTaken',
      '@I2@ xrefTaken',
      '@I3@ xrefTaken',
      '@F1@ missingPerson @I3@',
    ]);
    const after = await members(server, orgs.again!);
    for (const [k, r] of before) expect(after.get(k)!.data).toEqual(r.data);
  });

  it('a member the importer may not read is no match: the record makes one of theirs, as an xref nobody holds would', async () => {
    const items = server.app.services.items;
    const hidden = (await members(server, orgs.again!)).get('I1')!;
    await items.transaction((tx) => items.patchIn(tx, SYSTEM, hidden.id, { $access: 'PRIVATE' }));
    const { result } = await importFile(server, colleague, orgs.again!, fixture('ansel.ged'), 'c.ged');
    // I2 and I3 they may read: other people, refused as such. Of I1 the report says nothing.
    expect(result.created).toBe(1);
    expect(result.skipped.map((s) => `${s.record} ${s.key} ${s.value ?? ''}`.trim())).toEqual([
      '@I2@ xrefTaken',
      '@I3@ xrefTaken',
      '@F1@ missingPerson @I3@',
    ]);
    expect(JSON.stringify(result)).not.toContain('Cardinal');
    const rows = await query<{ id: string; created_by: string }>(
      items.db,
      sql`select id, created_by from items where type = 'CommunityMember' and not deleted
          and owner = ${orgs.again!} and data->>'gedcomId' = 'I1' order by num`,
    );
    expect(rows.map((r) => r.id)).toEqual([hidden.id, expect.any(String)]);
    expect(rows[1]!.created_by).toBe(colleague.id);
    expect((await items.readRow(hidden.id))!.data).toEqual(hidden.data);

    // Our own export's ids (_CKKID): a hidden member's answers as one that never existed.
    const ckk = (id: string, x: string, name: string) =>
      `0 @${x}@ INDI\n1 NAME ${name} /Probe/\n1 _CKKID ${id}\n`;
    const file = Buffer.from(
      '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n' +
        ckk(hidden.id, 'P1', 'Hidden') +
        ckk('CommunityMember-999999', 'P2', 'Nobody') +
        '0 TRLR\n',
    );
    const byId = await importFile(server, colleague, orgs.again!, file, 'ckk.ged');
    expect(byId.result).toMatchObject({ created: 2, updated: 0, unchanged: 0, skipped: [] });
    expect((await items.readRow(hidden.id))!.data).toEqual(hidden.data);
  });

  it('a malformed file: every broken record skipped whole and listed, nothing half-written', async () => {
    const { result } = await importFile(server, editor, orgs.bad!, fixture('malformed.ged'), 'bad.ged');
    const skipped = result.skipped.map((s) => `${s.record} ${s.key}${s.value ? ` ${s.value}` : ''}`);
    expect(skipped).toEqual([
      '@I2@ badLine',
      '@I3@ badLevel',
      '@I4@ duplicateXref',
      '@I4@ duplicateXref',
      'INDI noXref',
      '@F1@ missingPerson @I9@',
      '@F2@ missingPerson @I2@',
      '@N1@ notImported NOTE',
      '@F3@ missingPerson @I5@',
      '@I5@ truncated',
    ]);
    expect(result.skippedTotal).toBe(10);
    const m = await members(server, orgs.bad!);
    expect([...m.keys()]).toEqual(['I1']);
    // I1's families each named someone left out: no partner link was written to a half-family.
    expect(m.get('I1')!.data.partners).toBeUndefined();
    expect(m.get('I1')!.data).toMatchObject({ firstName: 'Good', birthDate: '1900-01-01' });
  });

  it('a file that is no GEDCOM fails the task and writes nothing', async () => {
    const imp = await makeImport(server, editor, orgs.bad!, Buffer.from('name,birth\nAnn,1900\n'), 'x.csv');
    const before = (await members(server, orgs.bad!)).size;
    const run = await runTask(server, editor, 'importGedcom', { import: imp });
    expect(run.done.errorKey).toBe('research.gedcom.notGedcom');
    expect((await members(server, orgs.bad!)).size).toBe(before);
  });

  it('a line that never ends fails the task with lineTooLong, quickly, and writes nothing (issue 36)', async () => {
    const file = Buffer.concat([
      Buffer.from('0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NOTE '),
      Buffer.alloc(20 * 1024 * 1024, 'x'),
    ]);
    const imp = await makeImport(server, editor, orgs.bad!, file, 'endless.ged');
    const before = (await members(server, orgs.bad!)).size;
    const started = Date.now();
    const run = await runTask(server, editor, 'importGedcom', { import: imp });
    expect(run.done).toMatchObject({ errorKey: 'research.gedcom.lineTooLong', errorParams: { line: 4 } });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await members(server, orgs.bad!)).size).toBe(before);
  });

  it('a running import can be stopped by its starter: it ends cancelled, between batches', async () => {
    const org = orgs.killed!;
    const imp = await makeImport(server, editor, org, gedcomOf(3000), 'big.ged');
    const started = await editor.client.call<{ key: string }>('act/importGedcom/async', { import: imp });
    await editor.client.waitForPush(
      (x) => x.o === 'taskUpdate' && (x.b as { key: string }).key === started.key,
      60_000,
    );
    await editor.client.call('act/killTask', { taskKey: started.key });
    const done = await editor.client.waitForPush(
      (x) => x.o === 'taskComplete' && (x.b as { key: string }).key === started.key,
      60_000,
    );
    expect((done.b as { errorKey?: string }).errorKey).toBe('cancelled');
    const made = (await members(server, org)).size;
    expect(made).toBeLessThan(3000);
    // Whole batches only: what was written is people, every one with their xref.
    for (const r of (await members(server, org)).values()) expect(r.data.gedcomId).toMatch(/^I\d+$/);
  });

  it('who may: an editor of the owner; not its staff or members, nor another organisation', async () => {
    const imp = await makeImport(server, editor, orgs.utf8!, fixture('ansi.ged'), 'who.ged');
    const tasks = async () =>
      (
        await query<{ n: number }>(
          server.app.services.items.db,
          sql`select count(*)::int as n from items where type = 'Task'`,
        )
      )[0]!.n;
    const n = await tasks();
    for (const p of [staff, member, outsider])
      await expect(p.client.call('act/importGedcom/async', { import: imp })).rejects.toThrow(
        /notAllowed|notFound/,
      );
    expect(await tasks()).toBe(n);
  });

  it('members from an Import restricted to a protocol are restricted to it (issue 36 finding 3)', async () => {
    const items = server.app.services.items;
    const org = orgs.restricted!;
    const elders = (
      await items.create(SYSTEM, 'Protocol', { name: 'Elders', members: [editor.id] }, { owner: org })
    ).$id;
    // The editor's open session learns of its protocol through the node's reload.
    const probe = (
      await items.create(
        SYSTEM,
        'Thread',
        { subject: 'Probe', $protocols: [elders] },
        { owner: org, access: 'COMMUNITY' },
      )
    ).$id;
    for (let i = 0; i < 100; i++) {
      if (!((await editor.client.request(`read/${probe}`)).b as { erred?: boolean }).erred) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const imp = (
      await items.create(
        SYSTEM,
        'Import',
        { label: 'elders.ged', kind: GEDCOM_IMPORT_KIND, $protocols: [elders] },
        { owner: org, actor: editor.id },
      )
    ).$id;
    await tusUpload(server.url, editor.token, fixture('utf8.ged'), { rel: imp, filename: 'elders.ged' });
    const run = await runTask(server, editor, 'importGedcom', { import: imp });
    expect(run.done.errorKey).toBeUndefined();
    const made = [...(await members(server, org)).values()];
    expect(made).toHaveLength(6);
    for (const m of made)
      expect(await items.readRow(m.id)).toMatchObject({ protocols: [elders], protocolStrict: false });
  });
});
