import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { loadPrincipal } from '../../../server/auth/principals';
import { query } from '../../../server/db/query';
import { loadRow } from '../../../server/items/rows';
import type { StepKindHandler } from '../../../server/services';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { meetingState, sweepMeetingStates } from '../server/meetings';
import { letterStepKinds } from '../server/letters/step-kinds';
import { consultStepKinds } from '../server/step-kinds';

// The response workflow's step kinds on the server, run as the engine runs them (in a
// transaction, on the item as it is), and the meetings' derived state.

let tdb: TestDatabase;
let server: TestServer;
let officer: { id: string; email: string };
let proponent: { id: string; email: string };
let officerWs: WsClient;
let proponentWs: WsClient;
let response: string;
let consultation: string;
let pipelineOrg: string;
let riverbendOrg: string;

async function ok(c: WsClient, o: string, b: unknown) {
  const r = (await c.request(o, b)).b as Record<string, unknown>;
  if (r.erred) throw new Error(`${o}: ${JSON.stringify(r)}`);
  return r;
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  pipelineOrg = pipeline;
  riverbendOrg = riverbend;
  for (const [id, caps] of [
    [riverbend, ['Consult', 'ConsultRespond']],
    [pipeline, ['Consult', 'ConsultDrafts']],
  ] as const) {
    const row = await items.read(SYSTEM, id);
    await items.update(SYSTEM, { $id: id, $version: row.$version, capabilities: [...caps] });
  }
  officer = await makeUser(items, [[riverbend, 'editor']]);
  proponent = await makeUser(items, [[pipeline, 'editor']]);
  officerWs = (await connectAs(server, officer.email, PASSWORD)).client;
  proponentWs = (await connectAs(server, proponent.email, PASSWORD)).client;
  const c = await ok(proponentWs, 'create/Consultation', {
    projectName: 'Ridge road',
    primaryOrg: pipeline,
    submittedTo: riverbend,
  });
  consultation = String(c.$id);
  await ok(proponentWs, 'act/cnsSubmit', { consultation });
  response = (
    (await ok(officerWs, 'act/cnsDistribute', { consultation, communities: [riverbend] }))
      .responses as string[]
  )[0]!;
});

afterAll(async () => {
  await officerWs?.close();
  await proponentWs?.close();
  await server?.close();
  await tdb?.close();
});

/** Runs one handler hook as the engine does: in a transaction, on the item as it is now. */
async function run(kind: string, hook: keyof Omit<StepKindHandler, 'adHoc'>) {
  const services = server.app.services;
  const principal = (await loadPrincipal(services.database.db, officer.id))!;
  return services.items.transaction(async (tx) => {
    const item = (await loadRow(tx, response))!;
    const step = { id: `s-${kind}`, kind, label: kind, state: 'ACTIVE' };
    return consultStepKinds[kind]![hook]!({ tx, services, principal, item, step });
  });
}

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return (e as { extra?: { fields?: unknown } }).extra?.fields;
  }
  return 'completed';
};

describe('step kinds', () => {
  it('declares ad hoc exactly for simple, letter send, thread and meeting (spec §4)', () => {
    const adHoc = Object.entries({ ...consultStepKinds, ...letterStepKinds })
      .filter(([, h]) => h.adHoc)
      .map(([k]) => k)
      .sort();
    expect(adHoc).toEqual(['RWF_LETTER_SEND', 'RWF_MEETING', 'RWF_SIMPLE', 'RWF_THREAD']);
  });

  it('RWF_ASSIGN completes only once someone is on the response', async () => {
    expect(await refusal(run('RWF_ASSIGN', 'canComplete'))).toEqual([
      { path: 'internalContacts', key: 'errors.required' },
    ]);
    await ok(officerWs, 'act/cnsAssign', { item: response, user: officer.id });
    expect(await refusal(run('RWF_ASSIGN', 'canComplete'))).toBe('completed');
  });

  it('RWF_OUTCOME completes only with an outcome', async () => {
    expect(await refusal(run('RWF_OUTCOME', 'canComplete'))).toEqual([
      { path: 'outcome', key: 'errors.required' },
    ]);
    const r = await ok(officerWs, `read/${response}`, undefined);
    await ok(officerWs, 'update', { $id: response, $version: r.$version, outcome: 'CONCERNS' });
    expect(await refusal(run('RWF_OUTCOME', 'canComplete'))).toBe('completed');
  });

  it('RWF_THREAD completes once a response or acknowledgement was sent', async () => {
    expect(await refusal(run('RWF_THREAD', 'canComplete'))).toEqual([
      { path: 'thread', key: 'errors.required' },
    ]);
    await ok(officerWs, 'act/rwfSendResponse', {
      response,
      purpose: 'CONSULT_ACK',
      subject: 'Received',
      message: 'We have your referral.',
      attachments: [],
    });
    expect(await refusal(run('RWF_THREAD', 'canComplete'))).toBe('completed');
  });

  it('RWF_MEETING completes once a meeting about the consultation is recorded', async () => {
    expect(await refusal(run('RWF_MEETING', 'canComplete'))).toEqual([
      { path: 'meeting', key: 'errors.required' },
    ]);
    await ok(officerWs, 'create/Meeting', {
      summary: 'Site visit',
      date: '2026-01-10',
      context: consultation,
    });
    expect(await refusal(run('RWF_MEETING', 'canComplete'))).toBe('completed');
  });

  it('RWF_SIMPLE completes freely; RWF_RESEARCH waits for its checklist (response-workflow.test.ts)', () => {
    expect(consultStepKinds.RWF_SIMPLE!.canComplete).toBeUndefined();
    expect(consultStepKinds.RWF_RESEARCH!.canComplete).toBeTypeOf('function');
  });

  it('RWF_SNAPSHOT posts the response state to an internal thread the proponent never reads', async () => {
    // Posted, it waits for a person to complete it: it never finishes itself behind the click
    // that completed the step before it (issue 37).
    expect(await run('RWF_SNAPSHOT', 'onActive')).toBeUndefined();
    const [t] = await query<{ id: string }>(
      tdb.database.db,
      sql`select id from items where type = 'Thread' and data->>'context' = ${consultation}
        and not (data ? 'purpose') order by num desc limit 1`,
    );
    const search = await ok(officerWs, 'search/ids', { must: { _t: ['Message'], thread: [t!.id] } });
    const [m] = search.ids as string[];
    const msg = await ok(officerWs, `read/${m}`, undefined);
    // In words, with the lists' labels, not `key: value` lines.
    expect(String(msg.body)).toContain('Response: Pending');
    expect(String(msg.body)).toMatch(/Outcome: (Support with concerns|CONCERNS)/);
    expect(String(msg.body)).not.toContain('state: PENDING');
    expect(((await proponentWs.request(`read/${t!.id}`)).b as { userMessage?: string }).userMessage).toBe(
      'notFound',
    );
    expect(((await proponentWs.request(`read/${m}`)).b as { userMessage?: string }).userMessage).toBe(
      'notFound',
    );
  });

  it('RWF_SNAPSHOT keeps a PRIVATE or protocol-restricted response’s state as closed as the response', async () => {
    const items = server.app.services.items;
    const staff = await makeUser(items, [[riverbendOrg, 'staff']]);
    const staffWs = (await connectAs(server, staff.email, PASSWORD)).client;
    const elders = (
      await items.create(
        SYSTEM,
        'Protocol',
        { name: 'Elders', members: [officer.id] },
        { owner: riverbendOrg },
      )
    ).$id;
    const latest = async () => {
      const [t] = await query<{ id: string }>(
        tdb.database.db,
        sql`select id from items where type = 'Thread' and data->>'context' = ${consultation}
          and not (data ? 'purpose') order by num desc limit 1`,
      );
      return (await items.readRow(t!.id))!;
    };
    const readsIt = async (id: string) =>
      !((await staffWs.request(`read/${id}`)).b as { erred?: boolean }).erred;
    try {
      let cur = await items.read(SYSTEM, response);
      await items.update(SYSTEM, { $id: response, $version: cur.$version, $access: 'PRIVATE' });
      await run('RWF_SNAPSHOT', 'onActive');
      const closed = await latest();
      expect(closed.access).toBe('PRIVATE');
      expect(await readsIt(closed.id)).toBe(false);
      cur = await items.read(SYSTEM, response);
      await items.update(SYSTEM, {
        $id: response,
        $version: cur.$version,
        $access: 'PROTECTED',
        $protocols: [elders],
      });
      await run('RWF_SNAPSHOT', 'onActive');
      const elderOnly = await latest();
      expect(elderOnly.protocols).toEqual([elders]);
      expect(await readsIt(elderOnly.id)).toBe(false);
    } finally {
      await staffWs.close();
    }
  });
});

describe('meeting state', () => {
  it('is derived from the date and times', () => {
    const now = new Date('2026-03-10T14:30:00Z');
    expect(meetingState({ date: '2026-03-11' }, now)).toBe('PENDING');
    expect(meetingState({ date: '2026-03-10', start: '14:00', end: '15:00' }, now)).toBe('ONGOING');
    expect(meetingState({ date: '2026-03-10', start: '15:00' }, now)).toBe('PENDING');
    expect(meetingState({ date: '2026-03-10' }, now)).toBe('ONGOING');
    expect(meetingState({ date: '2026-03-10', start: '09:00', end: '10:00' }, now)).toBe('PAST');
  });

  it('is written on create, refuses bad times, and the sweep moves it on', async () => {
    const past = await ok(officerWs, 'create/Meeting', {
      summary: 'Old',
      date: '2020-01-01',
      start: '09:00',
      end: '10:00',
    });
    expect(past.state).toBe('PAST');
    const future = await ok(officerWs, 'create/Meeting', { summary: 'Later', date: '2999-01-01' });
    expect(future.state).toBe('PENDING');
    const bad = (
      await officerWs.request('create/Meeting', {
        summary: 'x',
        date: '2026-01-01',
        start: '10:00',
        end: '09:00',
      })
    ).b as { fields?: unknown };
    expect(bad.fields).toEqual([{ path: 'end', key: 'errors.endBeforeStart' }]);
    const badTime = (
      await officerWs.request('create/Meeting', { summary: 'x', date: '2026-01-01', start: '25:00' })
    ).b as {
      fields?: unknown;
    };
    expect(badTime.fields).toEqual([{ path: 'start', key: 'errors.invalidValue' }]);
    // Spec §5 on the meeting's other parties: a contact needs its organisation among them.
    const items = server.app.services.items;
    const karenCard = await items.create(SYSTEM, 'Contact', {
      firstName: 'Karen',
      lastName: 'W',
      _related: [pipelineOrg],
      // A card the community keeps, so its staff may name it.
      owner: riverbendOrg,
    });
    const noOrgs = (
      await officerWs.request('create/Meeting', {
        summary: 'x',
        date: '2026-01-01',
        otherContacts: [karenCard.$id],
      })
    ).b as { fields?: unknown };
    expect(noOrgs.fields).toEqual([{ path: 'otherOrgs', key: 'errors.chooseOrg' }]);
    const withOrg = await ok(officerWs, 'create/Meeting', {
      summary: 'With the proponent',
      date: '2026-01-01',
      otherOrgs: [pipelineOrg],
      otherContacts: [karenCard.$id],
    });
    expect(withOrg.otherContacts).toEqual([karenCard.$id]);
    // A meeting stored as PENDING whose time has passed (as if the clock moved on) is swept to PAST.
    await tdb.database.db.execute(
      sql`update items set data = jsonb_set(data, '{state}', '"PENDING"') where id = ${String(past.$id)}`,
    );
    items.cache.clear();
    expect(await sweepMeetingStates(server.app.services, new Date())).toBeGreaterThanOrEqual(1);
    expect((await items.readRow(String(past.$id)))!.data.state).toBe('PAST');
  });
});
