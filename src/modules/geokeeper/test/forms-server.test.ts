import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../protocol/errors';
import { SYSTEM } from '../../../server/access/principal';
import { loadPrincipal } from '../../../server/auth/principals';
import type { Principal } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { FormDefinition } from '../form/definition';
import { writeXlsx } from './xlsx-writer';

// The forms on the server (docs/geokeeper-forms.md "Versions kept on the item", "The server
// checks answers", "XLSForm import in the browser"): a definition is checked and versioned on
// write; a record's answers are checked against its form at its own version, on create and on
// held edits; an .xlsx is compiled and written as a form by staff of the owner only.

let tdb: TestDatabase;
let server: TestServer;
let monitor: WsClient;
let staffWs: WsClient;
let memberWs: WsClient;
let program: string;
let staff: Principal;
let editor: Principal;
let monitorP: Principal;
let org: string;
const items = () => server.app.services.items;

const V1: FormDefinition = {
  fields: [
    { name: 'river', kind: 'text', label: 'River', required: true },
    {
      name: 'count',
      kind: 'integer',
      label: 'How many',
      constraint: '. >= 0',
      constraintMessage: 'Not below zero',
    },
    { name: 'colour', kind: 'select_one', label: 'Colour', choices: { list: 'colours' }, default: 'clear' },
    { name: 'why', kind: 'text', label: 'Why cloudy', relevant: "${colour} = 'cloudy'" },
    { name: 'category', kind: 'select_one', label: 'Category', choices: { lov: 'CATEGORIES' } },
  ],
  lists: {
    colours: [
      { value: 'clear', label: 'Clear' },
      { value: 'cloudy', label: 'Cloudy' },
    ],
  },
};
const V2: FormDefinition = {
  ...V1,
  fields: [...V1.fields.slice(1), { name: 'notes2', kind: 'text', label: 'Notes' }],
};

const fieldsOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return (e.extra.fields ?? []).map((f) => `${f.path}:${f.key}`);
    throw e;
  }
  throw new Error('expected the write to be refused');
};

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  org = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  const s = await makeUser(items(), [[org, 'staff']]);
  const m = await makeUser(items(), [[org, 'member']]);
  const other = await makeOrg(items(), 'Northern Pipeline', 'INDUSTRY');
  const prop = await makeUser(items(), [[other, 'orgAdmin']]);
  staff = (await loadPrincipal(items().db, s.id))!;
  editor = (await loadPrincipal(items().db, (await makeUser(items(), [[org, 'editor']])).id))!;
  monitorP = (await loadPrincipal(items().db, m.id))!;
  monitor = (await connectAs(server, m.email, PASSWORD)).client;
  staffWs = (await connectAs(server, s.email, PASSWORD)).client;
  memberWs = (await connectAs(server, prop.email, PASSWORD)).client;
  program = (
    await items().create(staff, 'GeoKeeperProgram', { label: 'Watch', access: 'USERS', users: [m.id] })
  ).$id;
  for (const key of ['WATER', 'WILDLIFE'])
    await items().create(SYSTEM, 'LOVValue', {
      list: 'CATEGORIES',
      key,
      state: 'ACTIVE',
      t: { en: key },
      owner: org,
    });
}, 60_000);

afterAll(async () => {
  await monitor?.close();
  await staffWs?.close();
  await memberWs?.close();
  await server?.close();
  await tdb?.close();
});

const newForm = async (definition: unknown = V1) =>
  items().create(staff, 'GeoKeeperFormDef', {
    label: 'Observation',
    machineName: 'obs',
    formType: 'RECORD',
    program,
    definition,
  });

describe('a form definition’s versions', () => {
  it('checks a definition and names each problem as a field error', async () => {
    const bad = {
      fields: [
        { name: 'a', kind: 'text', label: 'A', relevant: '${nowhere} = 1' },
        { name: 'a', kind: 'integer', label: 'A again' },
      ],
      lists: {},
    };
    const got = await fieldsOf(newForm(bad));
    // Named by the field's names from the top, and the rule at fault.
    expect(got.sort()).toEqual([
      'definition.a.relevant:errors.geokeeperFormDefinition',
      'definition.a:errors.geokeeperFormDefinition',
    ]);
    try {
      await newForm(bad);
    } catch (e) {
      const issues = ((e as AppError).extra.fields ?? []).map((f) => f.params?.issue);
      expect(issues.sort()).toEqual(['duplicateName', 'unknownReference']);
    }
  });

  it('starts at version 1; a label change keeps it; a structural change makes 2 and keeps 1', async () => {
    const form = await newForm();
    expect(form.version).toBe(1);
    expect(form.versions).toBeUndefined();
    const relabelled = { ...V1, fields: [{ ...V1.fields[0]!, label: 'Which river' }, ...V1.fields.slice(1)] };
    // Staff make forms; editors and above change them (as every PROTECTED item).
    const same = await items().update(editor, {
      $id: form.$id,
      $version: form.$version,
      definition: relabelled,
    });
    expect(same.version).toBe(1);
    expect(same.versions).toBeUndefined();
    // A client cannot set the version or the history itself.
    const sneaky = await items().update(editor, { $id: form.$id, $version: same.$version, version: 7 });
    expect(sneaky.version).toBe(1);
    expect(
      await fieldsOf(items().update(editor, { $id: form.$id, $version: sneaky.$version, versions: [] })),
    ).toEqual(['versions:errors.readOnly']);
    const two = await items().update(editor, { $id: form.$id, $version: sneaky.$version, definition: V2 });
    expect(two.version).toBe(2);
    expect(two.versions).toEqual([{ version: 1, definition: relabelled }]);
    const three = await items().update(editor, { $id: form.$id, $version: two.$version, definition: V1 });
    expect(three.version).toBe(3);
    expect((three.versions as { version: number }[]).map((v) => v.version)).toEqual([1, 2]);
    expect(
      await fieldsOf(items().update(editor, { $id: form.$id, $version: three.$version, definition: null })),
    ).toEqual(['definition:errors.required']);
  });
});

describe('the server’s check of answers', () => {
  let form: string;
  beforeAll(async () => {
    form = (await newForm()).$id;
  });
  const record = (formData: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    items().create(monitorP, 'GeoKeeperFieldData', {
      formType: 'RECORD',
      program,
      formDef: form,
      formInstance: { formData },
      ...extra,
    });

  it('keeps the engine’s data: defaults, hidden and unknown answers dropped; the form’s version', async () => {
    const r = await record({ river: 'Beaver', count: 3, why: 'hidden', stray: 1, category: 'WATER' });
    expect(r.formVersion).toBe(1);
    expect(r.formInstance).toEqual({
      formData: { river: 'Beaver', count: 3, colour: 'clear', category: 'WATER' },
    });
  });

  it('refuses a wrong type, a broken constraint and a value not in the organisation’s list', async () => {
    expect(await fieldsOf(record({ river: 'x', count: '3' }))).toEqual([
      'formInstance.formData.count:errors.geokeeperAnswerType',
    ]);
    expect(await fieldsOf(record({ river: 'x', count: -1 }))).toEqual([
      'formInstance.formData.count:errors.geokeeperAnswerConstraint',
    ]);
    expect(await fieldsOf(record({ category: 'FISH' }))).toEqual([
      'formInstance.formData.category:errors.geokeeperAnswerType',
    ]);
  });

  it('lets a draft miss a required answer, but not a finalized record', async () => {
    const draft = await record({ count: 1 });
    expect(draft.formInstance).toEqual({ formData: { count: 1, colour: 'clear' } });
    expect(
      await fieldsOf(
        items().update(monitorP, {
          $id: draft.$id,
          $version: draft.$version,
          finalized: '2026-10-14T17:00:00.000Z',
        }),
      ),
    ).toEqual(['formInstance.formData.river:errors.geokeeperAnswerRequired']);
    const done = await items().update(monitorP, {
      $id: draft.$id,
      $version: draft.$version,
      finalized: '2026-10-14T17:00:00.000Z',
      formInstance: { formData: { count: 1, river: 'Beaver' } },
    });
    expect(done.finalized).toBeTruthy();
  });

  it('reads a record with its own version after the form changed', async () => {
    const old = await record({ river: 'Beaver' });
    const f = await items().read(staff, form);
    const v2 = await items().update(editor, { $id: form, $version: f.$version, definition: V2 });
    expect(v2.version).toBe(2);
    // Version 1 has `river`; the old record keeps it and is still checked against version 1.
    const again = await items().update(monitorP, {
      $id: old.$id,
      $version: old.$version,
      formInstance: { formData: { river: 'Peace', notes2: 'not in v1' } },
    });
    expect(again.formVersion).toBe(1);
    expect(again.formInstance).toEqual({ formData: { river: 'Peace', colour: 'clear' } });
    // A new record takes version 2, where `river` is gone and `notes2` is a field.
    const fresh = await record({ river: 'gone', notes2: 'kept' });
    expect(fresh.formVersion).toBe(2);
    expect(fresh.formInstance).toEqual({ formData: { notes2: 'kept', colour: 'clear' } });
    expect(await fieldsOf(record({}, { formVersion: 9 }))).toEqual(['formVersion:errors.invalidValue']);
  });

  it('checks held edits the same way: a bad answer refused with its field, a good one applied and kept clean', async () => {
    const r = await record({ count: 1 });
    const apply = async (changes: { path: string; value: unknown }[]) => {
      const v = (await items().read(monitorP, r.$id)).$version;
      const b = (
        await monitor.request('act/applyGeoKeeperFieldDataEdits', {
          edits: { [r.$id]: { version: v, changes } },
        })
      ).b as { results: Record<string, { status: string; fields?: { path: string; key: string }[] }> };
      return b.results[r.$id]!;
    };
    expect(await apply([{ path: 'formInstance.formData.count', value: 'many' }])).toEqual({
      status: 'refused',
      error: 'invalidInput',
      fields: [{ path: 'formInstance.formData.count', key: 'errors.geokeeperAnswerType' }],
    });
    expect(
      (
        await apply([
          { path: 'formInstance.formData.colour', value: 'cloudy' },
          { path: 'formInstance.formData.junk', value: 1 },
        ])
      ).status,
    ).toBe('applied');
    expect((await items().read(monitorP, r.$id)).formInstance).toEqual({
      formData: { count: 1, colour: 'cloudy' },
    });
  });
});

describe('importGeoKeeperXlsForm', () => {
  const xlsx = (extraRow: (string | null)[] = []) =>
    writeXlsx([
      {
        name: 'survey',
        rows: [
          ['type', 'name', 'label', 'required', 'relevant'],
          ['text', 'river', 'River', 'yes', null],
          ['select_one colours', 'colour', 'Colour', null, null],
          ['text', 'why', 'Why cloudy', null, "${colour} = 'cloudy'"],
          ['calculate', 'total', 'Total', null, null],
          ...(extraRow.length ? [extraRow] : []),
        ],
      },
      {
        name: 'choices',
        rows: [
          ['list_name', 'name', 'label'],
          ['colours', 'clear', 'Clear'],
          ['colours', 'cloudy', 'Cloudy'],
        ],
      },
      { name: 'settings', rows: [['form_title'], ['River check']] },
    ]).toString('base64');
  type Reply = {
    erred?: boolean;
    userMessage?: string;
    problems?: { sheet: string; row: number; key: string; severity: string }[];
    fieldCount?: number;
    formDef?: string;
    version?: number;
  };
  const act = async (ws: WsClient, body: Record<string, unknown>) =>
    (await ws.request('act/importGeoKeeperXlsForm', body)).b as Reply;

  it('a dry run reports the problems by row and writes nothing', async () => {
    const b = await act(staffWs, { file: xlsx(), program, dryRun: true });
    expect(b.erred, JSON.stringify(b)).toBeUndefined();
    expect(b.problems!.map((p) => `${p.sheet}:${p.row}:${p.key}:${p.severity}`)).toEqual([
      'survey:5:unsupportedType:error',
    ]);
    expect(b.fieldCount).toBe(3);
    expect(b.formDef).toBeUndefined();
  });

  it('creates a form of the program, then a new version of it', async () => {
    const b = await act(staffWs, { file: xlsx(), program, formType: 'RECORD' });
    expect(b.formDef).toMatch(/^GeoKeeperFormDef-/);
    expect(b.version).toBe(1);
    const made = await items().read(staff, b.formDef!);
    expect(made.label).toBe('River check');
    expect(made.machineName).toBe('river_check');
    expect(made.program).toBe(program);
    expect((made.definition as FormDefinition).fields.map((f) => f.name)).toEqual(['river', 'colour', 'why']);
    const again = await act(staffWs, { file: xlsx(['integer', 'fish', 'Fish']), formDef: b.formDef });
    expect(again.version).toBe(2);
    expect(((await items().read(staff, b.formDef!)).versions as unknown[]).length).toBe(1);
  });

  it('refuses a member of the organisation and another organisation', async () => {
    const plain = await makeUser(items(), [[org, 'member']]);
    const ws = (await connectAs(server, plain.email, PASSWORD)).client;
    try {
      const b = await act(ws, { file: xlsx(), program, dryRun: true });
      expect(b.userMessage).toBe('notAllowed');
    } finally {
      await ws.close();
    }
    const c = await act(memberWs, { file: xlsx(), program, dryRun: true });
    expect(['notFound', 'notAllowed']).toContain(c.userMessage);
  });

  it('reports a file that is not a spreadsheet, and a body too large', async () => {
    const b = await act(staffWs, { file: Buffer.from('hello, not a zip').toString('base64'), program });
    expect(b.problems!.map((p) => p.key)).toEqual(['notXlsx']);
    expect(b.formDef).toBeUndefined();
    const big = await act(staffWs, { file: 'A'.repeat(1_000_000), program });
    expect(big.userMessage).toBe('invalidInput');
  });
});
