import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM, type Principal } from '../../../server/access/principal';
import { loadPrincipal } from '../../../server/auth/principals';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { WorkflowInstance } from '../types';
import { TEST_MODULES } from './fixture';

// A step's defaults (docs/workflow.md "Default assignee", "Due dates"): a role's step goes to one
// person of the role in the item's owner, picked by load then name, and is notified; nobody in
// the role leaves it unassigned and says so; due dates counted from an item date follow the date,
// unless a person set theirs by hand.

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
