import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { demoIn } from '../../../../test/helpers/demo';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { FileMoment } from '../contract-file';
import { fail, ok } from './letter-fixture';

// The referral's file (act cnsFileTimeline, server/file-timeline.ts): one timeline of the
// consultation, its responses' steps, the calls, meetings, conversations and files about it,
// each as the caller may read it. On the demo's "Riverbend crossing replacement".

let tdb: TestDatabase;
let server: TestServer;
let officer: WsClient;
let proponent: WsClient;
let curator: WsClient;
let consultation: string;
let response: string;
const items = () => server.app.services.items;

type File = { moments: FileMoment[]; $labels: Record<string, string>; more: boolean };
const fileOf = async (ws: WsClient) =>
  (await ok(ws, 'act/cnsFileTimeline', { consultation })) as unknown as File;

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  await demoIn(tdb, server.app.services.items);
  await server.app.idle();
  const [c] = await query<{ id: string }>(
    tdb.database.db,
    sql`select id from items where type = 'Consultation' and data->>'projectName' = 'Riverbend crossing replacement'`,
  );
  consultation = c!.id;
  const [r] = await query<{ id: string }>(
    tdb.database.db,
    sql`select id from items where type = 'ConsultResponse' and data->>'consultation' = ${consultation}`,
  );
  response = r!.id;
  officer = (await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD)).client;
  proponent = (await connectAs(server, 'proponent@northernpipeline.example', DEMO_PASSWORD)).client;
  curator = (await connectAs(server, 'curator@royalprovincial.example', DEMO_PASSWORD)).client;
});

afterAll(async () => {
  for (const ws of [officer, proponent, curator]) await ws?.close();
  await server?.close();
  await tdb?.close();
});

describe("the referral's file", () => {
  it('holds, for the lands officer, the moves, the call, the meeting and the people by name', async () => {
    const file = await fileOf(officer);
    const kinds = new Set(file.moments.map((m) => m.kind));
    for (const k of ['created', 'state', 'assigned', 'commLog', 'meeting'] as const)
      expect(kinds).toContain(k);
    const call = file.moments.find((m) => m.kind === 'commLog')!;
    expect(call.title).toBe('Call with Karen Walsh about the drilling schedule');
    // The community's own people are named (the proponent's, whom Riverbend may not read, are
    // "someone" on the screen: no label is sent for them).
    const assigned = file.moments.find((m) => m.kind === 'assigned')!;
    expect(file.$labels[assigned.people![0]!]).toBe('Joseph Redcloud');
    const submitted = file.moments.find((m) => m.kind === 'state' && m.to === 'SUBMITTED')!;
    expect(submitted.actor).toMatch(/^User-/);
    expect(file.$labels[submitted.actor!]).toBeUndefined();
    const moved = file.moments.find((m) => m.kind === 'state' && m.to === 'CONSULTING');
    expect(moved?.item).toBe(consultation);
    // Newest first.
    const ats = file.moments.map((m) => m.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(file.more).toBe(false);
  });

  it("shows a response's completed steps, a new call and a conversation about the response", async () => {
    const log = (await ok(officer, 'create/CommLog', {
      subject: 'Spoke with the proponent about the drilling window',
      date: '2026-11-30T14:00:00.000Z',
      context: consultation,
    })) as { $id: string };
    const thread = (await ok(officer, 'create/Thread', {
      subject: 'Elders to review the crossing',
      context: response,
    })) as { $id: string };
    const file = await fileOf(officer);
    expect(file.$labels[file.moments.find((m) => m.item === log.$id)!.actor!]).toBe('Joseph Redcloud');
    expect(file.moments.find((m) => m.item === log.$id)).toMatchObject({
      kind: 'commLog',
      actor: expect.stringMatching(/^User-/),
      title: 'Spoke with the proponent about the drilling window',
      at: '2026-11-30T14:00:00.000Z',
    });
    expect(file.moments.find((m) => m.item === thread.$id)).toMatchObject({
      kind: 'thread',
      title: 'Elders to review the crossing',
    });
    // The officer completes the active step of the response: the file says so, with the step's name.
    const row = await items().read(SYSTEM, response);
    const wf = row._wf as { steps: { id: string; label: string; state: string }[] };
    const active = wf.steps.find((s) => s.state === 'ACTIVE');
    expect(active).toBeTruthy();
    await ok(officer, 'act/wfSetStepState', { item: response, step: active!.id, state: 'COMPLETE' });
    const after = await fileOf(officer);
    expect(after.moments.find((m) => m.kind === 'step' && m.title === active!.label)).toMatchObject({
      item: response,
      actor: expect.any(String),
    });
  });

  it("gives the proponent its own referral's moves and nothing of the community's work", async () => {
    const file = await fileOf(proponent);
    expect(file.moments.some((m) => m.kind === 'created')).toBe(true);
    const shown = new Set(file.moments.map((m) => m.item));
    // Only the consultation itself and its files: no response, call, meeting or community thread.
    for (const id of shown) expect(id === consultation || id.startsWith('Attachment-'), id).toBe(true);
    expect(
      file.moments.some((m) => ['commLog', 'meeting', 'step', 'thread', 'letter'].includes(m.kind)),
    ).toBe(false);
    // Names only of people named on its moments.
    const named = new Set(file.moments.flatMap((m) => [m.actor, ...(m.people ?? [])]));
    for (const id of Object.keys(file.$labels)) expect(named.has(id)).toBe(true);
  });

  it('refuses anyone who may not read the consultation, as any read is', async () => {
    const r = await fail(curator, 'act/cnsFileTimeline', { consultation });
    expect(r.userMessage).toMatch(/notAllowed|notFound/);
  });

  it("leaves out a call log kept from the officer's colleagues", async () => {
    const log = (await ok(officer, 'create/CommLog', {
      subject: 'Private note of a call',
      date: '2026-11-29T10:00:00.000Z',
      context: consultation,
      $access: 'PRIVATE',
    })) as { $id: string };
    // The researcher is Riverbend staff too, but not its creator nor an orgAdmin.
    const admin = (await connectAs(server, 'researcher@riverbend.example', DEMO_PASSWORD)).client;
    try {
      const mine = await fileOf(officer);
      expect(mine.moments.some((m) => m.item === log.$id)).toBe(true);
      const theirs = (await ok(admin, 'act/cnsFileTimeline', { consultation })) as unknown as File;
      expect(theirs.moments.some((m) => m.item === log.$id)).toBe(false);
      expect(JSON.stringify(theirs)).not.toContain('Private note of a call');
    } finally {
      await admin.close();
    }
  });
});
