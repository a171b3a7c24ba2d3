import { strFromU8, unzipSync } from 'fflate';
import { SYSTEM } from '../../../server/access/principal';
import { setGrantIn } from '../../../server/items/grants';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import {
  principalClients,
  type AccessCase,
  type AccessFixture,
  type AccessPath,
  type AccessPathContext,
} from '../../../../test/helpers/access-cases';
import type { TestServer } from '../../../../test/helpers/test-server';
import type { WsClient } from '../../../../test/helpers/ws-client';
import { writeXlsx } from './xlsx-writer';
import { exportFile } from './export-file';

// The GeoKeeper rows of the access matrix (test/access-matrix.test.ts runs them): a program in
// each access mode (ASSIGNED, IN_ORG, USERS) with its form, reference, work item and field data,
// and a fieldwork job whose external party (the proponent's organisation) reads neither the job
// nor any field data, except a record granted to it. Principals: admin, the community's orgAdmin,
// staff and plain member, a member listed on the USERS program, a member assigned to a work item
// of the ASSIGNED program (who also collected a record of a work item not theirs), a proponent, a
// regulator and the signed-out visitor. The readers are written from docs/geokeeper.md "Who sees
// what", not from the hooks.

type P =
  'signedOut' | 'admin' | 'orgAdmin' | 'staff' | 'member' | 'listed' | 'assigned' | 'proponent' | 'regulator';
const ALL: P[] = [
  'signedOut',
  'admin',
  'orgAdmin',
  'staff',
  'member',
  'listed',
  'assigned',
  'proponent',
  'regulator',
];
/** PROTECTED: the owner's staff and up, and admins. */
const STAFF: P[] = ['admin', 'orgAdmin', 'staff'];
/** Every member of the owner: IN_ORG. */
const IN_ORG: P[] = [...STAFF, 'member', 'listed', 'assigned'];
const USERS: P[] = [...STAFF, 'listed'];
const ASSIGNED: P[] = [...STAFF, 'assigned'];

/** The types with a place on the field data map. */
const MAPPED: readonly string[] = ['GeoKeeperFieldData', 'GeoKeeperWorkItem', 'GeoKeeperReference'];

const SPECS = [
  // ASSIGNED: the assigned monitor reads the program and all but the data of others' work items.
  { key: 'assignedProgram', type: 'GeoKeeperProgram', readers: ASSIGNED },
  { key: 'assignedForm', type: 'GeoKeeperFormDef', readers: ASSIGNED },
  { key: 'assignedRef', type: 'GeoKeeperReference', readers: ASSIGNED },
  { key: 'assignedWork', type: 'GeoKeeperWorkItem', readers: ASSIGNED },
  { key: 'otherWork', type: 'GeoKeeperWorkItem', readers: ASSIGNED },
  { key: 'assignedData', type: 'GeoKeeperFieldData', readers: ASSIGNED },
  { key: 'otherData', type: 'GeoKeeperFieldData', readers: STAFF },
  { key: 'collectedData', type: 'GeoKeeperFieldData', readers: ASSIGNED },
  // IN_ORG: the whole community.
  { key: 'orgProgram', type: 'GeoKeeperProgram', readers: IN_ORG },
  { key: 'orgForm', type: 'GeoKeeperFormDef', readers: IN_ORG },
  { key: 'orgRef', type: 'GeoKeeperReference', readers: IN_ORG },
  { key: 'orgWork', type: 'GeoKeeperWorkItem', readers: IN_ORG },
  { key: 'orgData', type: 'GeoKeeperFieldData', readers: IN_ORG },
  // USERS: the listed people.
  { key: 'usersProgram', type: 'GeoKeeperProgram', readers: USERS },
  { key: 'usersForm', type: 'GeoKeeperFormDef', readers: USERS },
  { key: 'usersRef', type: 'GeoKeeperReference', readers: USERS },
  { key: 'usersWork', type: 'GeoKeeperWorkItem', readers: USERS },
  { key: 'usersData', type: 'GeoKeeperFieldData', readers: USERS },
  // The fieldwork job for the proponent: the community's staff only; a record granted to the
  // proponent's organisation is the one field data it reads.
  { key: 'job', type: 'GeoKeeperFieldwork', readers: STAFF },
  { key: 'grantedData', type: 'GeoKeeperFieldData', readers: [...ASSIGNED, 'proponent'] },
  // The job's threads to its external party: the proponent reads them, the message sent and the
  // file copied onto it; never the job's own file, nor the community's own thread about the job.
  { key: 'confirmThread', type: 'Thread', readers: [...STAFF, 'proponent'] },
  { key: 'reportThread', type: 'Thread', readers: [...STAFF, 'proponent'] },
  { key: 'invoiceThread', type: 'Thread', readers: [...STAFF, 'proponent'] },
  { key: 'reportMessage', type: 'Message', readers: [...STAFF, 'proponent'] },
  { key: 'sentReport', type: 'Attachment', readers: [...STAFF, 'proponent'] },
  { key: 'jobFile', type: 'Attachment', readers: STAFF },
  { key: 'internalThread', type: 'Thread', readers: STAFF },
  // A PRIVATE record (a sacred site's observation) the orgAdmin collected: theirs and admins' only.
  { key: 'privateData', type: 'GeoKeeperFieldData', readers: ['admin', 'orgAdmin'] },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Ltd', 'INDUSTRY');
  const ministry = await makeOrg(items, 'Ministry of Lands', 'GOVERNMENT');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    member: await makeUser(items, [[riverbend, 'member']]),
    listed: await makeUser(items, [[riverbend, 'member']]),
    assigned: await makeUser(items, [[riverbend, 'member']]),
    proponent: await makeUser(items, [[pipeline, 'editor']]),
    regulator: await makeUser(items, [[ministry, 'staff']]),
  };
  const clients = await principalClients<P>(server, users);

  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const word = () => `g${Math.random().toString(36).slice(2, 10)}`;
  // Each mapped item has a place of its own; its longitude is as secret as its words (the map and
  // the exports must not leak a hidden record's location).
  let places = 0;
  const make = async (
    key: string,
    type: string,
    data: Record<string, unknown>,
    actor = users.staff.id,
    access?: 'PRIVATE',
  ) => {
    const label = `${type} ${(secrets[key] = word())}`;
    const body = type === 'GeoKeeperFormDef' ? { label, machineName: key, formType: 'RECORD' } : { label };
    const mapped = MAPPED.includes(type);
    const lon = Number((-121.5 - ++places * 0.01 - 0.000137).toFixed(6));
    if (mapped) secrets[`${key}@place`] = String(lon);
    const spatial = mapped ? { spatial: { type: 'Point', coordinates: [lon, 56.2] } } : {};
    const opts = { actor, owner: riverbend, ...(access ? { access } : {}) };
    ids[key] = (await items.create(SYSTEM, type, { ...body, ...spatial, ...data }, opts)).$id;
    if (mapped) SECRET_PLACES.set(ids[key], String(lon));
    // Each record has a photo whose name carries its word: the file search names it to its readers only.
    if (type === 'GeoKeeperFieldData')
      await items.create(
        SYSTEM,
        'Attachment',
        {
          originalName: `photo-${secrets[key]}.jpg`,
          rel: ids[key],
          relType: type,
          size: 1234,
          mimeGroup: 'image',
          filetype: 'image/jpeg',
        },
        { actor, owner: riverbend },
      );
    return ids[key];
  };

  const program = async (prefix: string, access: string, extra: Record<string, unknown> = {}) => {
    const program = await make(`${prefix}Program`, 'GeoKeeperProgram', { access, state: 'ACTIVE', ...extra });
    await make(`${prefix}Form`, 'GeoKeeperFormDef', { program });
    await make(`${prefix}Ref`, 'GeoKeeperReference', { program });
    return program;
  };
  const record = (key: string, program: string, workItem: string, actor?: string, access?: 'PRIVATE') =>
    make(
      key,
      'GeoKeeperFieldData',
      {
        formType: 'RECORD',
        program,
        workItem,
        formInstance: { formData: { observation: `seen ${(secrets[`${key}@answer`] = word())}` } },
      },
      actor,
      access,
    );

  const assigned = await program('assigned', 'ASSIGNED');
  const work = await make('assignedWork', 'GeoKeeperWorkItem', {
    program: assigned,
    assignees: [users.assigned.id],
  });
  const other = await make('otherWork', 'GeoKeeperWorkItem', { program: assigned, assignees: [] });
  await record('assignedData', assigned, work);
  await record('otherData', assigned, other);
  await record('collectedData', assigned, other, users.assigned.id);
  await record('grantedData', assigned, work);
  await record('privateData', assigned, other, users.orgAdmin.id, 'PRIVATE');

  const org = await program('org', 'IN_ORG');
  await record('orgData', org, await make('orgWork', 'GeoKeeperWorkItem', { program: org }));
  const team = await program('users', 'USERS', { users: [users.listed.id] });
  await record('usersData', team, await make('usersWork', 'GeoKeeperWorkItem', { program: team }));

  await make('job', 'GeoKeeperFieldwork', {
    ownedBy: riverbend,
    externalParty: pipeline,
    program: assigned,
  });
  await fieldworkThreads(server, clients, ids, secrets, word);
  await items.transaction((tx) =>
    setGrantIn(tx, items, ids.grantedData!, pipeline, ['read'], {
      grantedBy: users.orgAdmin.id,
      actor: users.orgAdmin.id,
    }),
  );
  return { clients, ids, secrets };
}

/** The job's threads, sent by the community's staff through gkfSendThread (the report with a file of the job). */
async function fieldworkThreads(
  server: TestServer,
  clients: Map<P, WsClient>,
  ids: Record<string, string>,
  secrets: Record<string, string>,
  word: () => string,
) {
  const { items } = server.app.services;
  const staff = clients.get('staff')!;
  const ok = async (o: string, b: unknown) => {
    const r = (await staff.request(o, b)).b as Record<string, unknown>;
    if (r.erred) throw new Error(`${o}: ${JSON.stringify(r)}`);
    return r;
  };
  const job = ids.job!;
  ids.jobFile = (
    await items.create(SYSTEM, 'Attachment', {
      originalName: `notes-${(secrets.jobFile = word())}.pdf`,
      rel: job,
      fileID: 'e'.repeat(32),
    })
  ).$id;
  const report = (
    await items.create(SYSTEM, 'Attachment', {
      originalName: `report-${(secrets.sentReport = word())}.pdf`,
      rel: job,
      fileID: 'f'.repeat(32),
    })
  ).$id;
  const send = async (key: string, purpose: string, attachments: string[] = []) => {
    const r = await ok('act/gkfSendThread', {
      job,
      purpose,
      subject: `${purpose} ${(secrets[key] = word())}`,
      message: `Text ${key === 'reportThread' ? (secrets.reportMessage = word()) : word()}`,
      attachments,
    });
    ids[key] = String(r.thread);
    return String(r.message);
  };
  await send('confirmThread', 'CONFIRM_FIELDWORK');
  ids.reportMessage = await send('reportThread', 'FIELDWORK_REPORT', [report]);
  await send('invoiceThread', 'FIELDWORK_INVOICE');
  const m = (await staff.request(`read/${ids.reportMessage}`)).b as { attachments: string[] };
  ids.sentReport = m.attachments[0]!;
  ids.internalThread = String(
    (
      await ok('create/Thread', {
        subject: `Crew for the job ${(secrets.internalThread = word())}`,
        context: job,
      })
    ).$id,
  );
}

/**
 * The held edits' act answers a conflict with the server's record: a read path of its own. Edits
 * at a version no record has (every one "changed meanwhile") show exactly the records the caller
 * reads; the others are refused without a word of them.
 */
const heldEditsPath: AccessPath<P> = {
  name: 'applyGeoKeeperFieldDataEdits (a conflict answers the record)',
  types: ['GeoKeeperFieldData'],
  async run({ client, ids }) {
    const keys = SPECS.filter((s) => s.type === 'GeoKeeperFieldData').map((s) => ids[s.key]!);
    const edits = Object.fromEntries(
      keys.map((id) => [id, { version: 1_000_000, changes: [{ path: 'notes', value: 'held' }] }]),
    );
    const b = (await client.request('act/applyGeoKeeperFieldDataEdits', { edits })).b as {
      results?: Record<string, { status: string }>;
    };
    const shown = Object.entries(b.results ?? {})
      .filter(([, r]) => r.status === 'conflict')
      .map(([id]) => id);
    return { ids: shown, text: JSON.stringify(b) };
  },
};

/**
 * The XLSForm import's dry run (importGeoKeeperXlsForm) answers for a program or form the caller
 * reads and makes forms in: staff and above of the owner (docs/geokeeper-forms.md). Its reply
 * holds only the file's own problems; a program or form is "shown" when the act answered for it.
 */
const XLSFORM = writeXlsx([
  {
    name: 'survey',
    rows: [
      ['type', 'name', 'label'],
      ['text', 'a', 'A'],
    ],
  },
]).toString('base64');
const xlsImportPath: AccessPath<P> = {
  name: 'importGeoKeeperXlsForm (a dry run answers for a program or form)',
  types: ['GeoKeeperProgram', 'GeoKeeperFormDef'],
  for: STAFF,
  async run({ client, ids }) {
    const shown: string[] = [];
    let text = '';
    for (const s of SPECS.filter((x) => x.type === 'GeoKeeperProgram' || x.type === 'GeoKeeperFormDef')) {
      const id = ids[s.key]!;
      const target = s.type === 'GeoKeeperProgram' ? { program: id } : { formDef: id };
      const b = (
        await client.request('act/importGeoKeeperXlsForm', { file: XLSFORM, ...target, dryRun: true })
      ).b as { erred?: boolean };
      if (!b.erred) shown.push(id);
      text += JSON.stringify(b);
    }
    return { ids: shown, text };
  },
};

/** Every batch of a field data map stream to the end: the ids it drew and its replies. */
async function streamAll(client: AccessPathContext<P>['client'], body: Record<string, unknown>) {
  const shown: string[] = [];
  const texts: string[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 30; n++) {
    const b = (
      await client.request('act/streamFieldDataForMap', {
        ...body,
        batch: 2,
        cursor,
        ...(n === 1 ? { count: true } : {}),
      })
    ).b as { features?: Record<string, unknown>; cursor?: string | null };
    texts.push(JSON.stringify(b));
    shown.push(...Object.keys(b.features ?? {}));
    cursor = b.cursor ?? null;
    if (!cursor) break;
  }
  return { ids: shown, text: texts.join('\n') };
}

const FIELD_DATA_KEYS = SPECS.filter((s) => s.type === 'GeoKeeperFieldData').map((s) => s.key);
const PROGRAMS = ['assignedProgram', 'orgProgram', 'usersProgram'];

/** streamFieldDataForMap by id: every record asked; the map draws exactly the readable ones. */
const mapByIdPath: AccessPath<P> = {
  name: 'streamFieldDataForMap (fieldDataIds)',
  types: ['GeoKeeperFieldData'],
  run: ({ client, ids }) => streamAll(client, { fieldDataIds: FIELD_DATA_KEYS.map((k) => ids[k]!) }),
};

/** streamFieldDataForMap of each program: its records, work items and references. */
const mapByProgramPath: AccessPath<P> = {
  name: 'streamFieldDataForMap (program)',
  types: MAPPED,
  async run({ client, ids }) {
    const all = await Promise.all(PROGRAMS.map((k) => streamAll(client, { program: ids[k]! })));
    return { ids: all.flatMap((a) => a.ids), text: all.map((a) => a.text).join('\n') };
  },
};

/** The bytes of a double, as a shapefile stores a coordinate (little-endian). */
function doubleBytes(x: number): string {
  return Buffer.from(new Float64Array([x]).buffer).toString('hex');
}

/**
 * exportFieldData of each program as CSV (a zip), GeoJSON and a shapefile. A record is "shown"
 * when its longitude is in the file: as text in the CSV files, the GeoJSON and the dBase table,
 * and as the raw 8 bytes of a double in the .shp, so a hidden record's place cannot hide in binary.
 */
function exportPath(format: 'CSV' | 'GEOJSON' | 'SHAPEFILE'): AccessPath<P> {
  return {
    name: `exportFieldData as ${format}`,
    types: ['GeoKeeperFieldData'],
    for: ALL.filter((p) => p !== 'signedOut'),
    async run(ctx) {
      const texts: string[] = [];
      let hex = '';
      for (const k of PROGRAMS) {
        const { bytes, reply } = await exportFile(ctx.client, ctx.server, { program: ctx.ids[k]!, format });
        if (!bytes) {
          texts.push(reply);
          continue;
        }
        if (format === 'GEOJSON') texts.push(strFromU8(bytes));
        else
          for (const [name, data] of Object.entries(unzipSync(bytes))) {
            if (name.endsWith('.shp')) hex += Buffer.from(data).toString('hex');
            else texts.push(strFromU8(data));
          }
      }
      const text = texts.join('\n');
      const shown: string[] = [];
      for (const key of FIELD_DATA_KEYS) {
        const lon = Number(SECRET_PLACES.get(ctx.ids[key]!));
        if (text.includes(String(lon)) || (hex && hex.includes(doubleBytes(lon)))) shown.push(ctx.ids[key]!);
      }
      return { ids: shown, text };
    },
  };
}

/** searchGeoKeeperAttachments of each program: the files of exactly the readable records. */
const attachmentsPath: AccessPath<P> = {
  name: 'searchGeoKeeperAttachments (program)',
  types: ['GeoKeeperFieldData'],
  async run({ client, ids }) {
    const shown: string[] = [];
    const texts: string[] = [];
    for (const k of PROGRAMS) {
      const b = (await client.request('act/searchGeoKeeperAttachments', { program: ids[k]! })).b as {
        results?: { fieldData: string }[];
      };
      texts.push(JSON.stringify(b));
      shown.push(...(b.results ?? []).map((r) => r.fieldData));
    }
    return { ids: shown, text: texts.join('\n') };
  },
};

/** Record id → its longitude's text (filled by setup; the paths read it). */
const SECRET_PLACES = new Map<string, string>();

export const accessCase: AccessCase<P> = {
  name: 'geokeeper',
  principals: ALL,
  specs: SPECS,
  setup,
  paths: [
    heldEditsPath,
    mapByIdPath,
    mapByProgramPath,
    exportPath('CSV'),
    exportPath('GEOJSON'),
    exportPath('SHAPEFILE'),
    attachmentsPath,
    xlsImportPath,
  ],
  // The one reader of the record collected by the assigned monitor besides staff is its collector.
  witness: { principal: 'assigned', key: 'collectedData@answer' },
  mayRefuseSearch: ['signedOut'],
};
