import { SYSTEM } from '../../../server/access/principal';
import { seedListValues } from '../../../server/seed/demo-helpers';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { DEFAULT_GEOKEEPER_LISTS } from '../lists';

// The fieldwork tests' world: a community holding GeoKeeper with its GKF_STATES, a proponent
// whose consultation the community answers with a response workflow holding an RWF_FIELDWORK
// step, a monitoring program, and people of every kind. Real server, real database (PGlite, or
// PostgreSQL with DATABASE_URL).

export type Who = 'officer' | 'staff' | 'member' | 'proponent' | 'outsider';

export interface FieldworkWorld {
  tdb: TestDatabase;
  server: TestServer;
  orgs: { riverbend: string; pipeline: string; other: string };
  users: Record<Who, { id: string; email: string }>;
  ws: Record<Who, WsClient>;
  program: string;
  ok(c: WsClient, o: string, b: unknown): Promise<Record<string, unknown>>;
  erred(c: WsClient, o: string, b: unknown): Promise<Record<string, unknown>>;
  /** A submitted, distributed consultation and the community's response (its workflow started). */
  referral(): Promise<{ consultation: string; response: string }>;
  /** A job started from a fresh referral's RWF_FIELDWORK step. */
  job(): Promise<{ consultation: string; response: string; job: string }>;
  /** Completes a step of an item as the officer (refusals thrown). */
  complete(item: string, step: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function fieldworkWorld(): Promise<FieldworkWorld> {
  const tdb = await openTestDatabase();
  const server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const other = await makeOrg(items, 'Lakeside Nation', 'COMMUNITY');
  for (const [id, caps] of [
    [riverbend, ['Consult', 'ConsultRespond', 'GeoKeeper']],
    [pipeline, ['Consult', 'ConsultDrafts']],
    [other, ['Consult', 'ConsultRespond', 'GeoKeeper']],
  ] as const) {
    const row = await items.read(SYSTEM, id);
    await items.update(SYSTEM, { $id: id, $version: row.$version, capabilities: [...caps] });
  }
  for (const [list, values] of Object.entries(DEFAULT_GEOKEEPER_LISTS))
    await seedListValues(items, riverbend, list, values);
  const users = {
    officer: await makeUser(items, [[riverbend, 'editor']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    member: await makeUser(items, [[riverbend, 'member']]),
    proponent: await makeUser(items, [[pipeline, 'editor']]),
    outsider: await makeUser(items, [[other, 'orgAdmin']]),
  };
  const ws = {} as Record<Who, WsClient>;
  for (const [k, u] of Object.entries(users))
    ws[k as Who] = (await connectAs(server, u.email, PASSWORD)).client;

  await items.create(SYSTEM, 'Workflow', {
    label: 'Monitor first',
    appliesTo: 'ConsultResponse',
    isDefault: true,
    owner: riverbend,
    steps: [
      { id: 'fieldwork', kind: 'RWF_FIELDWORK', label: 'Monitor the work', rule: 'next' },
      { id: 'research', kind: 'RWF_RESEARCH', label: 'Research', rule: 'next' },
    ],
  });
  const program = (
    await items.create(
      SYSTEM,
      'GeoKeeperProgram',
      { label: 'Creek monitoring', access: 'ASSIGNED', state: 'ACTIVE' },
      { owner: riverbend, actor: users.officer.id },
    )
  ).$id;

  async function ok(c: WsClient, o: string, b: unknown) {
    const r = (await c.request(o, b)).b as Record<string, unknown>;
    if (r.erred) throw new Error(`${o}: ${JSON.stringify(r)}`);
    return r;
  }
  async function erred(c: WsClient, o: string, b: unknown) {
    const r = (await c.request(o, b)).b as Record<string, unknown>;
    if (!r.erred) throw new Error(`${o} did not fail: ${JSON.stringify(r)}`);
    return r;
  }
  let n = 0;
  async function referral() {
    const c = await ok(ws.proponent, 'create/Consultation', {
      projectName: `Creek culvert ${++n}`,
      primaryOrg: pipeline,
      submittedTo: riverbend,
    });
    const consultation = String(c.$id);
    await ok(ws.proponent, 'act/cnsSubmit', { consultation });
    const d = await ok(ws.officer, 'act/cnsDistribute', { consultation, communities: [riverbend] });
    return { consultation, response: (d.responses as string[])[0]! };
  }
  async function job() {
    const r = await referral();
    const s = await ok(ws.officer, 'act/gkfStartFromResponse', {
      response: r.response,
      step: 'fieldwork',
      label: `Monitor ${r.consultation}`,
      program,
    });
    return { ...r, job: String(s.job) };
  }
  return {
    tdb,
    server,
    orgs: { riverbend, pipeline, other },
    users,
    ws,
    program,
    ok,
    erred,
    referral,
    job,
    complete: (item, step) => ok(ws.officer, 'act/wfSetStepState', { item, step, state: 'COMPLETE' }),
    async close() {
      for (const c of Object.values(ws)) await c?.close();
      await server.close();
      await tdb.close();
    },
  };
}
