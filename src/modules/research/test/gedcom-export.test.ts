import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs } from '../../../../test/helpers/ws-client';
import { gedcomExportPath } from './gedcom-access-path';
import { fixture, importFile, members, type MemberRow, type Person, runTask } from './gedcom-helpers';

// exportGedcom: the members a person may read, as GEDCOM 5.5.1, read back by importGedcom. The
// round trip goes into a second organisation and must give the same people, links (with their
// kinds) and dates (with their qualifiers); read back into the first, it duplicates nobody. A
// reader of some members exports only those, and no pointer to the others; a proponent, none.

let tdb: TestDatabase;
let server: TestServer;
let dir: string;
let home: string;
let copy: string;
let editor: Person;
let archivist: Person;
let staff: Person;
let proponent: Person;

beforeAll(async () => {
  tdb = await openTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-gedcom-x-'));
  server = await startTestServer(tdb.database, { dataDir: dir, filesDir: path.join(dir, 'files') });
  const items = server.app.services.items;
  home = await makeOrg(items, 'Riverbend First Nation');
  copy = await makeOrg(items, 'Riverbend archive copy');
  const company = await makeOrg(items, 'Pipeline Co', 'INDUSTRY');
  const as = async (u: { id: string; email: string }) => {
    const c = await connectAs(server, u.email, PASSWORD);
    return { id: u.id, client: c.client, token: c.token };
  };
  editor = await as(await makeUser(items, [[home, 'editor']]));
  archivist = await as(await makeUser(items, [[copy, 'editor']]));
  staff = await as(await makeUser(items, [[home, 'staff']]));
  proponent = await as(await makeUser(items, [[company, 'orgAdmin']]));
  await importFile(server, editor, home, fixture('utf8.ged'), 'family.ged');
}, 120_000);

afterAll(async () => {
  for (const p of [editor, archivist, staff, proponent]) await p?.client.close();
  await server?.close();
  await tdb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function exportAs(p: Person): Promise<string> {
  const run = await runTask(server, p, 'exportGedcom', {});
  expect(run.done.errorKey).toBeUndefined();
  return run.body!.toString('utf8');
}

/** A member's people-facing facts, links by the linked member's name: comparable across organisations. */
function facts(m: MemberRow, byId: Map<string, MemberRow>) {
  const name = (id: string) =>
    `${String(byId.get(id)?.data.firstName)} ${String(byId.get(id)?.data.lastName)}`;
  const d = m.data;
  const keep = [
    'firstName',
    'middleName',
    'lastName',
    'lastNameAtBirth',
    'nickName',
    'birthDate',
    'birthDateQualifier',
    'birthDateTo',
    'birthPlace',
    'deathDate',
    'deathDateQualifier',
    'deathDateTo',
    'deceased',
    'familyNotes',
    'identifiers',
    'genderIdentity',
  ];
  return {
    ...Object.fromEntries(keep.filter((k) => d[k] !== undefined).map((k) => [k, d[k]])),
    parents: ((d.parents ?? []) as { member: string; type: string }[])
      .map((l) => `${name(l.member)}:${l.type}`)
      .sort(),
    partners: ((d.partners ?? []) as { member: string; type: string; endType?: string; start?: string }[])
      .map((l) => `${name(l.member)}:${l.type}:${l.endType ?? ''}:${l.start ?? ''}`)
      .sort(),
  };
}

const byName = (rows: Map<string, MemberRow>) => {
  const byId = new Map([...rows.values()].map((r) => [r.id, r]));
  return Object.fromEntries(
    [...rows.values()].map((r) => [`${String(r.data.firstName)} ${String(r.data.lastName)}`, facts(r, byId)]),
  );
};

describe('exportGedcom', () => {
  it('round trip: people, links with their kinds and dates with their qualifiers come back the same', async () => {
    const text = await exportAs(editor);
    expect(text).toMatch(/^0 HEAD\r\n/);
    expect(text).toContain('2 VERS 5.5.1');
    expect(text).toContain('2 PEDI adopted');
    expect(text).toContain('2 DATE FROM 1950 TO 1951');
    expect(text).toContain('2 DATE CAL 1888');
    expect(text.trimEnd().endsWith('0 TRLR')).toBe(true);
    const back = await importFile(server, archivist, copy, Buffer.from(text, 'utf8'), 'round.ged');
    expect(back.result).toMatchObject({ created: 6, skippedTotal: 0, warningsTotal: 0 });
    const original = byName(await members(server, home));
    const copied = byName(await members(server, copy));
    expect(Object.keys(copied).sort()).toEqual(Object.keys(original).sort());
    expect(copied).toEqual(original);
    // The adopted child keeps both families, each with its kind.
    expect(copied['Samuel Bull']!.parents).toEqual([
      'Alice Bull:BIO',
      'Joseph Cardinal:ADOPT',
      'Peter Bull:BIO',
      'ᓀᐦᐃᔭᐤ Cardinal:ADOPT',
    ]);
  });

  it('the exported file read back into its own organisation duplicates nobody', async () => {
    const before = await members(server, home);
    const text = await exportAs(editor);
    const again = await importFile(server, editor, home, Buffer.from(text, 'utf8'), 'again.ged');
    expect(again.result.created).toBe(0);
    expect(again.result.unchanged + again.result.updated).toBe(before.size);
    expect((await members(server, home)).size).toBe(before.size);
  });

  it('a reader of some members exports only them, with no pointer to the others', async () => {
    const items = server.app.services.items;
    const rows = await members(server, home);
    const hidden = [...rows.values()].find((r) => r.data.firstName === 'ᓀᐦᐃᔭᐤ')!;
    await items.transaction((tx) => items.patchIn(tx, SYSTEM, hidden.id, { $access: 'PRIVATE' }));
    const mine = await exportAs(editor);
    expect(mine).toContain('ᓀᐦᐃᔭᐤ');
    const theirs = await exportAs(staff);
    expect(theirs).not.toContain('ᓀᐦᐃᔭᐤ');
    expect(theirs).not.toContain(`@${String(hidden.data.gedcomId)}@`);
    expect(theirs).not.toContain(hidden.id);
    expect(theirs).toContain('Joseph Élie');
    expect((theirs.match(/^0 @[^@]+@ INDI/gm) ?? []).length).toBe(rows.size - 1);
    // Her adopted son keeps his adoptive father's family, alone: read back, one ADOPT parent.
    const org = await makeOrg(items, 'Staff copy');
    const reader = await makeUser(items, [[org, 'editor']]);
    const c = await connectAs(server, reader.email, PASSWORD);
    const who = { id: reader.id, client: c.client, token: c.token };
    await importFile(server, who, org, Buffer.from(theirs, 'utf8'), 'staff.ged');
    await who.client.close();
    const got = byName(await members(server, org));
    expect(got['Samuel Bull']!.parents).toEqual([
      'Alice Bull:BIO',
      'Joseph Cardinal:ADOPT',
      'Peter Bull:BIO',
    ]);
  });

  it('the access-matrix path: each person’s export holds exactly the members search gives them', async () => {
    const path = gedcomExportPath<string>();
    for (const [name, p] of [
      ['editor', editor],
      ['staff', staff],
      ['proponent', proponent],
    ] as const) {
      const shown = await path.run({ principal: name, client: p.client, ids: {}, server });
      const found = await p.client.call<{ ids: string[] }>('search/ids', {
        must: { _t: ['CommunityMember'] },
        max: 1000,
      });
      expect([...shown.ids].sort(), name).toEqual([...found.ids].sort());
      if (name === 'proponent') expect(shown.ids).toEqual([]);
      else expect(shown.ids.length).toBeGreaterThan(0);
    }
  });

  it('a proponent exports nobody', async () => {
    const text = await exportAs(proponent);
    expect(text).toContain('0 HEAD');
    expect(text).not.toMatch(/ INDI\r\n/);
    expect(text).not.toMatch(/ FAM\r\n/);
  });
});
