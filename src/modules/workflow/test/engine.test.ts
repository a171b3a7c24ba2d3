import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM, type Principal } from '../../../server/access/principal';
import { loadPrincipal } from '../../../server/auth/principals';
import { query } from '../../../server/db/query';
import { grantAccess } from '../../../server/items/grants';
import type { RegisteredStepKind } from '../../../server/services';
import { AppError } from '../../../protocol/errors';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { StepInstance, WorkflowInstance } from '../types';
import { TEST_MODULES } from './fixture';

// The workflow engine on a real server over real sockets, with a workflow-capable type of the
// test's own (fixture.ts): instances start on create, rule "next", every act and its event, the
// transition table's refusals (which change nothing), who may move and who may force, the kinds'
// handlers, assignment notifications and the flat keys' search.

type U = { id: string; email: string };
let tdb: TestDatabase;
let server: TestServer;
let community: string;
let other: string;
let editor: U, assignee: U, granted: U, reader: U, outsider: U;
let editorWs: WsClient, grantedWs: WsClient, readerWs: WsClient, outsiderWs: WsClient, assigneeWs: WsClient;
let asEditor: Principal;
let asOrgAdmin: Principal;
let definition: string;
const autoRan: string[] = [];

const items = () => server.app.services.items;

async function events(id: string) {
  return query<{ kind: string; actor: string | null; data: Record<string, unknown> | null }>(
    items().db,
    sql`select kind, actor, data from events where item_id = ${id} order by id`,
  );
}
const wfEvents = async (id: string) => (await events(id)).filter((e) => e.kind.startsWith('WKF_'));

async function row(id: string) {
  return (await items().readRow(id))!;
}
const wf = async (id: string) => (await row(id)).data._wf as WorkflowInstance;
const step = async (id: string, s: string) => (await wf(id)).steps.find((x) => x.id === s)!;
const states = async (id: string) => (await wf(id)).steps.map((s) => `${s.id}:${s.state}`);

async function notifies(user: string, context: string) {
  return query<{ kind: string }>(
    items().db,
    sql`select data->>'kind' as kind from items where type = 'Notify' and data->>'recipient' = ${user}
      and data->>'context' = ${context} order by num`,
  );
}

async function erred(ws: WsClient, o: string, b: unknown) {
  const f = await ws.request(o, b);
  return f.b as { erred?: boolean; userMessage?: string; fields?: { path: string; key: string }[] };
}

const STEPS = [
  {
    id: 'receive',
    kind: 'WKF_CONFIRM',
    label: 'Receive',
    rule: 'next',
    assignee: { user: 'set below' },
    due: { days: 10, from: 'received' },
    sets: { '_wf.state': 'STARTED' },
  },
  {
    id: 'check',
    kind: 'TST_GATE',
    label: 'Check',
    due: { days: 2, from: 'start' },
    sets: { status: 'checked' },
  },
  { id: 'snap', kind: 'TST_AUTO', label: 'Snapshot', rule: 'next' },
  { id: 'close', kind: 'WKF_CONFIRM', label: 'Close' },
];

async function newTask(title = 'Referral', workflow: string | null = definition) {
  const t = await items().create(
    SYSTEM,
    'WfTask',
    { title, received: '2026-01-01', ...(workflow ? { workflow } : {}) },
    { owner: community, actor: editor.id },
  );
  return t.$id;
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, {}, TEST_MODULES);
  community = await makeOrg(items(), 'Riverbend First Nation');
  other = await makeOrg(items(), 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  editor = await makeUser(items(), [[community, 'editor']]);
  assignee = await makeUser(items(), [[community, 'editor']]);
  granted = await makeUser(items(), [[community, 'staff']]);
  reader = await makeUser(items(), [[community, 'staff']]);
  outsider = await makeUser(items(), [[other, 'editor']]);
  asEditor = (await loadPrincipal(items().db, editor.id))!;
  const orgAdmin = await makeUser(items(), [[community, 'orgAdmin']]);
  asOrgAdmin = (await loadPrincipal(items().db, orgAdmin.id))!;
  editorWs = (await connectAs(server, editor.email, PASSWORD)).client;
  assigneeWs = (await connectAs(server, assignee.email, PASSWORD)).client;
  grantedWs = (await connectAs(server, granted.email, PASSWORD)).client;
  readerWs = (await connectAs(server, reader.email, PASSWORD)).client;
  outsiderWs = (await connectAs(server, outsider.email, PASSWORD)).client;
  // The test kinds' handlers (a real module gives them in its server half's `stepKinds`).
  const kinds = server.app.services.stepKinds as Map<string, RegisteredStepKind>;
  kinds.set('TST_GATE', {
    module: 'wftest',
    handler: {
      async canComplete(ctx) {
        if (ctx.item.data.status !== 'ready') throw new AppError('invalidInput', 'not ready');
      },
    },
  });
  kinds.set('TST_ADHOC', { module: 'wftest', handler: { adHoc: true } });
  kinds.set('TST_AUTO', {
    module: 'wftest',
    handler: {
      async onActive(ctx) {
        autoRan.push(`${ctx.item.id}:${ctx.step.id}:${ctx.step.state}`);
        return 'complete';
      },
    },
  });
  STEPS[0]!.assignee = { user: assignee.id };
  definition = (
    await items().create(asEditor, 'Workflow', {
      label: 'Referral response',
      appliesTo: 'WfTask',
      isDefault: true,
      steps: STEPS,
      owner: community,
    })
  ).$id;
}, 60_000);

afterAll(async () => {
  for (const ws of [editorWs, assigneeWs, grantedWs, readerWs, outsiderWs]) await ws?.close();
  await server?.close();
  await tdb?.close();
});

describe('workflow definitions', () => {
  it('refuses steps that could not run: unknown kinds, twice the same id, sets and due rules on unknown properties, a type without workflows', async () => {
    const bad = async (data: Record<string, unknown>) => {
      const e = await items()
        .create(asEditor, 'Workflow', { label: 'x', appliesTo: 'WfTask', owner: community, ...data })
        .then(
          () => null,
          (err: AppError) => err,
        );
      expect(e?.key).toBe('invalidInput');
      return (e!.extra.fields ?? []).map((f) => `${f.path}:${f.key}`);
    };
    expect(await bad({ steps: [{ id: 'a', kind: 'NOPE', label: 'A' }] })).toEqual([
      'steps.0.kind:errors.invalidValue',
    ]);
    expect(
      await bad({
        steps: [
          { id: 'a', kind: 'WKF_CONFIRM', label: 'A' },
          { id: 'a', kind: 'WKF_CONFIRM', label: 'B' },
        ],
      }),
    ).toEqual(['steps.1.id:errors.invalidValue']);
    expect(
      await bad({ steps: [{ id: 'a', kind: 'WKF_CONFIRM', label: 'A', sets: { nope: 1, _wf: {} } }] }),
    ).toEqual(['steps.0.sets.nope:errors.invalidValue', 'steps.0.sets._wf:errors.invalidValue']);
    expect(
      await bad({ steps: [{ id: 'a', kind: 'WKF_CONFIRM', label: 'A', due: { days: 1, from: 'title' } }] }),
    ).toEqual(['steps.0.due.from:errors.invalidValue']);
    expect(await bad({ steps: [{ id: 'a', kind: 'WKF_CONFIRM' }] })).toEqual(['steps:errors.invalidValue']);
    expect(await bad({ appliesTo: 'Contact', steps: [] })).toEqual(['appliesTo:errors.invalidValue']);
  });

  it('keeps one default per owner and type: a new default unsets the old one', async () => {
    const second = await items().create(asEditor, 'Workflow', {
      label: 'Second',
      appliesTo: 'WfTask',
      isDefault: true,
      steps: [{ id: 'only', kind: 'WKF_CONFIRM', label: 'Only' }],
      owner: community,
    });
    expect((await row(definition)).data.isDefault).toBeUndefined();
    expect((await row(second.$id)).data.isDefault).toBe(true);
    await items().update(asEditor, {
      $id: definition,
      $version: (await row(definition)).version,
      isDefault: true,
    });
    expect((await row(second.$id)).data.isDefault).toBeUndefined();
  });

  it('answers the kinds a type may use (generic and its own module), with whether each may be added ad hoc', async () => {
    const r = await editorWs.call<{ kinds: { kind: string; adHoc: boolean }[] }>('act/wfStepKinds', {
      type: 'WfTask',
    });
    expect(r.kinds).toEqual([
      { kind: 'WKF_CONFIRM', adHoc: false },
      { kind: 'TST_GATE', adHoc: false },
      { kind: 'TST_ADHOC', adHoc: true },
      { kind: 'TST_AUTO', adHoc: false },
    ]);
    expect((await erred(editorWs, 'act/wfStepKinds', { type: 'Contact' })).userMessage).toBe('invalidInput');
  });
});

describe('an instance', () => {
  it('starts when the item is created with a workflow: steps copied, rule "next" makes the first ACTIVE, defaults filled, flat keys set', async () => {
    const id = await newTask();
    const r = await row(id);
    const w = r.data._wf as WorkflowInstance;
    expect(w.workflow).toBe(definition);
    expect(w.steps.map((s) => `${s.id}:${s.state}`)).toEqual([
      'receive:ACTIVE',
      'check:BLANK',
      'snap:BLANK',
      'close:BLANK',
    ]);
    const first = w.steps[0]!;
    expect(first.assignedTo).toBe(assignee.id);
    expect(first.dueDate).toBe('2026-01-11');
    expect(first.startedAt).not.toBeNull();
    expect(r.data['_wf.$assigned']).toEqual([assignee.id]);
    expect(r.data['_wf.$assignedDue']).toBe('2026-01-11');
    expect((await wfEvents(id)).map((e) => e.kind)).toEqual(['WKF_APPLIED_STEPS', 'WKF_STEP_STATE_SET']);
    expect((await wfEvents(id))[1]!.data?.moves).toEqual([
      { step: 'receive', from: 'BLANK', to: 'PENDING' },
      { step: 'receive', from: 'PENDING', to: 'ACTIVE' },
    ]);
    // The default assignee is told through core's notifications.
    expect(await notifies(assignee.id, id)).toEqual([{ kind: 'assigned' }]);
    // A write of the item starts nothing again.
    await items().update(asEditor, { $id: id, $version: r.version, status: 'x' });
    expect((await wfEvents(id)).length).toBe(2);
  });

  it('moves steps along the table, running each kind: sets, checks, onActive completing at once, the next step on', async () => {
    const id = await newTask();
    const done = await editorWs.call<{ _wf: WorkflowInstance; '_wf.state': string }>('act/wfSetStepState', {
      item: id,
      step: 'receive',
      state: 'COMPLETE',
    });
    expect(done._wf.steps.map((s) => s.state)).toEqual(['COMPLETE', 'PENDING', 'BLANK', 'BLANK']);
    expect(done['_wf.state']).toBe('STARTED');
    expect(done._wf.steps[0]!.completedBy).toBe(editor.id);
    // No open step is assigned any more.
    expect((await row(id)).data['_wf.$assigned']).toBeUndefined();

    const activated = await editorWs.call<{ _wf: WorkflowInstance }>('act/wfSetStepState', {
      item: id,
      step: 'check',
      state: 'ACTIVE',
    });
    const check = activated._wf.steps[1]!;
    const today = new Date().toISOString().slice(0, 10);
    const plus2 = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(check.dueDate).toBe(plus2);

    // The kind's check refuses, and nothing changes.
    const before = await row(id);
    const beforeEvents = (await events(id)).length;
    expect(
      (await erred(editorWs, 'act/wfSetStepState', { item: id, step: 'check', state: 'COMPLETE' }))
        .userMessage,
    ).toBe('invalidInput');
    expect(await row(id)).toMatchObject({ u: before.u, version: before.version, data: before.data });
    expect((await events(id)).length).toBe(beforeEvents);

    await items().update(asEditor, { $id: id, $version: before.version, status: 'ready' });
    const after = await editorWs.call<{ _wf: WorkflowInstance }>('act/wfSetStepState', {
      item: id,
      step: 'check',
      state: 'COMPLETE',
    });
    expect(after._wf.steps.map((s) => `${s.id}:${s.state}`)).toEqual([
      'receive:COMPLETE',
      'check:COMPLETE',
      'snap:COMPLETE',
      'close:PENDING',
    ]);
    expect((await row(id)).data.status).toBe('checked');
    expect(autoRan).toContain(`${id}:snap:ACTIVE`);
    const last = (await wfEvents(id)).at(-1)!;
    expect(last).toMatchObject({ kind: 'WKF_STEP_STATE_SET', actor: editor.id });
    expect(last.data?.moves).toEqual([
      { step: 'check', from: 'ACTIVE', to: 'COMPLETE' },
      { step: 'snap', from: 'BLANK', to: 'PENDING' },
      { step: 'snap', from: 'PENDING', to: 'ACTIVE' },
      { step: 'snap', from: 'ACTIVE', to: 'COMPLETE' },
      { step: 'close', from: 'BLANK', to: 'PENDING' },
    ]);
    // The `sets` are an ordinary recorded change by whoever completed the step.
    expect((await events(id)).filter((e) => e.kind === 'updated').map((e) => e.actor)).toContain(editor.id);
  });

  it('refuses a move outside the table with errors.wfTransition, and changes nothing', async () => {
    const id = await newTask();
    const before = await row(id);
    const n = (await events(id)).length;
    for (const [s, to] of [
      ['check', 'COMPLETE'],
      ['receive', 'BLANK'],
      ['close', 'COMPLETE'],
    ] as const) {
      const e = await erred(editorWs, 'act/wfSetStepState', { item: id, step: s, state: to });
      expect(e.userMessage).toBe('invalidInput');
      expect(e.fields).toEqual([{ path: 'state', key: 'errors.wfTransition' }]);
    }
    expect(await row(id)).toMatchObject({ u: before.u, version: before.version, data: before.data });
    expect((await events(id)).length).toBe(n);
    const unknown = await erred(editorWs, 'act/wfSetStepState', { item: id, step: 'nope', state: 'ACTIVE' });
    expect(unknown.fields).toEqual([{ path: 'step', key: 'errors.invalidValue' }]);
  });

  it('lets only those who may update the item move its steps; a reader is refused, an outsider told nothing', async () => {
    const id = await newTask();
    const before = await row(id);
    expect(
      (await erred(readerWs, 'act/wfSetStepState', { item: id, step: 'receive', state: 'COMPLETE' }))
        .userMessage,
    ).toBe('notAllowed');
    expect(
      (await erred(outsiderWs, 'act/wfSetStepState', { item: id, step: 'receive', state: 'COMPLETE' }))
        .userMessage,
    ).toBe('notFound');
    expect(
      (await erred(readerWs, 'act/wfAssignStep', { item: id, step: 'receive', assignedTo: reader.id }))
        .userMessage,
    ).toBe('notAllowed');
    expect((await row(id)).u).toBe(before.u);
    // With an update grant, staff may move steps.
    await grantAccess(items(), asOrgAdmin, id, granted.id, ['update']);
    await grantedWs.call('act/wfSetStepState', { item: id, step: 'receive', state: 'COMPLETE' });
    expect((await step(id, 'receive')).state).toBe('COMPLETE');
  });

  it('keeps the force acts for editors and orgAdmins of the owner (and admins), and says so in their events', async () => {
    const id = await newTask();
    await grantAccess(items(), asOrgAdmin, id, granted.id, ['update']);
    const before = await row(id);
    for (const [o, b] of [
      ['act/wfForceStepState', { item: id, step: 'close', state: 'COMPLETE' }],
      ['act/wfForceState', { item: id, state: 'DONE' }],
      ['act/wfClear', { item: id }],
    ] as const)
      expect((await erred(grantedWs, o, b)).userMessage).toBe('notAllowed');
    expect((await row(id)).u).toBe(before.u);

    const forced = await editorWs.call<{ _wf: WorkflowInstance }>('act/wfForceStepState', {
      item: id,
      step: 'check',
      state: 'COMPLETE',
    });
    // Outside the table (BLANK → COMPLETE), without the kind's check; the next steps move on.
    expect(forced._wf.steps.map((s) => s.state)).toEqual(['ACTIVE', 'COMPLETE', 'BLANK', 'BLANK']);
    const ev = (await wfEvents(id)).at(-1)!;
    expect(ev).toMatchObject({ kind: 'WKF_STEP_STATE_FORCED', actor: editor.id });
    expect(ev.data).toMatchObject({ step: 'check', state: 'COMPLETE', forced: true });

    const s = await editorWs.call<{ '_wf.state': string }>('act/wfForceState', { item: id, state: 'DONE' });
    expect(s['_wf.state']).toBe('DONE');
    expect((await wfEvents(id)).at(-1)).toMatchObject({
      kind: 'WKF_FORCED_STATE',
      data: { state: 'DONE', forced: true },
    });
  });

  it('assigns and unassigns a step, notifying the assignee; the flat key finds the item for them', async () => {
    const id = await newTask();
    const r = await editorWs.call<{ _wf: WorkflowInstance }>('act/wfAssignStep', {
      item: id,
      step: 'receive',
      assignedTo: granted.id,
    });
    expect(r._wf.steps[0]!.assignedTo).toBe(granted.id);
    expect((await wfEvents(id)).at(-1)).toMatchObject({
      kind: 'WKF_STEP_ASSIGNED',
      data: { step: 'receive', from: assignee.id, to: granted.id },
    });
    expect(await notifies(granted.id, id)).toEqual([{ kind: 'assigned' }]);
    expect((await row(id)).data['_wf.$assigned']).toEqual([granted.id]);
    const found = await grantedWs.call<{ ids: string[] }>('search/ids', {
      must: { _t: ['WfTask'], '_wf.$assigned': [granted.id] },
    });
    expect(found.ids).toContain(id);
    const notMine = await assigneeWs.call<{ ids: string[] }>('search/ids', {
      must: { _t: ['WfTask'], '_wf.$assigned': [assignee.id], $id: [id] },
    });
    expect(notMine.ids).toEqual([]);
    // Nobody outside may be given the step: they could not read the item.
    const e = await erred(editorWs, 'act/wfAssignStep', {
      item: id,
      step: 'receive',
      assignedTo: outsider.id,
    });
    expect(e.fields).toEqual([{ path: 'assignedTo', key: 'errors.invalidValue' }]);
    // An outsider's search finds nothing, whatever the key.
    const theirs = await outsiderWs.call<{ ids: string[] }>('search/ids', {
      must: { _t: ['WfTask'], '_wf.$assigned': [granted.id] },
    });
    expect(theirs.ids).toEqual([]);

    await editorWs.call('act/wfAssignStep', { item: id, step: 'receive', assignedTo: null });
    expect((await wfEvents(id)).at(-1)).toMatchObject({ kind: 'WKF_STEP_UNASSIGNED', data: { to: null } });
    expect((await row(id)).data['_wf.$assigned']).toBeUndefined();
  });

  it('adds ad hoc steps of the kinds that allow it, and sets due dates by hand', async () => {
    const id = await newTask();
    const r = await editorWs.call<{ _wf: WorkflowInstance }>('act/wfAddStep', {
      item: id,
      kind: 'TST_ADHOC',
      label: 'Call the proponent',
      assignedTo: granted.id,
      dueDate: '2026-02-01',
      after: 'receive',
    });
    const added = r._wf.steps[1]!;
    expect(added).toMatchObject({
      kind: 'TST_ADHOC',
      adHoc: true,
      state: 'BLANK',
      assignedTo: granted.id,
      dueDate: '2026-02-01',
    });
    expect((await wfEvents(id)).at(-1)).toMatchObject({ kind: 'WKF_STEP_ADDED', data: { step: added.id } });
    expect(await notifies(granted.id, id)).toEqual([{ kind: 'assigned' }]);
    const no = await erred(editorWs, 'act/wfAddStep', { item: id, kind: 'WKF_CONFIRM', label: 'x' });
    expect(no.fields).toEqual([{ path: 'kind', key: 'errors.invalidValue' }]);

    await editorWs.call('act/wfSetStepDue', { item: id, step: 'receive', dueDate: '2025-12-24' });
    expect((await row(id)).data['_wf.$assignedDue']).toBe('2025-12-24');
    expect((await wfEvents(id)).at(-1)).toMatchObject({
      kind: 'WKF_STEP_DUE_SET',
      data: { from: '2026-01-11', to: '2025-12-24' },
    });
  });

  it('clears, starts by hand, replaces, applies the definition again and applies step properties, each with its event', async () => {
    const id = await newTask('Manual', null);
    expect((await row(id)).data._wf).toBeUndefined();
    const started = await editorWs.call<{ _wf: WorkflowInstance }>('act/wfStartManual', {
      item: id,
      workflow: definition,
    });
    expect(started._wf.steps[0]!.state).toBe('ACTIVE');
    expect((await wfEvents(id)).map((e) => e.kind)).toEqual(['WKF_MANUAL_INIT', 'WKF_STEP_STATE_SET']);
    const again = await erred(editorWs, 'act/wfStartManual', { item: id, workflow: definition });
    expect(again.fields).toEqual([{ path: 'item', key: 'errors.wfTransition' }]);

    await editorWs.call('act/wfSetStepState', { item: id, step: 'receive', state: 'COMPLETE' });
    // The definition changes: the running instance does not, until applied on purpose.
    const d = await row(definition);
    await items().update(asEditor, {
      $id: definition,
      $version: d.version,
      steps: [
        ...STEPS,
        {
          id: 'archive',
          kind: 'WKF_CONFIRM',
          label: 'Archive',
          assignee: { user: granted.id },
          due: { days: 30, from: 'received' },
        },
      ],
    });
    expect((await wf(id)).steps.length).toBe(4);
    const applied = await editorWs.call<{ _wf: WorkflowInstance }>('act/wfApplySteps', { item: id });
    expect(applied._wf.steps.map((s) => `${s.id}:${s.state}`)).toEqual([
      'receive:COMPLETE',
      'check:PENDING',
      'snap:BLANK',
      'close:BLANK',
      'archive:BLANK',
    ]);
    expect(applied._wf.version).toBe(d.version + 1);
    // The new step gets its defaults; the kept ones keep theirs.
    expect(applied._wf.steps[4]).toMatchObject({ assignedTo: granted.id, dueDate: '2026-01-31' });
    expect(applied._wf.steps[0]).toMatchObject({ assignedTo: assignee.id, completedBy: editor.id });
    expect((await wfEvents(id)).at(-1)).toMatchObject({ kind: 'WKF_APPLIED_STEPS' });

    // Applying a completed step's properties again writes them on the item.
    await editorWs.call('act/wfForceState', { item: id, state: 'OTHER' });
    const re = await editorWs.call<{ '_wf.state': string }>('act/wfApplyStepProps', {
      item: id,
      step: 'receive',
    });
    expect(re['_wf.state']).toBe('STARTED');
    const notDone = await erred(editorWs, 'act/wfApplyStepProps', { item: id, step: 'check' });
    expect(notDone.fields).toEqual([{ path: 'step', key: 'errors.wfTransition' }]);

    const replaced = await editorWs.call<{ _wf: WorkflowInstance }>('act/wfSet', {
      item: id,
      workflow: definition,
    });
    expect(replaced._wf.steps.map((s) => s.state)).toEqual(['ACTIVE', 'BLANK', 'BLANK', 'BLANK', 'BLANK']);
    expect((await wfEvents(id)).filter((e) => e.kind === 'WKF_MANUAL_INIT').at(-1)?.data).toMatchObject({
      replaced: true,
    });

    const cleared = await editorWs.call<{ _wf: null }>('act/wfClear', { item: id });
    expect(cleared._wf).toBeNull();
    const r = await row(id);
    expect(r.data.workflow).toBeUndefined();
    expect(r.data['_wf.$assigned']).toBeUndefined();
    expect((await wfEvents(id)).at(-1)?.kind).toBe('WKF_CLEARED');
    expect(
      (await erred(editorWs, 'act/wfSetStepState', { item: id, step: 'receive', state: 'COMPLETE' })).fields,
    ).toEqual([{ path: 'item', key: 'errors.wfTransition' }]);
  });

  it('refuses a workflow for another type, or one the person may not read', async () => {
    const id = await newTask('Manual 2', null);
    const theirs = await items().create(SYSTEM, 'Workflow', {
      label: 'Theirs',
      appliesTo: 'WfTask',
      steps: [],
      owner: other,
    });
    const e = await erred(editorWs, 'act/wfStartManual', { item: id, workflow: theirs.$id });
    expect(e.fields).toEqual([{ path: 'workflow', key: 'errors.invalidValue' }]);
    expect((await row(id)).data._wf).toBeUndefined();
  });

  // Issue 36, deliver 5: an unreadable match answers exactly as no match.
  it('answers a workflow the person may not read exactly as one that does not exist', async () => {
    const id = await newTask('Manual 3', null);
    const theirs = await items().create(SYSTEM, 'Workflow', {
      label: 'Hidden',
      appliesTo: 'WfTask',
      steps: [],
      owner: other,
    });
    const none = 'Workflow-999999';
    const hidden = await erred(editorWs, 'act/wfStartManual', { item: id, workflow: theirs.$id });
    const missing = await erred(editorWs, 'act/wfStartManual', { item: id, workflow: none });
    expect(JSON.stringify(hidden).replaceAll(theirs.$id, '<id>')).toBe(
      JSON.stringify(missing).replaceAll(none, '<id>'),
    );
  });
});

describe('step states of an instance', () => {
  it('are StepInstances with every field the contract names', async () => {
    const id = await newTask();
    const s: StepInstance = await step(id, 'check');
    expect(Object.keys(s).sort()).toEqual(
      [
        'assignedTo',
        'completedAt',
        'completedBy',
        'due',
        'dueDate',
        'id',
        'kind',
        'label',
        'sets',
        'startedAt',
        'state',
      ].sort(),
    );
    expect(await states(id)).toContain('check:BLANK');
  });
});
