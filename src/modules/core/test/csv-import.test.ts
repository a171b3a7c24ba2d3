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
import type { CsvImportResult } from '../contract-csv-import';

// importCsv on a real node (PGlite, or PostgreSQL with DATABASE_URL): Contacts from CSV files sent
// as a person would (an Import, the file by tus, act/importCsv/async), as an editor of the
// community; a member (who may not create Contacts) is refused before any Task exists.

interface Person {
  id: string;
  client: WsClient;
  token: string;
}
interface TaskDone {
  key: string;
  percentageComplete: number;
  resultURI?: string;
  errorKey?: string;
  errorSys?: string;
}

let tdb: TestDatabase;
let server: TestServer;
let dir: string;
let community: string;
let staff: Person;
let member: Person;

beforeAll(async () => {
  tdb = await openTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-csv-import-'));
  server = await startTestServer(tdb.database, { dataDir: dir, filesDir: path.join(dir, 'files') });
  const items = server.app.services.items;
  community = await makeOrg(items, 'Riverbend First Nation');
  const s = await makeUser(items, [[community, 'editor']]);
  const m = await makeUser(items, [[community, 'member']]);
  const as = async (email: string, id: string) => {
    const c = await connectAs(server, email, PASSWORD);
    return { id, client: c.client, token: c.token };
  };
  staff = await as(s.email, s.id);
  member = await as(m.email, m.id);
}, 60_000);

afterAll(async () => {
  for (const p of [staff, member]) await p?.client.close();
  await server?.close();
  await tdb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function makeImport(who: Person, csv: string, name = 'contacts.csv'): Promise<string> {
  const created = await who.client.call<{ $id: string }>('create/Import', {
    label: name,
    kind: 'CSV',
    owner: community,
  });
  await tusUpload(server.url, who.token, Buffer.from(csv, 'utf8'), { rel: created.$id, filename: name });
  return created.$id;
}

async function runCsv(who: Person, body: Record<string, unknown>) {
  const started = await who.client.call<{ key: string }>('act/importCsv/async', body);
  const f = await who.client.waitForPush(
    (x) => x.o === 'taskComplete' && (x.b as TaskDone).key === started.key,
    120_000,
  );
  const progress = who.client.pushes
    .filter((x) => x.o === 'taskUpdate' && (x.b as TaskDone).key === started.key)
    .map((x) => (x.b as TaskDone).percentageComplete);
  const done = f.b as TaskDone;
  if (done.errorKey) throw new Error(`import failed: ${done.errorKey} ${done.errorSys}`);
  const res = await fetch(`${server.url}${done.resultURI}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.status).toBe(200);
  return { result: (await res.json()) as CsvImportResult, progress, done };
}

async function contacts(where: string) {
  return query<{ id: string; data: Record<string, unknown>; owner: string }>(
    server.app.services.items.db,
    sql`select id, data, owner from items where type = 'Contact' and not deleted
        and data->>'lastName' like ${where} order by num`,
  );
}

const MAPPING = {
  'First name': 'firstName',
  'Last name': 'lastName',
  'E-mail': 'email',
  Notify: 'notify',
  Phone: 'mobilePhone',
};
const HEAD = 'Legacy ID,First name,Last name,E-mail,Notify,Phone\r\n';
const GOOD_AND_BAD =
  HEAD +
  'L1,Ann,Dryrun,ann@example.org,digest,\r\n' +
  'L2,Bob,,bob@example.org,,\r\n' + // lastName required
  'L3,"Cree, Carol",Dryrun,not-an-email,Immediate,\r\n' + // bad e-mail
  'L4,Dan,Dryrun,dan@example.org,sometimes,\r\n' + // not a notify value
  'L5,Eve,Dryrun,eve@example.org,NONE,+1 250 555 0100\r\n';

describe('importCsv', () => {
  it('a dry run lists every row’s problems and counts, and writes no item', async () => {
    const imp = await makeImport(staff, GOOD_AND_BAD);
    const { result } = await runCsv(staff, { import: imp, type: 'Contact', mapping: MAPPING, dryRun: true });
    expect(result).toMatchObject({ dryRun: true, rows: 5, created: 2, updated: 0, failed: 3 });
    expect(result.problems).toEqual([
      { row: 3, column: 'Last name', key: 'errors.required' },
      { row: 4, column: 'E-mail', key: 'errors.invalidEmail' },
      { row: 5, column: 'Notify', key: 'csvImport.problem.enum' },
    ]);
    expect(await contacts('Dryrun')).toHaveLength(0);
    const row = await server.app.services.items.readRow(imp);
    expect(row?.data.csvResult).toMatchObject({ dryRun: true, failed: 3 });
    expect(row?.data.csvMapping).toMatchObject({ type: 'Contact', mapping: MAPPING });
  });

  it('a run creates the good rows as the asker, in the owner; the bad ones do not stop them', async () => {
    const csv = GOOD_AND_BAD.replace(/Dryrun/g, 'Realrun');
    const imp = await makeImport(staff, csv);
    const { result } = await runCsv(staff, {
      import: imp,
      type: 'Contact',
      mapping: MAPPING,
      keyColumn: 'Legacy ID',
      access: 'COMMUNITY',
      dryRun: false,
    });
    expect(result).toMatchObject({ dryRun: false, rows: 5, created: 2, updated: 0, failed: 3 });
    const made = await contacts('Realrun');
    expect(made.map((c) => c.data.firstName)).toEqual(['Ann', 'Eve']);
    expect(made[0]).toMatchObject({ owner: community, data: { notify: 'DIGEST' } });
    const [ev] = await query<{ actor: string }>(
      server.app.services.items.db,
      sql`select actor from events where item_id = ${made[0]!.id} and kind = 'created'`,
    );
    expect(ev?.actor).toBe(staff.id);

    // Again, with the bad rows put right and Ann's phone added: two more, Ann updated, Eve as she was.
    const fixed = csv
      .replace('L2,Bob,,', 'L2,Bob,Realrun,')
      .replace('not-an-email', 'carol@example.org')
      .replace('sometimes', 'none')
      .replace('ann@example.org,digest,', 'ann@example.org,digest,+1 250 555 0199');
    const again = await makeImport(staff, fixed);
    const second = await runCsv(staff, {
      import: again,
      type: 'Contact',
      mapping: MAPPING,
      keyColumn: 'Legacy ID',
      access: 'COMMUNITY',
      dryRun: false,
    });
    expect(second.result).toMatchObject({ rows: 5, created: 3, updated: 1, unchanged: 1, failed: 0 });
    const after = await contacts('Realrun');
    expect(after).toHaveLength(5);
    expect(after.find((c) => c.data.firstName === 'Ann')?.data.mobilePhone).toBe('+1 250 555 0199');
  });

  it('matches on a mapped key property (e-mail), and without a key on the row’s hash: no duplicates', async () => {
    const csv = HEAD + 'X1,Fay,Keyed,fay@example.org,,\r\nX2,Gus,Keyed,gus@example.org,,\r\n';
    const body = { type: 'Contact', mapping: MAPPING, dryRun: false };
    const byEmail = { ...body, keyColumn: 'E-mail' };
    expect((await runCsv(staff, { ...byEmail, import: await makeImport(staff, csv) })).result).toMatchObject({
      created: 2,
    });
    const changed = csv.replace('Gus,Keyed,gus@example.org,,', 'Gus,Keyed,gus@example.org,digest,');
    expect(
      (await runCsv(staff, { ...byEmail, import: await makeImport(staff, changed) })).result,
    ).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect(await contacts('Keyed')).toHaveLength(2);

    const hashed = HEAD.replace('Legacy ID,', '') + 'Hal,Hashed,hal@example.org,,\r\nIda,Hashed,,,\r\n';
    const first = await runCsv(staff, { ...body, import: await makeImport(staff, hashed) });
    expect(first.result).toMatchObject({ created: 2 });
    const rerun = await runCsv(staff, { ...body, import: await makeImport(staff, hashed) });
    expect(rerun.result).toMatchObject({ created: 0, unchanged: 2 });
    expect(await contacts('Hashed')).toHaveLength(2);
  });

  it('refuses before a Task exists: no create right, another kind of Import, an unknown property', async () => {
    const imp = await makeImport(staff, HEAD + 'M1,May,Member,,,\r\n');
    const tasks = async () =>
      (
        await query<{ n: number }>(
          server.app.services.items.db,
          sql`select count(*)::int as n from items where type = 'Task'`,
        )
      )[0]!.n;
    const before = await tasks();
    // The member may read the Import but neither update it nor create Contacts.
    await expect(
      member.client.call('act/importCsv/async', {
        import: imp,
        type: 'Contact',
        mapping: MAPPING,
        dryRun: true,
      }),
    ).rejects.toThrow(/notAllowed/);
    await expect(
      staff.client.call('act/importCsv/async', {
        import: imp,
        type: 'Contact',
        mapping: { 'First name': 'user' },
        dryRun: true,
      }),
    ).rejects.toThrow(/invalidInput/);
    expect(await tasks()).toBe(before);
    expect(await contacts('Member')).toHaveLength(0);
  });

  it('1,000 rows with progress, then a re-run that creates nothing', async () => {
    let csv = HEAD;
    for (let i = 1; i <= 1000; i++)
      csv += `B${i},Person ${i},Bulk,p${i}@example.org,${i % 2 ? 'digest' : ''},\r\n`;
    const imp = await makeImport(staff, csv, 'bulk.csv');
    const body = { import: imp, type: 'Contact', mapping: MAPPING, keyColumn: 'Legacy ID', dryRun: false };
    const t0 = performance.now();
    const dry = await runCsv(staff, { ...body, dryRun: true });
    const tDry = performance.now() - t0;
    expect(dry.result).toMatchObject({ rows: 1000, created: 1000, failed: 0 });
    const t1 = performance.now();
    const { result, progress, done } = await runCsv(staff, body);
    const tRun = performance.now() - t1;
    expect(result).toMatchObject({ rows: 1000, created: 1000, failed: 0 });
    expect(done.percentageComplete).toBe(100);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const t2 = performance.now();
    const rerun = await runCsv(staff, body);
    const tRerun = performance.now() - t2;
    expect(rerun.result).toMatchObject({ rows: 1000, created: 0, updated: 0, unchanged: 1000 });
    expect(await contacts('Bulk')).toHaveLength(1000);
    console.log(
      `csv import, 1,000 Contacts (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): dry run ${tDry.toFixed(0)} ms, run ${tRun.toFixed(0)} ms, re-run ${tRerun.toFixed(0)} ms`,
    );
  }, 240_000);

  it('a kill stops a run: cancelled, fewer than all rows written', async () => {
    let csv = HEAD;
    for (let i = 1; i <= 2000; i++) csv += `K${i},Person ${i},Killed,k${i}@example.org,,\r\n`;
    const body = { type: 'Contact', mapping: MAPPING, keyColumn: 'Legacy ID', dryRun: false };
    const killed = await makeImport(staff, csv, 'killed.csv');
    const started = await staff.client.call<{ key: string }>('act/importCsv/async', {
      ...body,
      import: killed,
    });
    await staff.client.waitForPush(
      (x) => x.o === 'taskUpdate' && (x.b as TaskDone).key === started.key,
      180_000,
    );
    expect(await staff.client.call('act/killTask', { taskKey: started.key })).toMatchObject({ killed: true });
    const end = await staff.client.waitForPush(
      (x) => x.o === 'taskComplete' && (x.b as TaskDone).key === started.key,
      180_000,
    );
    expect((end.b as TaskDone).errorKey).toBe('cancelled');
    expect((await contacts('Killed')).length).toBeLessThan(2000);
  }, 420_000);
});

describe('importCsv under the read rule (issue 36 findings 3 and 5)', () => {
  const items = () => server.app.services.items;
  /** A Contact the importer (an editor) may not read: PRIVATE, another's. */
  const hidden = async (lastName: string, email: string) =>
    (
      await items().create(
        SYSTEM,
        'Contact',
        { firstName: 'Hidden', lastName, email },
        { owner: community, access: 'PRIVATE' },
      )
    ).$id;
  const legacyItem = async (alias: string) =>
    (
      await query<{ item_id: string }>(
        items().db,
        sql`select item_id from legacy_paths where alias = ${alias}`,
      )
    )[0]?.item_id;

  it('a key that only hidden items hold answers as no key at all: dry run and run create, nothing of theirs changes', async () => {
    await hidden('Oracle', 'solo@example.org');
    await hidden('Oracle', 'twin@example.org');
    await hidden('Oracle', 'twin@example.org');
    const secret = await hidden('Oracle', 'aliased@example.org');
    const alias = `csv:Contact:${community}:legacy id:H1`;
    await items().transaction((tx) =>
      tx.execute(sql`insert into legacy_paths (alias, item_id) values (${alias}, ${secret})`),
    );
    const csv =
      HEAD +
      'N1,Nan,Probe,none@example.org,,\r\n' +
      'N2,Sol,Probe,solo@example.org,,\r\n' +
      'N3,Tam,Probe,twin@example.org,,\r\n';
    const byEmail = { type: 'Contact', mapping: MAPPING, keyColumn: 'E-mail' };
    // The same answer for none, one and several hidden holders of the value.
    const dry = await runCsv(staff, { ...byEmail, import: await makeImport(staff, csv), dryRun: true });
    expect(dry.result).toMatchObject({ rows: 3, created: 3, updated: 0, failed: 0, problems: [] });
    const byLegacy = { type: 'Contact', mapping: MAPPING, keyColumn: 'Legacy ID' };
    const aliased = HEAD + 'H1,Ali,Probe,ali@example.org,,\r\n' + 'H2,Bea,Probe,bea@example.org,,\r\n';
    const dryAlias = await runCsv(staff, {
      ...byLegacy,
      import: await makeImport(staff, aliased),
      dryRun: true,
    });
    expect(dryAlias.result).toMatchObject({ rows: 2, created: 2, updated: 0, failed: 0, problems: [] });

    // The runs do what the dry runs said: new items of the importer's, the hidden ones as they were.
    const run = await runCsv(staff, { ...byEmail, import: await makeImport(staff, csv), dryRun: false });
    expect(run.result).toMatchObject({ created: 3, failed: 0 });
    const runAlias = await runCsv(staff, {
      ...byLegacy,
      import: await makeImport(staff, aliased),
      dryRun: false,
    });
    expect(runAlias.result).toMatchObject({ created: 2, failed: 0 });
    expect((await contacts('Probe')).map((c) => c.data.firstName).sort()).toEqual([
      'Ali',
      'Bea',
      'Nan',
      'Sol',
      'Tam',
    ]);
    const oracle = await contacts('Oracle');
    expect(oracle).toHaveLength(4);
    expect(oracle.every((c) => c.data.firstName === 'Hidden')).toBe(true);
    // The old system's id still names the hidden item for those who may read it.
    expect(await legacyItem(alias)).toBe(secret);
  });

  it('a derived type spans every organisation: another’s hidden message is no match for a proponent’s editor', async () => {
    const pipeline = await makeOrg(items(), 'Northern Pipeline', 'INDUSTRY');
    const u = await makeUser(items(), [[pipeline, 'editor']]);
    const c = await connectAs(server, u.email, PASSWORD);
    const outsider = { id: u.id, client: c.client, token: c.token };
    try {
      const secret = (
        await items().create(
          SYSTEM,
          'Thread',
          { subject: 'Medicine walk' },
          { owner: community, access: 'PRIVATE' },
        )
      ).$id;
      for (const cid of ['c-1', 'c-2', 'c-2'])
        await items().create(SYSTEM, 'Message', {
          thread: secret,
          body: 'Where the medicine grows',
          drupalCID: cid,
        });
      const own = (
        await items().create(SYSTEM, 'Thread', { subject: 'Our notes' }, { owner: pipeline, actor: u.id })
      ).$id;
      const created = await outsider.client.call<{ $id: string }>('create/Import', {
        label: 'messages.csv',
        kind: 'CSV',
        owner: pipeline,
      });
      const csv = `Thread,Body,CID\r\n${own},one,c-0\r\n${own},two,c-1\r\n${own},three,c-2\r\n`;
      await tusUpload(server.url, outsider.token, Buffer.from(csv, 'utf8'), {
        rel: created.$id,
        filename: 'messages.csv',
      });
      const body = {
        import: created.$id,
        type: 'Message',
        mapping: { Thread: 'thread', Body: 'body', CID: 'drupalCID' },
        keyColumn: 'CID',
      };
      // None, one and two hidden holders of the key: the same answer, in the dry run and the run.
      for (const dryRun of [true, false])
        expect((await runCsv(outsider, { ...body, dryRun })).result).toMatchObject({
          rows: 3,
          created: 3,
          updated: 0,
          failed: 0,
          problems: [],
        });
      const bodies = await query<{ body: string }>(
        items().db,
        sql`select data->>'body' as body from items where type = 'Message' and data->>'thread' = ${secret}`,
      );
      expect(bodies.map((r) => r.body)).toEqual(Array(3).fill('Where the medicine grows'));
    } finally {
      await outsider.client.close();
    }
  });

  it('a row of an Import restricted to a protocol is restricted to it; one not in it is refused before a Task exists', async () => {
    const elders = (
      await items().create(SYSTEM, 'Protocol', { name: 'Elders', members: [staff.id] }, { owner: community })
    ).$id;
    const women = (
      await items().create(SYSTEM, 'Protocol', { name: 'Women', members: [member.id] }, { owner: community })
    ).$id;
    const restricted = async (protocol: string, name: string, csv: string) => {
      const imp = (
        await items().create(
          SYSTEM,
          'Import',
          { label: name, kind: 'CSV', $protocols: [protocol] },
          { owner: community, actor: staff.id },
        )
      ).$id;
      await tusUpload(server.url, staff.token, Buffer.from(csv, 'utf8'), { rel: imp, filename: name });
      return imp;
    };
    // The importer's open session learns of its protocol through the node's reload.
    const probe = await restricted(elders, 'probe.csv', HEAD);
    for (let i = 0; i < 100; i++) {
      const b = (await staff.client.request(`read/${probe}`)).b as { $protocols?: string[] };
      if (b.$protocols) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const body = { type: 'Contact', mapping: MAPPING, keyColumn: 'Legacy ID', dryRun: false };
    const imp = await restricted(elders, 'elders.csv', HEAD + 'E1,Elsie,Elder,elsie@example.org,,\r\n');
    expect((await runCsv(staff, { ...body, import: imp })).result).toMatchObject({ created: 1, failed: 0 });
    const [made] = await contacts('Elder');
    expect(await items().readRow(made!.id)).toMatchObject({ protocols: [elders], protocolStrict: false });

    // Made by the importer, so theirs to read; but they are no member of its protocol.
    const theirs = await restricted(women, 'women.csv', HEAD + 'W1,Wren,Women,wren@example.org,,\r\n');
    const refused = await staff.client.request('act/importCsv/async', { ...body, import: theirs });
    expect(refused.b).toMatchObject({
      erred: true,
      userMessage: 'invalidInput',
      fields: [{ path: '$protocols', key: 'errors.notInProtocol' }],
    });
    expect(await contacts('Women')).toHaveLength(0);
  });
});
