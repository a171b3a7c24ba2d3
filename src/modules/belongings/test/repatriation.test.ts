import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { repatriationSteps } from '../server/workflow-def';
import { INSTITUTION_GRANTOR } from '../types';

// Repatriation through the workflow engine and sharing its history (docs/belongings.md): the
// default definition's steps move repatriationStatus as they complete; the events are the
// history; belShareHistory lets the institution's people read the belonging and its history but
// not the community's notes, never past a protocol, and only for those who may set its level.

let tdb: TestDatabase;
let server: TestServer;
let riverbend: string;
let museum: string;
let officer: WsClient;
let member: WsClient;
let curator: WsClient;
let workflow: string;
let researcherId: string;
let officerId: string;
const items = () => server.app.services.items;

interface Reply {
  erred?: boolean;
  userMessage?: string;
  fields?: { path: string; key: string }[];
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  riverbend = await makeOrg(items(), 'Riverbend First Nation');
  museum = await makeOrg(items(), 'Royal Provincial Museum', 'MUSEUM');
  const o = await makeUser(items(), [[riverbend, 'editor']]);
  const r = await makeUser(items(), [[riverbend, 'staff']]);
  researcherId = r.id;
  officerId = o.id;
  const m = await makeUser(items(), [[riverbend, 'member']]);
  const c = await makeUser(items(), [[museum, 'staff']]);
  officer = (await connectAs(server, o.email, PASSWORD)).client;
  member = (await connectAs(server, m.email, PASSWORD)).client;
  curator = (await connectAs(server, c.email, PASSWORD)).client;
  workflow = (
    await officer.call<{ $id: string }>('create/Workflow', {
      label: 'Repatriation',
      appliesTo: 'Belonging',
      isDefault: true,
      steps: repatriationSteps(o.id, researcherId),
      owner: riverbend,
    })
  ).$id;
}, 60_000);

afterAll(async () => {
  await Promise.all([officer?.close(), member?.close(), curator?.close()]);
  await server?.close();
  await tdb?.close();
});

const newBelonging = (title: string, extra: Record<string, unknown> = {}) =>
  officer.call<{ $id: string; $version: number }>('create/Belonging', {
    title,
    institution: museum,
    owner: riverbend,
    ...extra,
  });

describe('repatriation as a workflow', () => {
  it('moves the status as its steps complete: request → IN_PROGRESS, transport → IN_TRANSIT, return → REPATRIATED', async () => {
    const b = await newBelonging('Beaded bandolier bag');
    await officer.call('act/wfStartManual', { item: b.$id, workflow });
    const seen: Record<string, unknown> = {};
    for (const step of ['request', 'research', 'negotiation', 'transport', 'return']) {
      const r = await officer.call<{ _wf: { steps: { id: string; state: string }[] } }>(
        'act/wfSetStepState',
        {
          item: b.$id,
          step,
          state: 'COMPLETE',
        },
      );
      expect(r._wf.steps.find((s) => s.id === step)?.state).toBe('COMPLETE');
      seen[step] = (await officer.call<Record<string, unknown>>('read/' + b.$id)).repatriationStatus;
    }
    expect(seen).toEqual({
      request: 'IN_PROGRESS',
      research: 'IN_PROGRESS',
      negotiation: 'IN_PROGRESS',
      transport: 'IN_TRANSIT',
      return: 'REPATRIATED',
    });
    const after = await officer.call<Record<string, unknown>>('read/' + b.$id);
    expect(after['_wf.state']).toBe('RETURNED');
    // The history: the start, each step's moves, and the status writes, in the item's events.
    const { events } = await officer.call<{
      events: { kind: string; data: Record<string, unknown> | null }[];
    }>('act/timeline', { _t: 'Belonging', _i: Number(b.$id.split('-')[1]) });
    const kinds = events.map((e) => e.kind);
    expect(kinds).toContain('WKF_MANUAL_INIT');
    expect(kinds.filter((k) => k === 'WKF_STEP_STATE_SET').length).toBeGreaterThanOrEqual(5);
    const statuses = events
      .map((e) => (e.data?.changes as Record<string, { to?: unknown }> | undefined)?.repatriationStatus?.to)
      .filter(Boolean);
    expect(statuses.reverse()).toEqual(['IN_PROGRESS', 'IN_TRANSIT', 'REPATRIATED']);
  });

  it('gives the steps their default assignees; "my repatriation steps" finds the open ones', async () => {
    const b = await newBelonging('Moosehide jacket');
    const r = await officer.call<{ _wf: { steps: { id: string; assignedTo: string | null }[] } }>(
      'act/wfStartManual',
      { item: b.$id, workflow },
    );
    expect(r._wf.steps.find((s) => s.id === 'research')?.assignedTo).toBe(researcherId);
    // The request is ACTIVE (the officer's); research waits (BLANK), so it is not yet the researcher's work.
    const mine = (who: string) =>
      officer.call<{ ids: string[] }>('search/ids', { must: { _t: ['Belonging'], '_wf.$assigned': [who] } });
    expect((await mine(officerId)).ids).toContain(b.$id);
    expect((await mine(researcherId)).ids).not.toContain(b.$id);
  });
});

describe('sharing the history with the institution (belShareHistory)', () => {
  it('lets the museum read the belonging and its history, never the community’s notes', async () => {
    const b = await newBelonging('Cedar bark basket', { $access: 'PROTECTED' });
    const note = await officer.call<{ $id: string }>('create/BelongingNote', {
      belonging: b.$id,
      subject: 'Before the call',
      body: 'The registrar is sympathetic.',
      owner: riverbend,
    });
    expect(((await curator.request('read/' + b.$id)).b as Reply).userMessage).toBe('notFound');
    const shared = await officer.call('act/belShareHistory', { belonging: b.$id, share: true });
    expect(shared).toEqual({ $id: b.$id, institution: museum, shared: true });
    expect((await curator.call<{ title: string }>('read/' + b.$id)).title).toBe('Cedar bark basket');
    const t = await curator.call<{ events: { kind: string }[] }>('act/timeline', {
      _t: 'Belonging',
      _i: Number(b.$id.split('-')[1]),
    });
    expect(t.events.map((e) => e.kind)).toContain('granted');
    expect(((await curator.request('read/' + note.$id)).b as Reply).userMessage).toBe('notFound');
    const found = await curator.call<{ ids: string[] }>('search/ids', { must: { _t: ['BelongingNote'] } });
    expect(found.ids).not.toContain(note.$id);

    await officer.call('act/belShareHistory', { belonging: b.$id, share: false });
    expect(((await curator.request('read/' + b.$id)).b as Reply).userMessage).toBe('notFound');
  });

  it('is for those who may set the level: a member is refused, a stranger told nothing', async () => {
    const b = await newBelonging('Carved feast ladle');
    const r = (await member.request('act/belShareHistory', { belonging: b.$id, share: true })).b as Reply;
    expect(r.userMessage).toBe('notAllowed');
    const p = await newBelonging('Hidden pouch', { $access: 'PRIVATE' });
    const s = (await curator.request('act/belShareHistory', { belonging: p.$id, share: true })).b as Reply;
    expect(s.userMessage).toBe('notFound');
    expect(((await curator.request('read/' + b.$id)).b as Reply).userMessage).toBe('notFound');
  });

  it('needs an institution', async () => {
    const b = await officer.call<{ $id: string }>('create/Belonging', {
      title: 'Unplaced',
      owner: riverbend,
    });
    const r = (await officer.request('act/belShareHistory', { belonging: b.$id, share: true })).b as Reply;
    expect(r.userMessage).toBe('invalidInput');
    expect(r.fields).toEqual([{ path: 'institution', key: 'errors.required' }]);
  });

  it('ends with a change of institution: the old holder loses it, the new one is not shared with', async () => {
    const other = await makeOrg(items(), 'Eastern University Museum', 'MUSEUM');
    const c2 = await makeUser(items(), [[other, 'staff']]);
    const curator2 = (await connectAs(server, c2.email, PASSWORD)).client;
    try {
      const b = await newBelonging('Moose hair tufted bag', { $access: 'PROTECTED' });
      await officer.call('act/belShareHistory', { belonging: b.$id, share: true });
      expect((await curator.call<{ title: string }>('read/' + b.$id)).title).toBe('Moose hair tufted bag');
      const current = await officer.call<{ $version: number }>('read/' + b.$id);
      await officer.call('update/Belonging', { $id: b.$id, $version: current.$version, institution: other });
      expect(((await curator.request('read/' + b.$id)).b as Reply).userMessage).toBe('notFound');
      expect(((await curator2.request('read/' + b.$id)).b as Reply).userMessage).toBe('notFound');
      const t = await officer.call<{ events: { kind: string; data: Record<string, unknown> | null }[] }>(
        'act/timeline',
        { _t: 'Belonging', _i: Number(b.$id.split('-')[1]) },
      );
      const removed = t.events.find((e) => e.kind === 'grantRemoved');
      expect(removed?.data).toMatchObject({ principal: museum, grantedBy: INSTITUTION_GRANTOR });
      // Sharing with the new holder is a decision of its own.
      await officer.call('act/belShareHistory', { belonging: b.$id, share: true });
      expect((await curator2.call<{ title: string }>('read/' + b.$id)).title).toBe('Moose hair tufted bag');
      expect(((await curator.request('read/' + b.$id)).b as Reply).userMessage).toBe('notFound');
    } finally {
      await curator2.close();
    }
  });

  it('does not open a protocol: a shared belonging restricted to Elders stays closed to the museum', async () => {
    const elders = (
      await items().create(SYSTEM, 'Protocol', { name: 'Elders', members: [] }, { owner: riverbend })
    ).$id;
    const b = await items().create(
      SYSTEM,
      'Belonging',
      { title: 'Ceremonial rattle', institution: museum, $protocols: [elders] },
      { owner: riverbend },
    );
    const admin = await makeUser(items(), [], { admin: true });
    const a = (await connectAs(server, admin.email, PASSWORD)).client;
    try {
      await a.call('act/belShareHistory', { belonging: b.$id, share: true });
    } finally {
      await a.close();
    }
    expect(((await curator.request('read/' + b.$id)).b as Reply).userMessage).toBe('notFound');
  });
});
