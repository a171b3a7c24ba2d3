import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { TEST_MODULES } from './fixture';

// Who may move a workflow, and who hears of it: a step's notification reaches its assignee only;
// the engine's acts are refused to those who may not read the item; the assignee may move their
// own step on an item they may read but not edit. Who may read a definition or an item's `_wf` is
// the access matrix's (./access-cases.ts, run by test/access-matrix.test.ts).

type U = { id: string; email: string };
let tdb: TestDatabase;
let server: TestServer;
let community: string;
let other: string;
let staff: U, member: U, outsider: U, editor: U;
const ws: Record<string, WsClient> = {};
let definition: string;
let task: string;

const items = () => server.app.services.items;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, {}, TEST_MODULES);
  community = await makeOrg(items(), 'Riverbend First Nation');
  other = await makeOrg(items(), 'Northern Pipeline Inc.', 'INDUSTRY');
  editor = await makeUser(items(), [[community, 'editor']]);
  staff = await makeUser(items(), [[community, 'staff']]);
  member = await makeUser(items(), [[community, 'member']]);
  outsider = await makeUser(items(), [[other, 'orgAdmin']]);
  for (const [k, u] of Object.entries({ editor, staff, member, outsider }))
    ws[k] = (await connectAs(server, u.email, PASSWORD)).client;
  definition = (
    await items().create(SYSTEM, 'Workflow', {
      label: 'Response',
      appliesTo: 'WfTask',
      owner: community,
      steps: [{ id: 'a', kind: 'WKF_CONFIRM', label: 'Answer', rule: 'next', assignee: { user: staff.id } }],
    })
  ).$id;
  task = (
    await items().create(
      SYSTEM,
      'WfTask',
      { title: 'Pipeline referral', received: '2026-05-01', workflow: definition },
      { owner: community, actor: editor.id },
    )
  ).$id;
}, 60_000);

afterAll(async () => {
  for (const c of Object.values(ws)) await c.close();
  await server?.close();
  await tdb?.close();
});

describe('workflow step rights', () => {
  it('notifies the assignee alone, and refuses the workflow acts to those who may not read the item', async () => {
    const rows = await query<{ recipient: string }>(
      items().db,
      sql`select data->>'recipient' as recipient from items where type = 'Notify' and data->>'context' = ${task}`,
    );
    expect(rows.map((r) => r.recipient)).toEqual([staff.id]);
    for (const who of ['member', 'outsider']) {
      for (const [o, b] of [
        ['act/wfSetStepState', { item: task, step: 'a', state: 'COMPLETE' }],
        ['act/wfAssignStep', { item: task, step: 'a', assignedTo: null }],
        ['act/wfForceState', { item: task, state: 'X' }],
        ['act/wfClear', { item: task }],
      ] as const) {
        const f = await ws[who]!.request(o, b);
        expect((f.b as { userMessage?: string }).userMessage).toBe('notFound');
      }
    }
    // The outsider cannot start an instance of a definition they may not read either.
    const theirs = (await items().create(SYSTEM, 'WfTask', { title: 'Theirs' }, { owner: other })).$id;
    const f = await ws.outsider!.request('act/wfStartManual', { item: theirs, workflow: definition });
    expect((f.b as { fields?: unknown }).fields).toEqual([{ path: 'workflow', key: 'errors.invalidValue' }]);
    expect((await items().readRow(theirs))!.data._wf).toBeUndefined();
  });

  it('lets a staff member move the steps assigned to them, on an item they may read but not edit', async () => {
    const mine = (
      await items().create(SYSTEM, 'WfTask', { title: 'Mine', workflow: definition }, { owner: community })
    ).$id;
    const colleague = await makeUser(items(), [[community, 'staff']]);
    const other = (await connectAs(server, colleague.email, PASSWORD)).client;
    try {
      // Not theirs: a colleague with the same role is refused, and nothing moves.
      const refused = await other.request('act/wfSetStepState', { item: mine, step: 'a', state: 'COMPLETE' });
      expect((refused.b as { userMessage?: string }).userMessage).toBe('notAllowed');
      // The assignee may, though an update of the item itself stays refused to them.
      const done = await ws.staff!.call<{ _wf: { steps: { id: string; state: string }[] } }>(
        'act/wfSetStepState',
        {
          item: mine,
          step: 'a',
          state: 'COMPLETE',
        },
      );
      expect(done._wf.steps.find((s) => s.id === 'a')!.state).toBe('COMPLETE');
      const now = (await items().readRow(mine))!;
      const edit = await ws.staff!.request('update', { $id: mine, $version: now.version, title: 'Renamed' });
      expect((edit.b as { userMessage?: string }).userMessage).toBe('notAllowed');
      // Assigning stays with those who may update the item.
      const assign = await ws.staff!.request('act/wfAssignStep', { item: mine, step: 'a', assignedTo: null });
      expect((assign.b as { userMessage?: string }).userMessage).toBe('notAllowed');
    } finally {
      await other.close();
    }
  });
});
