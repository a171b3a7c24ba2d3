import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM, type Principal } from '../../../server/access/principal';
import { loadPrincipal } from '../../../server/auth/principals';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { AppError } from '../../../protocol/errors';
import type { Role } from '../../../protocol/access-levels';
import { newRun, roleCandidates } from '../server/engine';
import type { WorkflowInstance } from '../types';
import { TEST_MODULES } from './fixture';

// A step's defaults (docs/workflow.md "Default assignee", "Due dates"): a role's step goes to one
// person of the role in the item's owner, picked by load then name, and is notified; nobody in
// the role leaves it unassigned and says so; due dates counted from an item date follow the date,
// unless a person set theirs by hand. A role step may prefer the people the item names in a
// property (`assignee.prefer`): they come first when they qualify, and the step is picked again
// when it becomes ACTIVE, unless a person assigned it.

type U = { id: string; email: string };
let tdb: TestDatabase;
let server: TestServer;
let community: string;
let other: string;
let amy: U, zoe: U, sam: U, mo: U, bea: U, outsider: U;
let asEditor: Principal;
let editorWs: WsClient;

const items = () => server.app.services.items;
const row = async (id: string) => (await items().readRow(id))!;
const wf = async (id: string) => (await row(id)).data._wf as WorkflowInstance;
const assignees = async (id: string) => (await wf(id)).steps.map((s) => s.assignedTo);

async function notified(user: string, context: string) {
  const r = await query<{ n: number }>(
    items().db,
    sql`select count(*)::int as n from items where type = 'Notify' and data->>'recipient' = ${user}
      and data->>'context' = ${context} and data->>'kind' = 'assigned'`,
  );
  return Number(r[0]?.n ?? 0);
}

async function named(user: U, name: string) {
  const r = await items().read(SYSTEM, user.id);
  await items().update(SYSTEM, { $id: user.id, $version: r.$version, name });
}

async function definition(label: string, steps: unknown[], owner = community) {
  return (
    await items().create(SYSTEM, 'Workflow', { label, appliesTo: 'WfTask', steps }, { owner, actor: null })
  ).$id;
}

async function task(workflow: string, owner = community, received = '2026-01-01') {
  return (
    await items().create(
      SYSTEM,
      'WfTask',
      { title: 'Referral', received, workflow },
      { owner, actor: null, access: 'PROTECTED' },
    )
  ).$id;
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, {}, TEST_MODULES);
  community = await makeOrg(items(), 'Riverbend First Nation');
  other = await makeOrg(items(), 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  amy = await makeUser(items(), [[community, 'editor']]);
  zoe = await makeUser(items(), [[community, 'editor']]);
  sam = await makeUser(items(), [[community, 'staff']]);
  mo = await makeUser(items(), [[community, 'member']]);
  bea = await makeUser(items(), [[community, 'orgAdmin']]);
  outsider = await makeUser(items(), [[other, 'orgAdmin']]);
  await named(amy, 'Amy Cole');
  await named(zoe, 'Zoe Ward');
  await named(sam, 'Sam Hill');
  await named(mo, 'Mo Brant');
  // First by name of all, but blocked: never given a step.
  await named(bea, 'Aaron Blocked');
  await query(items().db, sql`update credentials set blocked = true where user_id = ${bea.id}`);
  asEditor = (await loadPrincipal(items().db, amy.id))!;
  editorWs = (await connectAs(server, amy.email, PASSWORD)).client;
}, 60_000);

afterAll(async () => {
  await editorWs?.close();
  await server?.close();
  await tdb?.close();
});

describe("a role's step", () => {
  it('goes to the person of the role with the least open work, then by name, and tells them', async () => {
    const def = await definition('Two editor steps', [
      { id: 'a', kind: 'WKF_CONFIRM', label: 'Assign', rule: 'next', assignee: { role: 'editor' } },
      { id: 'b', kind: 'WKF_CONFIRM', label: 'Review', assignee: { role: 'editor' } },
    ]);
    // Amy and Zoe are editors with nothing open: Amy by name; the second step, Amy having one
    // already, goes to Zoe. The blocked orgAdmin, the staff member and the member are not asked.
    const first = await task(def);
    expect(await assignees(first)).toEqual([amy.id, zoe.id]);
    expect(await notified(amy.id, first)).toBe(1);
    expect(await notified(zoe.id, first)).toBe(1);
    expect((await wf(first)).steps.every((s) => s.roleUnfilled === undefined)).toBe(true);
    // Amy has an open step on the first task (Zoe's is not started): Zoe first, then Amy.
    const second = await task(def);
    expect(await assignees(second)).toEqual([zoe.id, amy.id]);
    // The event that started it says who was given what.
    const [start] = await query<{ data: { workflow?: string } }>(
      items().db,
      sql`select data from events where item_id = ${second} and kind = 'WKF_APPLIED_STEPS'`,
    );
    expect(start?.data.workflow).toBe(def);
  });

  it('counts higher roles in (an editor is staff too), and only people who may read the item', async () => {
    const def = await definition('A staff step', [
      { id: 's', kind: 'WKF_CONFIRM', label: 'Look', rule: 'next', assignee: { role: 'staff' } },
    ]);
    // Sam (staff) has no open work; Amy and Zoe have some.
    const id = await task(def);
    expect(await assignees(id)).toEqual([sam.id]);
    // A task of another organisation: its own people only, none of Riverbend's.
    const theirs = await definition(
      'Theirs',
      [{ id: 's', kind: 'WKF_CONFIRM', label: 'Look', rule: 'next', assignee: { role: 'staff' } }],
      other,
    );
    expect(await assignees(await task(theirs, other))).toEqual([outsider.id]);
  });

  it('with nobody in the role waits unassigned, says so, and nobody is told; assigning clears it', async () => {
    const def = await definition('An orgAdmin step', [
      { id: 'x', kind: 'WKF_CONFIRM', label: 'Approve', rule: 'next', assignee: { role: 'orgAdmin' } },
    ]);
    const id = await task(def);
    const s = (await wf(id)).steps[0]!;
    expect(s).toMatchObject({ assignedTo: null, roleUnfilled: 'orgAdmin', state: 'ACTIVE' });
    expect((await row(id)).data['_wf.$assigned']).toBeUndefined();
    for (const u of [amy, zoe, sam, mo, bea]) expect(await notified(u.id, id)).toBe(0);
    await editorWs.call('act/wfAssignStep', { item: id, step: 'x', assignedTo: zoe.id });
    const after = (await wf(id)).steps[0]!;
    expect(after.assignedTo).toBe(zoe.id);
    expect(after.roleUnfilled).toBeUndefined();
  });
});

describe('due dates counted from an item date', () => {
  it('follow the date when it changes, unless a person set theirs by hand', async () => {
    const def = await definition('Dated', [
      { id: 'a', kind: 'WKF_CONFIRM', label: 'Read', rule: 'next', due: { days: 5, from: 'received' } },
      { id: 'b', kind: 'WKF_CONFIRM', label: 'Answer', due: { days: 30, from: 'received' } },
      { id: 'c', kind: 'WKF_CONFIRM', label: 'Follow up', due: { days: 2, from: 'start' } },
    ]);
    const id = await task(def);
    const dues = async () => (await wf(id)).steps.map((s) => s.dueDate);
    expect(await dues()).toEqual(['2026-01-06', '2026-01-31', null]);
    let r = await items().read(asEditor, id);
    await items().update(asEditor, { $id: id, $version: r.$version, received: '2026-02-01' });
    expect(await dues()).toEqual(['2026-02-06', '2026-03-03', null]);
    expect((await row(id)).data['_wf.$assignedDue']).toBe('2026-02-06');
    const [ev] = await query<{ actor: string | null; data: Record<string, unknown> }>(
      items().db,
      sql`select actor, data from events where item_id = ${id} and kind = 'WKF_STEP_DUE_SET'`,
    );
    expect(ev).toMatchObject({ actor: amy.id, data: { steps: ['a', 'b'], auto: true } });

    // A person's date stays; a finished step keeps its own.
    await editorWs.call('act/wfSetStepDue', { item: id, step: 'b', dueDate: '2026-04-15' });
    await editorWs.call('act/wfSetStepState', { item: id, step: 'a', state: 'COMPLETE' });
    r = await items().read(asEditor, id);
    await items().update(asEditor, { $id: id, $version: r.$version, received: '2026-03-01' });
    expect(await dues()).toEqual(['2026-02-06', '2026-04-15', null]);
    // Still a person's date after the definition's steps are applied again.
    await editorWs.call('act/wfApplySteps', { item: id });
    r = await items().read(asEditor, id);
    await items().update(asEditor, { $id: id, $version: r.$version, received: '2026-03-05' });
    expect(await dues()).toEqual(['2026-02-06', '2026-04-15', null]);
    // Another field's change moves nothing and records nothing.
    const before = (
      await query<{ n: number }>(items().db, sql`select count(*)::int as n from events where item_id = ${id}`)
    )[0]!.n;
    r = await items().read(asEditor, id);
    await items().update(asEditor, { $id: id, $version: r.$version, status: 'seen' });
    const after = (
      await query<{ n: number }>(items().db, sql`select count(*)::int as n from events where item_id = ${id}`)
    )[0]!.n;
    expect(after).toBe(before + 1);
  });
});

describe('a role step that prefers the people the item names', () => {
  // An organisation of its own, so the other tests' open work weighs nothing here.
  let lake: string;
  let ada: U, joe: U, oona: U, stan: U, mel: U, al: U;
  let adaWs: WsClient;
  const events = (id: string, kind: string) =>
    query<{ actor: string | null; data: Record<string, unknown> }>(
      items().db,
      sql`select actor, data from events where item_id = ${id} and kind = ${kind} order by id`,
    );
  /**
   * The engine's own order of who should get a step of `role` on the item as it is now (`fresh`:
   * as when its instance starts, none of its steps given to anyone yet).
   */
  async function candidates(id: string, role: Role, prefer?: string, fresh = false) {
    const r = await row(id);
    const wf = fresh ? { workflow: null, version: null, steps: [] } : (r.data._wf as WorkflowInstance);
    const run = newRun(items().db, server.app.services, SYSTEM, r, wf);
    return roleCandidates(run, r, role, { prefer });
  }
  async function lakeTask(workflow: string, data: Record<string, unknown> = {}, access = 'PROTECTED') {
    return (
      await items().create(
        SYSTEM,
        'WfTask',
        { title: 'Lake referral', workflow, ...data },
        { owner: lake, actor: null, access: access as 'PROTECTED' },
      )
    ).$id;
  }
  async function set(id: string, data: Record<string, unknown>) {
    const r = await items().read(SYSTEM, id);
    await items().update(SYSTEM, { $id: id, $version: r.$version, ...data });
  }

  beforeAll(async () => {
    lake = await makeOrg(items(), 'Cedar Lake Nation');
    ada = await makeUser(items(), [[lake, 'editor']]);
    joe = await makeUser(items(), [[lake, 'editor']]);
    oona = await makeUser(items(), [[lake, 'orgAdmin']]);
    stan = await makeUser(items(), [[lake, 'staff']]);
    mel = await makeUser(items(), [[lake, 'member']]);
    al = await makeUser(items(), [[lake, 'editor']]);
    for (const [u, name] of [
      [ada, 'Ada Black'],
      [joe, 'Joseph Redcloud'],
      [oona, 'Oona Grey'],
      [stan, 'Stan Reed'],
      [mel, 'Mel Stone'],
      [al, 'Al Blocked'],
    ] as const)
      await named(u, name);
    await query(items().db, sql`update credentials set blocked = true where user_id = ${al.id}`);
    adaWs = (await connectAs(server, ada.email, PASSWORD)).client;
  }, 60_000);
  afterAll(async () => {
    await adaWs?.close();
  });

  it('gives it to a named person who qualifies first, by load then name among them; the rest follow', async () => {
    const def = await definition(
      'Team step',
      [
        {
          id: 'a',
          kind: 'WKF_CONFIRM',
          label: 'Draft',
          rule: 'next',
          assignee: { role: 'editor', prefer: 'team' },
        },
      ],
      lake,
    );
    // Nobody has open work: Ada would get it by name; the team (Oona, Joseph) comes first.
    const first = await lakeTask(def, { team: [oona.id, joe.id] });
    expect(await assignees(first)).toEqual([joe.id]);
    expect(await notified(joe.id, first)).toBe(1);
    // Joseph now has an open step: the next team step goes to Oona, still before Ada.
    const second = await lakeTask(def, { team: [oona.id, joe.id] });
    expect(await assignees(second)).toEqual([oona.id]);
    // The whole order: the named who qualify (by load, name), then the others as before.
    expect(await candidates(second, 'editor', 'team')).toEqual([joe.id, oona.id, ada.id]);
    expect(await candidates(second, 'editor')).toEqual([ada.id, joe.id, oona.id]);
    // One person (a single relation) is preferred the same way.
    const lead = await lakeTask(def, { team: null, lead: oona.id });
    expect(await candidates(lead, 'editor', 'lead')).toEqual([oona.id, ada.id, joe.id]);
  });

  it('passes over a named person who does not hold the role, is blocked or may not read the item', async () => {
    const def = await definition(
      'Team step, two',
      [
        {
          id: 'a',
          kind: 'WKF_CONFIRM',
          label: 'Draft',
          rule: 'manual',
          assignee: { role: 'editor', prefer: 'team' },
        },
      ],
      lake,
    );
    // Stan is staff (below editor), Al is blocked, Mel a member: being named gives none of them
    // the step, and the order is the one without a team.
    const id = await lakeTask(def, { team: [stan.id, al.id, mel.id] });
    const order = await candidates(id, 'editor', undefined, true);
    expect(await candidates(id, 'editor', 'team', true)).toEqual(order);
    expect([...order].sort()).toEqual([ada.id, joe.id, oona.id].sort());
    expect(await assignees(id)).toEqual([order[0]]);
    // A PRIVATE item: only the owner's orgAdmins read it, so the named editor Joseph may not work
    // on it, and Oona gets it.
    const hidden = await lakeTask(def, { team: [joe.id] }, 'PRIVATE');
    expect(await candidates(hidden, 'editor', 'team')).toEqual([oona.id]);
    expect(await assignees(hidden)).toEqual([oona.id]);
  });

  const threeSteps = (label: string) =>
    definition(
      label,
      [
        { id: 'assign', kind: 'WKF_CONFIRM', label: 'Assign', rule: 'next', assignee: { role: 'editor' } },
        {
          id: 'draft',
          kind: 'WKF_CONFIRM',
          label: 'Draft',
          rule: 'next',
          assignee: { role: 'editor', prefer: 'team' },
        },
        {
          id: 'send',
          kind: 'WKF_CONFIRM',
          label: 'Send',
          rule: 'next',
          assignee: { role: 'editor', prefer: 'lead' },
        },
      ],
      lake,
    );
  const holder = async (id: string, step: string) => (await wf(id)).steps.find((s) => s.id === step)!;

  it('is picked again when it becomes ACTIVE, so the team named by an earlier step gets it', async () => {
    const def = await threeSteps('Assign then draft');
    const id = await lakeTask(def);
    // At the start nobody is named: the steps went by load and name.
    const drafter = (await holder(id, 'draft')).assignedTo!;
    const sender = (await holder(id, 'send')).assignedTo!;
    expect(drafter).toBeTruthy();
    // The Assign step names the team: someone other than the one the start picked (and not Ada,
    // who moves the steps here: nobody is told of their own act).
    const team = [joe, oona].find((u) => u.id !== drafter)!;
    await set(id, { team: [team.id], lead: sender });
    const teamBefore = await notified(team.id, id);
    await adaWs.call('act/wfSetStepState', { item: id, step: 'assign', state: 'COMPLETE' });
    const draft = await holder(id, 'draft');
    expect(draft).toMatchObject({ state: 'ACTIVE', assignedTo: team.id });
    expect(draft.assignedByHand).toBeUndefined();
    expect(await notified(team.id, id)).toBe(teamBefore + 1);
    expect((await row(id)).data['_wf.$assigned']).toContain(team.id);
    // Recorded like any assignment, by whoever moved the step, saying the engine chose.
    const assigned = await events(id, 'WKF_STEP_ASSIGNED');
    expect(assigned).toEqual([
      { actor: ada.id, data: { step: 'draft', from: drafter, to: team.id, auto: true } },
    ]);
    // The lead named for the next step is the one it already has: nothing changes, nobody is told again.
    const before = await notified(sender, id);
    await adaWs.call('act/wfSetStepState', { item: id, step: 'draft', state: 'COMPLETE' });
    expect(await holder(id, 'send')).toMatchObject({ state: 'ACTIVE', assignedTo: sender });
    expect(await notified(sender, id)).toBe(before);
    expect(await events(id, 'WKF_STEP_ASSIGNED')).toHaveLength(1);
  });

  it('stays with its assignee when nobody named may take it', async () => {
    const def = await threeSteps('Assign then draft, no team');
    const id = await lakeTask(def);
    const drafter = (await holder(id, 'draft')).assignedTo;
    // Loads changed since the start (another task took work), and the team is only staff:
    // the step is not moved for that.
    await lakeTask(def);
    await set(id, { team: [stan.id] });
    await adaWs.call('act/wfSetStepState', { item: id, step: 'assign', state: 'COMPLETE' });
    expect(await holder(id, 'draft')).toMatchObject({ state: 'ACTIVE', assignedTo: drafter });
    expect(await events(id, 'WKF_STEP_ASSIGNED')).toEqual([]);
  });

  it('is never picked again once a person assigned it, even after the steps are applied again', async () => {
    const def = await threeSteps('Assign then draft, by hand');
    const id = await lakeTask(def);
    const drafter = (await holder(id, 'draft')).assignedTo;
    const chosen = [ada, joe, oona].find((u) => u.id !== drafter)!;
    await adaWs.call('act/wfAssignStep', { item: id, step: 'draft', assignedTo: chosen.id });
    expect(await holder(id, 'draft')).toMatchObject({ assignedTo: chosen.id, assignedByHand: true });
    await adaWs.call('act/wfApplySteps', { item: id });
    expect((await holder(id, 'draft')).assignedByHand).toBe(true);
    // The team names someone else: the person's choice stands.
    const other = [ada, joe, oona].find((u) => u.id !== chosen.id)!;
    await set(id, { team: [other.id] });
    const otherBefore = await notified(other.id, id);
    await adaWs.call('act/wfSetStepState', { item: id, step: 'assign', state: 'COMPLETE' });
    expect(await holder(id, 'draft')).toMatchObject({ state: 'ACTIVE', assignedTo: chosen.id });
    expect(await notified(other.id, id)).toBe(otherBefore);
    // Unassigned by hand is a choice too: it waits for someone to take it.
    await adaWs.call('act/wfAssignStep', { item: id, step: 'send', assignedTo: null });
    await set(id, { lead: joe.id });
    await adaWs.call('act/wfSetStepState', { item: id, step: 'draft', state: 'COMPLETE' });
    expect(await holder(id, 'send')).toMatchObject({
      state: 'ACTIVE',
      assignedTo: null,
      assignedByHand: true,
    });
    // Only the people's assignments are in the history.
    const assigned = await events(id, 'WKF_STEP_ASSIGNED');
    expect(assigned.map((e) => e.data.auto)).toEqual([undefined]);
  });

  it('is refused on save unless it names a property of the type that holds people', async () => {
    const refused = async (prefer: string, assignee: Record<string, unknown> = { role: 'editor' }) => {
      const e = await definition('Bad prefer', [
        { id: 'a', kind: 'WKF_CONFIRM', label: 'Draft', assignee: { ...assignee, prefer } },
      ]).then(
        () => null,
        (err: AppError) => err,
      );
      expect(e, prefer).toBeInstanceOf(AppError);
      expect(e!.key).toBe('invalidInput');
      expect(e!.extra.fields).toEqual([{ path: 'steps.0.assignee.prefer', key: 'errors.wfPrefer' }]);
    };
    // A date, a relation to organisations, no such property, the engine's own list of assignees.
    for (const p of ['received', 'partner', 'nobody', '_wf.$assigned']) await refused(p);
    // A named person's step has no role's people to order.
    await refused('team', { user: amy.id });
    // People, one or a list: saved.
    for (const p of ['team', 'lead'])
      expect(
        await definition('Good prefer', [
          { id: 'a', kind: 'WKF_CONFIRM', label: 'Draft', assignee: { role: 'staff', prefer: p } },
        ]),
      ).toMatch(/^Workflow-/);
  });
});
