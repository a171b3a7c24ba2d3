import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../server/db/query';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { signIn } from '../../../../test/helpers/ws-client';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { responseSteps } from '../server/response-defaults';
import { CONSULTATION_STATES } from '../types';
import { demoIn } from '../../../../test/helpers/demo';

// The consultation demo holds together: every state, made by the acts, with the lists and the
// default workflow a lands officer needs to work the overdue response assigned to him.

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  await demoIn(tdb, server.app.services.items);
  await server.app.idle();
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

const rows = (q: ReturnType<typeof sql>) => query<Record<string, unknown>>(tdb.database.db, q);

describe('the consultation demo', () => {
  it('has a consultation in every state', async () => {
    const states = await rows(
      sql`select distinct data->>'state' as s from items where type = 'Consultation'`,
    );
    expect(states.map((r) => r.s).sort()).toEqual([...CONSULTATION_STATES].sort());
  });

  it("has Riverbend's lists (RWF_STATES with superStates) and one default response workflow", async () => {
    const lists = await rows(sql`select distinct data->>'list' as l from items where type = 'LOVValue'
      and data->>'list' like any (array['CNS_%', 'RWF_%', 'COMMLOG_%', 'MEETING_%'])`);
    // Nine lists, and the cost roles and expense kinds every community is given.
    expect(lists).toHaveLength(11);
    const supers = await rows(sql`select distinct data->>'superState' as s from items where type = 'LOVValue'
      and data->>'list' = 'RWF_STATES'`);
    expect(supers.map((r) => r.s).sort()).toEqual(['DONE', 'INIT', 'IN_PROGRESS']);
    // GET /lov serves each state with its superState, to the lands officer.
    const [rb] = await rows(
      sql`select id from items where type = 'Organization' and data->>'displayName' = 'Riverbend First Nation'`,
    );
    const token = await signIn(server.url, 'lands.officer@riverbend.example', DEMO_PASSWORD);
    const res = await fetch(`${server.url}/lov/en/RWF_STATES/${String(rb!.id)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const served = (await res.json()) as Record<
      string,
      Record<string, { label: string; superState?: string }>
    >;
    expect(served[String(rb!.id)]!.NEW).toMatchObject({ label: 'New', superState: 'INIT' });
    expect(served[String(rb!.id)]!.SENT).toMatchObject({ superState: 'DONE' });
    // One default per (owner, appliesTo): the belongings demo has its own for Belonging.
    const wf = await rows(sql`select id from items where type = 'Workflow' and data->>'isDefault' = 'true'
      and data->>'appliesTo' = 'ConsultResponse'`);
    expect(wf).toHaveLength(1);
    const withWf = await rows(
      sql`select id from items where type = 'ConsultResponse' and data->>'workflow' = ${wf[0]!.id}`,
    );
    expect(withWf.length).toBeGreaterThanOrEqual(4);
    // The engine started each: the definition's steps copied, one open, the flat keys kept.
    const [def] = await rows(sql`select data->'steps' as steps from items where id = ${wf[0]!.id}`);
    // The demo's default is every community's (response-defaults.ts): assignment to the letter.
    expect(def!.steps).toEqual(responseSteps());
    const states = await rows(sql`select distinct data->>'_wf.state' as s from items
      where type = 'ConsultResponse' and data->>'workflow' = ${wf[0]!.id}`);
    expect(states.map((r) => r.s)).toContain('NEW');
    const started = await rows(sql`select data->'_wf' as wf, data->'_wf.$assigned' as assigned
      from items where type = 'ConsultResponse' and data->>'workflow' = ${wf[0]!.id} and data->>'state' = 'PENDING'`);
    expect(started.length).toBeGreaterThanOrEqual(1);
    for (const r of started) {
      const steps = (r.wf as { steps: { id: string; state: string }[] }).steps;
      expect(steps.map((x) => x.id)).toEqual((def!.steps as { id: string }[]).map((x) => x.id));
      expect(steps.some((x) => x.state === 'ACTIVE' || x.state === 'PENDING')).toBe(true);
    }
    expect(started.some((r) => Array.isArray(r.assigned) && r.assigned.length > 0)).toBe(true);
  });

  it('gives the lands officer an overdue pending response and the Ministry its roles', async () => {
    const overdue =
      await rows(sql`select id from items where type = 'ConsultResponse' and data->>'state' = 'PENDING'
      and data->>'anticipatedResponse' < to_char(now(), 'YYYY-MM-DD') and data->'internalContacts' is not null`);
    expect(overdue.length).toBeGreaterThanOrEqual(1);
    const roles = await rows(
      sql`select data->'roles' as r from items where type = 'Consultation' and data ? 'roles'`,
    );
    const held = roles.flatMap((r) => Object.values(r.r as Record<string, string>));
    expect(new Set(held)).toEqual(new Set(['PROPONENT', 'REGULATOR', 'INFORMED']));
  });
});
