import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { StepInstance } from '../../workflow/types';
import { RWF_STATE_DEFAULTS, responseSteps } from '../server/response-defaults';

// Every community's default response workflow (issue 37 "Deliver 5"; docs/consult-response.md
// "The default workflow"), on a database without the demo: made with the community, each step
// given to a role and due before the requested date, each completion moving the response's
// workflow state, one click one step, unassigned steps reminded to their role and taken by one of
// it, the research checklist saved with links only to what every reader may read, a snapshot in
// words, and the response's sections and concerns recorded on it. Worked through every step to a
// sent letter, with no forcing.

type Body = Record<string, unknown>;
type Who = 'manager' | 'officer' | 'researcher' | 'member' | 'proponent';

let tdb: TestDatabase;
let server: TestServer;
let riverbend: string;
let pipeline: string;
const ws = {} as Record<Who, WsClient>;
const users = {} as Record<Who, { id: string; email: string }>;

const items = () => server.app.services.items;
async function ok(c: WsClient, o: string, b?: unknown): Promise<Body> {
  const r = (await c.request(o, b, {}, 60_000)).b as Body;
  if (r.erred) throw new Error(`${o}: ${JSON.stringify(r)}`);
  return r;
}
async function fail(c: WsClient, o: string, b?: unknown): Promise<Body> {
  const r = (await c.request(o, b, {}, 60_000)).b as Body;
  if (!r.erred) throw new Error(`${o} should have been refused: ${JSON.stringify(r)}`);
  return r;
}
const stored = async (id: string) => (await items().readRow(id))!;
const steps = async (id: string) => ((await stored(id)).data._wf as { steps: StepInstance[] }).steps;
const states = async (id: string) => (await steps(id)).map((s) => `${s.id}:${s.state}`);

async function setCaps(org: string, caps: string[]) {
  const row = await items().read(SYSTEM, org);
  await items().update(SYSTEM, { $id: org, $version: row.$version, capabilities: caps });
}

let n = 0;
async function referral(requested = '2027-03-31') {
  const c = await ok(ws.proponent, 'create/Consultation', {
    projectName: `Ridge road ${++n}`,
    primaryOrg: pipeline,
    submittedTo: riverbend,
    requestedResponseDate: requested,
  });
  const consultation = String(c.$id);
  await ok(ws.proponent, 'create/ConsultProjectFeature', {
    consultation,
    label: 'Road corridor',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [-120.8, 56.2],
          [-120.78, 56.2],
          [-120.78, 56.22],
          [-120.8, 56.22],
          [-120.8, 56.2],
        ],
      ],
    },
  });
  await ok(ws.proponent, 'act/cnsSubmit', { consultation });
  const d = await ok(ws.officer, 'act/cnsDistribute', { consultation, communities: [riverbend] });
  return { consultation, response: (d.responses as string[])[0]! };
}

/** Who holds the step now. */
const holder = async (response: string, step: string) =>
  (await steps(response)).find((s) => s.id === step)!.assignedTo;
const wsOf = (user: string | null) => ws[(Object.keys(users) as Who[]).find((k) => users[k].id === user)!];

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  riverbend = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  pipeline = await makeOrg(items(), 'Northern Pipeline Corp.', 'INDUSTRY');
  await setCaps(riverbend, ['Consult', 'ConsultRespond', 'ResponseLetter', 'Spatial']);
  await setCaps(pipeline, ['Consult', 'ConsultDrafts']);
  users.manager = await makeUser(items(), [[riverbend, 'orgAdmin']]);
  users.officer = await makeUser(items(), [[riverbend, 'editor']]);
  users.researcher = await makeUser(items(), [[riverbend, 'staff']]);
  users.member = await makeUser(items(), [[riverbend, 'member']]);
  users.proponent = await makeUser(items(), [[pipeline, 'editor']]);
  for (const [k, name] of [
    ['manager', 'Mary Thunderbird'],
    ['officer', 'Joseph Redcloud'],
    ['researcher', 'Anna Swiftwater'],
  ] as const) {
    const r = await items().read(SYSTEM, users[k].id);
    await items().update(SYSTEM, { $id: users[k].id, $version: r.$version, name });
  }
  for (const k of Object.keys(users) as Who[])
    ws[k] = (await connectAs(server, users[k].email, PASSWORD)).client;
}, 60_000);

afterAll(async () => {
  for (const c of Object.values(ws)) await c?.close();
  await server?.close();
  await tdb?.close();
});

describe('the default response workflow', () => {
  it('is made with a new community: its steps, its states with superStates, a letter template', async () => {
    const wfs = await query<{ id: string; steps: { kind: string }[]; is_default: string }>(
      items().db,
      sql`select id, data->'steps' as steps, data->>'isDefault' as is_default from items
        where type = 'Workflow' and not deleted and owner = ${riverbend} and data->>'appliesTo' = 'ConsultResponse'`,
    );
    expect(wfs).toHaveLength(1);
    expect(wfs[0]!.is_default).toBe('true');
    expect(wfs[0]!.steps.map((s) => s.kind)).toEqual([
      'RWF_ASSIGN',
      'RWF_SIMPLE',
      'RWF_SPATIAL',
      'RWF_RESEARCH',
      'RWF_LETTER_PROPOSE',
      'RWF_LETTER_APPROVE',
      'RWF_LETTER_SEND',
      'RWF_OUTCOME',
    ]);
    const states = await query<{ key: string; super: string }>(
      items().db,
      sql`select data->>'key' as key, data->>'superState' as super from items where type = 'LOVValue'
        and owner = ${riverbend} and data->>'list' = 'RWF_STATES' order by num`,
    );
    expect(states.map((s) => [s.key, s.super])).toEqual(RWF_STATE_DEFAULTS.map(([k, , s]) => [k, s]));
    // Every state a step sets is one of the list's.
    for (const s of responseSteps()) expect(states.map((x) => x.key)).toContain(s.sets!['_wf.state']);
    const [t] = await query<{ n: number }>(
      items().db,
      sql`select count(*)::int as n from items where type = 'LetterTemplate' and owner = ${riverbend}`,
    );
    expect(t!.n).toBe(1);
  });

  it('is made again at the first distribution of a community that has no response workflow', async () => {
    // A community from before the defaults: made, then its defaults taken away.
    const older = await makeOrg(items(), 'Eagle Lake Nation', 'COMMUNITY');
    await setCaps(older, ['Consult', 'ConsultRespond']);
    await items().db.execute(sql`update items set deleted = true where owner = ${older}
      and type in ('Workflow', 'LOVValue', 'LetterTemplate')`);
    const c = await ok(ws.proponent, 'create/Consultation', {
      projectName: 'Lake road',
      primaryOrg: pipeline,
      submittedTo: older,
    });
    await ok(ws.proponent, 'act/cnsSubmit', { consultation: c.$id });
    const admin = await makeUser(items(), [[older, 'orgAdmin']]);
    const adminWs = (await connectAs(server, admin.email, PASSWORD)).client;
    const d = await ok(adminWs, 'act/cnsDistribute', { consultation: c.$id, communities: [older] });
    await adminWs.close();
    const r = await stored((d.responses as string[])[0]!);
    expect(typeof r.data.workflow).toBe('string');
    expect(r.data['_wf.state']).toBe('NEW');
    expect((r.data._wf as { steps: unknown[] }).steps).toHaveLength(8);
  });

  it('gives each step to a role, due a set number of days before the requested date', async () => {
    const { response } = await referral('2027-03-31');
    const s = await steps(response);
    const rank = { manager: 'orgAdmin', officer: 'editor', researcher: 'staff' } as const;
    for (const step of s) {
      expect(step.assignedTo, step.id).not.toBeNull();
      const who = (Object.keys(rank) as (keyof typeof rank)[]).find((k) => users[k].id === step.assignedTo)!;
      const order = ['staff', 'editor', 'orgAdmin'];
      expect(order.indexOf(rank[who])).toBeGreaterThanOrEqual(order.indexOf(step.assignee!.role!));
      const days = -step.due!.days;
      const due = new Date(Date.UTC(2027, 2, 31 - days)).toISOString().slice(0, 10);
      expect(step.dueDate, step.id).toBe(due);
    }
    expect(s.find((x) => x.id === 'assign')!.assignee).toEqual({ role: 'orgAdmin' });
    expect((await stored(response)).data['_wf.state']).toBe('NEW');
  });

  it('is worked through every step to a sent letter: each completion sets the state, one click one step', async () => {
    const { response } = await referral();
    const move = async (step: string) => {
      const who = wsOf(await holder(response, step));
      return ok(who, 'act/wfSetStepState', { item: response, step, state: 'COMPLETE' });
    };
    const wfState = async () => (await stored(response)).data['_wf.state'];

    await ok(ws.manager, 'act/cnsAssign', { item: response, user: users.officer.id });
    await move('assign');
    expect(await wfState()).toBe('IN_REVIEW');
    expect(await states(response)).toEqual([
      'assign:COMPLETE',
      'review:ACTIVE',
      'overlay:BLANK',
      'research:BLANK',
      'letter-propose:BLANK',
      'letter-approve:BLANK',
      'letter-send:BLANK',
      'outcome:BLANK',
    ]);
    await move('review');
    expect(await wfState()).toBe('MAPPING');

    // "Run the overlay" with the step: exactly that step completes, the next one starts.
    const runner = wsOf(await holder(response, 'overlay'));
    // The overlay runs as a task (issue 36): its end completes the step.
    const started = await ok(runner, 'act/spOverlayRun/async', { response, buffer: 2000, step: 'overlay' });
    const done = await runner.waitForPush(
      (x) => x.o === 'taskComplete' && (x.b as { key?: string }).key === started.key,
      60_000,
    );
    expect(done.b).toMatchObject({ keyItem: expect.stringMatching(/^SpatialImpactReport-/) });
    expect((await states(response)).slice(2, 5)).toEqual([
      'overlay:COMPLETE',
      'research:ACTIVE',
      'letter-propose:BLANK',
    ]);
    expect(await wfState()).toBe('RESEARCH');

    // The research checklist: saved, then the step completes once every source is checked.
    const researcher = wsOf(await holder(response, 'research'));
    const early = await fail(researcher, 'act/wfSetStepState', {
      item: response,
      step: 'research',
      state: 'COMPLETE',
    });
    expect(early.fields).toEqual([
      {
        path: 'research',
        key: 'errors.required',
        params: { sources: 'ARCHIVE, FIELD_DATA, LAND_USE, ELDERS' },
      },
    ]);
    await ok(researcher, 'act/rwfResearchSave', {
      response,
      checks: ['ARCHIVE', 'FIELD_DATA', 'LAND_USE', 'ELDERS'].map((source) => ({
        source,
        checked: true,
        note: `${source} checked`,
      })),
    });
    await move('research');
    expect(await wfState()).toBe('DRAFTING');

    // The letter: drafted from the community's template, approved by its approver, sent.
    const proposer = wsOf(await holder(response, 'letter-propose'));
    const [tmpl] = await query<{ id: string }>(
      items().db,
      sql`select id from items where type = 'LetterTemplate' and owner = ${riverbend} and not deleted`,
    );
    await ok(ws.officer, 'create/ConsultResponseConcern', { response, subject: 'Salmon spawning beds' });
    await ok(proposer, 'act/rwfLetterPropose', { response, template: tmpl!.id });
    await move('letter-propose');
    expect(await wfState()).toBe('APPROVAL');
    await move('letter-approve');
    expect(await wfState()).toBe('APPROVED');
    const [letter] = await query<{ id: string }>(
      items().db,
      sql`select id from items where type = 'ResponseLetter' and data->>'response' = ${response}`,
    );
    const sender = wsOf(await holder(response, 'letter-send'));
    await ok(sender, 'act/rwfLetterSend', { letter: letter!.id });
    await move('letter-send');
    expect(await wfState()).toBe('SENT');
    expect((await stored(response)).data.state).toBe('RESPONDED');
    await ok(ws.officer, 'update/ConsultResponse', {
      $id: response,
      $version: (await stored(response)).version,
      outcome: 'SUPPORT',
    });
    await move('outcome');
    expect(await wfState()).toBe('CLOSED');
    expect((await states(response)).every((s) => s.endsWith(':COMPLETE'))).toBe(true);
    // Nobody forced or cleared anything.
    const [forced] = await query<{ n: number }>(
      items().db,
      sql`select count(*)::int as n from events where item_id = ${response}
        and kind in ('WKF_STEP_STATE_FORCED', 'WKF_FORCED_STATE', 'WKF_CLEARED')`,
    );
    expect(forced!.n).toBe(0);
  }, 240_000);

  it('a snapshot step posts its summary and waits: completing the step before it completes that one only', async () => {
    const { response } = await referral();
    const wf = await ok(ws.officer, 'create/Workflow', {
      owner: riverbend,
      label: 'With a snapshot',
      appliesTo: 'ConsultResponse',
      steps: [
        { id: 'a', kind: 'RWF_SIMPLE', label: 'First', rule: 'next', assignee: { user: users.officer.id } },
        { id: 'snap', kind: 'RWF_SNAPSHOT', label: 'Tell the team', rule: 'next' },
        { id: 'b', kind: 'RWF_SIMPLE', label: 'After', rule: 'next' },
      ],
    });
    await ok(ws.officer, 'act/wfSet', { item: response, workflow: wf.$id });
    await ok(ws.manager, 'act/cnsAssign', { item: response, user: users.officer.id });
    await ok(ws.officer, 'act/wfSetStepState', { item: response, step: 'a', state: 'COMPLETE' });
    expect(await states(response)).toEqual(['a:COMPLETE', 'snap:ACTIVE', 'b:BLANK']);
    const [msg] = await query<{ body: string }>(
      items().db,
      sql`select m.data->>'body' as body from items m join items t on t.id = m.data->>'thread'
        where m.type = 'Message' and t.type = 'Thread' and t.owner = ${riverbend}
        order by m.num desc limit 1`,
    );
    // Words and names, not `key: value` lines with ids.
    expect(msg!.body).toContain('Where Ridge road');
    expect(msg!.body).toContain('Response: Pending');
    expect(msg!.body).toContain('Lands team: Joseph Redcloud');
    expect(msg!.body).toMatch(/1\. First: Complete, by Joseph Redcloud on \d{1,2} \w+ \d{4}/);
    expect(msg!.body).toContain('2. Tell the team: Active');
    expect(msg!.body).not.toMatch(/User-\d+|ConsultResponse-\d+|internalContacts|_wf/);
  }, 120_000);
});

describe('unassigned steps', () => {
  it('remind the role, honouring e-mail preferences through notifications, and are taken by one of it', async () => {
    const { response } = await referral(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
    // The review step (ACTIVE once the file is assigned) loses its person: it waits for the role
    // (editor or higher).
    await ok(ws.manager, 'act/cnsAssign', { item: response, user: users.officer.id });
    await ok(wsOf(await holder(response, 'assign')), 'act/wfSetStepState', {
      item: response,
      step: 'assign',
      state: 'COMPLETE',
    });
    await ok(ws.manager, 'act/wfAssignStep', { item: response, step: 'review', assignedTo: null });
    expect(await holder(response, 'review')).toBeNull();
    // Its date comes close: 3 days.
    await ok(ws.manager, 'act/wfSetStepDue', {
      item: response,
      step: 'review',
      dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    });
    const before = await query<{ recipient: string }>(
      items().db,
      sql`select data->>'recipient' as recipient from items where type = 'Notify'
        and data->>'context' = ${response} and data->>'kind' = 'due'`,
    );
    // The hourly job, sent now (its sweep, as the scheduler would run it).
    const sweep = async () => {
      const n = (await reminderEvents()).length;
      await server.app.services.jobs.send('workflow.reminders', {});
      for (let i = 0; i < 200 && (await reminderEvents()).length === n; i++)
        await new Promise((r) => setTimeout(r, 100));
    };
    const reminderEvents = () =>
      query<{ id: number }>(
        items().db,
        sql`select id from events where item_id = ${response} and kind = 'WKF_STEP_DUE_REMINDED'`,
      );
    await sweep();
    const after = await query<{ recipient: string }>(
      items().db,
      sql`select data->>'recipient' as recipient from items where type = 'Notify'
        and data->>'context' = ${response} and data->>'kind' = 'due'`,
    );
    const told = after.map((r) => r.recipient).filter((u) => !before.some((b) => b.recipient === u));
    // The editors and orgAdmins hear of it; the staff researcher and the member do not.
    expect(told.sort()).toEqual([users.manager.id, users.officer.id].sort());
    const [ev] = await query<{ data: { reminders: { role?: string }[] } }>(
      items().db,
      sql`select data from events where item_id = ${response} and kind = 'WKF_STEP_DUE_REMINDED' order by id desc limit 1`,
    );
    expect(ev!.data.reminders.some((r) => r.role === 'editor')).toBe(true);
    // The step keeps what was sent, so the next sweep sends nothing again (reminders.test.ts).
    const review = (await steps(response)).find((s) => s.id === 'review')!;
    expect(review.reminded).toEqual([3]);

    // Staff below the role may not take it; an editor may, and it is then theirs ("Assigned to me").
    const low = await fail(ws.researcher, 'act/wfTakeStep', { item: response, step: 'review' });
    expect(low.userMessage).toBe('notAllowed');
    await ok(ws.officer, 'act/wfTakeStep', { item: response, step: 'review' });
    expect(await holder(response, 'review')).toBe(users.officer.id);
    const mine = await ok(ws.officer, 'search/ids', {
      must: { _t: ['ConsultResponse'], '_wf.$assigned': [users.officer.id] },
    });
    expect(mine.ids).toContain(response);
    // A taken step is not taken again.
    const twice = await fail(ws.manager, 'act/wfTakeStep', { item: response, step: 'review' });
    expect(twice.fields).toEqual([{ path: 'step', key: 'errors.wfTransition' }]);
  });
});

describe('the research checklist', () => {
  it('links only what every reader of the response may read, and shows a reader only what they may', async () => {
    const { response } = await referral();
    const shared = await items().create(
      SYSTEM,
      'SpatialFeature',
      { label: 'Berry patch', state: 'ACTIVE' },
      { owner: riverbend, access: 'PROTECTED', actor: null },
    );
    const burial = await items().create(
      SYSTEM,
      'SpatialFeature',
      { label: 'Grandmother burial ground', state: 'ACTIVE' },
      { owner: riverbend, access: 'PRIVATE', actor: null },
    );
    // The manager (orgAdmin) reads the PRIVATE place, but the response's staff readers do not.
    const refused = await fail(ws.manager, 'act/rwfResearchSave', {
      response,
      checks: [{ source: 'LAND_USE', checked: true, found: [shared.$id, burial.$id] }],
    });
    expect(refused.fields).toEqual([{ path: 'checks.0.found.1', key: 'errors.invalidValue' }]);
    // Someone who may not read the response may not save its checklist.
    expect((await fail(ws.proponent, 'act/rwfResearchSave', { response, checks: [] })).userMessage).toBe(
      'notFound',
    );
    await ok(ws.manager, 'act/rwfResearchSave', {
      response,
      checks: [
        { source: 'LAND_USE', checked: true, note: 'Berries on the east side', found: [shared.$id] },
        { source: 'ARCHIVE', checked: false },
      ],
    });
    const saved = (await ok(ws.researcher, `read/${response}`)).research as Body[];
    expect(saved.map((l) => l.source)).toEqual(['ARCHIVE', 'FIELD_DATA', 'LAND_USE', 'ELDERS']);
    expect(saved[2]).toEqual({
      source: 'LAND_USE',
      checked: true,
      note: 'Berries on the east side',
      found: [shared.$id],
    });
    // The place is later made PRIVATE: a staff reader sees that the line holds one more record, not which.
    const p = await items().read(SYSTEM, shared.$id);
    await items().update(SYSTEM, { $id: shared.$id, $version: p.$version, $access: 'PRIVATE' });
    const judged = ((await ok(ws.researcher, `read/${response}`)).research as Body[])[2]!;
    expect(judged.found).toEqual([]);
    expect(judged.hidden).toBe(1);
    expect(JSON.stringify(judged)).not.toContain(shared.$id);
    const manager = ((await ok(ws.manager, `read/${response}`)).research as Body[])[2]!;
    expect(manager.found).toEqual([shared.$id]);
  });
});

describe('a response’s written parts', () => {
  it('records RWF_SECTION_UPDATED and RWF_CONCERN_CREATED on the response', async () => {
    const { response } = await referral();
    const section = await ok(ws.officer, 'create/ConsultResponseSection', {
      response,
      title: 'Traditional use',
    });
    await ok(ws.officer, 'update/ConsultResponseSection', {
      $id: section.$id,
      $version: section.$version,
      body: 'Berry harvest in August.',
    });
    const concern = await ok(ws.officer, 'create/ConsultResponseConcern', {
      response,
      subject: 'Water quality',
    });
    const events = await query<{ kind: string; actor: string; data: Body }>(
      items().db,
      sql`select kind, actor, data from events where item_id = ${response}
        and kind in ('RWF_SECTION_UPDATED', 'RWF_CONCERN_CREATED') order by id`,
    );
    expect(events.map((e) => [e.kind, e.actor])).toEqual([
      ['RWF_SECTION_UPDATED', users.officer.id],
      ['RWF_SECTION_UPDATED', users.officer.id],
      ['RWF_CONCERN_CREATED', users.officer.id],
    ]);
    expect(events[1]!.data).toMatchObject({ section: section.$id, fields: ['body'] });
    expect(events[2]!.data).toMatchObject({ concern: concern.$id });
    // The audit offers them as filters and now finds them.
    const audit = await ok(ws.officer, 'act/cnsAudit', { kind: 'RWF_CONCERN_CREATED' });
    expect(JSON.stringify(audit)).toContain(response);
  });
});

describe('the lands team named by the Assign step', () => {
  it('gets the later steps as they start: "Draft the response letter" goes to the team, not to whoever was free', async () => {
    const { response } = await referral();
    // At the start nobody is on the team: each step went to the least-loaded of its role.
    const drafter = await holder(response, 'letter-propose');
    expect(drafter).not.toBeNull();
    // The lands manager puts on the team someone the start did not give the letter to (the
    // officer, or the manager herself: both are editors or higher).
    const member = [users.officer, users.manager].find((u) => u.id !== drafter)!;
    await ok(ws.manager, 'act/cnsAssign', { item: response, user: member.id });
    await ok(wsOf(await holder(response, 'assign')), 'act/wfSetStepState', {
      item: response,
      step: 'assign',
      state: 'COMPLETE',
    });
    // The next step, just started, is the team's.
    expect(await holder(response, 'review')).toBe(member.id);
    await ok(wsOf(member.id), 'act/wfSetStepState', { item: response, step: 'review', state: 'COMPLETE' });
    // The overlay and the research checklist are other tests' (above): finished by hand here, by
    // the other of the two (nobody is told of their own act).
    const other = [users.manager, users.officer].find((u) => u.id !== member.id)!;
    const told = async () =>
      Number(
        (
          await query<{ n: number }>(
            items().db,
            sql`select count(*)::int as n from items where type = 'Notify' and data->>'kind' = 'assigned'
              and data->>'recipient' = ${member.id} and data->>'context' = ${response}`,
          )
        )[0]?.n ?? 0,
      );
    await ok(wsOf(other.id), 'act/wfForceStepState', { item: response, step: 'overlay', state: 'COMPLETE' });
    const before = await told();
    await ok(wsOf(other.id), 'act/wfForceStepState', { item: response, step: 'research', state: 'COMPLETE' });
    const s = await steps(response);
    expect(s.find((x) => x.id === 'letter-propose')).toMatchObject({
      label: 'Draft the response letter',
      state: 'ACTIVE',
      assignedTo: member.id,
    });
    // The team member is told, and the history records an assignment the engine made.
    expect(await told()).toBe(before + 1);
    const [ev] = await query<{ data: Body }>(
      items().db,
      sql`select data from events where item_id = ${response} and kind = 'WKF_STEP_ASSIGNED'
        and data->>'step' = 'letter-propose'`,
    );
    expect(ev!.data).toEqual({ step: 'letter-propose', from: drafter, to: member.id, auto: true });
  }, 120_000);
});
