import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// The whole consultation lifecycle through its acts, as real users over sockets
// (docs/consultation.md): every move of the table, the refusals with their keys, and that a
// refused move changes nothing.

let tdb: TestDatabase;
let server: TestServer;
const org = {} as Record<'riverbend' | 'eagle' | 'pipeline' | 'ministry' | 'stranger', string>;
const who: Record<string, { id: string; email: string }> = {};
const clients: Record<string, WsClient> = {};

type Body = Record<string, unknown> & {
  erred?: boolean;
  userMessage?: string;
  fields?: { path: string; key: string }[];
};

async function setCaps(id: string, caps: string[]) {
  const items = server.app.services.items;
  const row = await items.read(SYSTEM, id);
  await items.update(SYSTEM, { $id: id, $version: row.$version, capabilities: caps });
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  org.riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  org.eagle = await makeOrg(items, 'Eagle Lake Nation', 'COMMUNITY');
  org.pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  org.ministry = await makeOrg(items, 'Ministry of Lands', 'GOVERNMENT');
  org.stranger = await makeOrg(items, 'Unrelated Ltd.', 'INDUSTRY');
  await setCaps(org.riverbend, ['Consult', 'ConsultRespond']);
  await setCaps(org.eagle, ['Consult', 'ConsultRespond']);
  await setCaps(org.pipeline, ['Consult', 'ConsultDrafts']);
  await setCaps(org.ministry, ['Consult']);
  who.officer = await makeUser(items, [[org.riverbend, 'editor']]);
  who.staffer = await makeUser(items, [[org.riverbend, 'staff']]);
  who.member = await makeUser(items, [[org.riverbend, 'member']]);
  who.eagle = await makeUser(items, [[org.eagle, 'editor']]);
  who.proponent = await makeUser(items, [[org.pipeline, 'editor']]);
  who.regulator = await makeUser(items, [[org.ministry, 'staff']]);
  who.stranger = await makeUser(items, [[org.stranger, 'editor']]);
  for (const [k, u] of Object.entries(who)) clients[k] = (await connectAs(server, u.email, PASSWORD)).client;
});

afterAll(async () => {
  for (const c of Object.values(clients)) await c.close();
  await server?.close();
  await tdb?.close();
});

const req = async (as: string, o: string, b?: unknown) => (await clients[as]!.request(o, b)).b as Body;
const ok = async (as: string, o: string, b?: unknown) => {
  const r = await req(as, o, b);
  if (r.erred) throw new Error(`${o} as ${as}: ${r.userMessage} ${JSON.stringify(r)}`);
  return r;
};
const row = async (id: string) => (await server.app.services.items.readRow(id))!;
/** Whether the proponent may update (edit, upload to, add features to) the consultation now. */
const proponentMayUpdate = async (id: string) =>
  (
    (
      await ok('proponent', 'act/isAllowed', {
        _t: 'Consultation',
        _i: Number(id.split('-')[1]),
        actions: ['update'],
      })
    ).allowed as { update: boolean }
  ).update;
const events = async (id: string) =>
  (
    await query<{ kind: string }>(
      tdb.database.db,
      sql`select kind from events where item_id = ${id} order by id`,
    )
  ).map((e) => e.kind);

async function draft(extra: Record<string, unknown> = {}) {
  return (await ok('proponent', 'create/Consultation', {
    projectName: 'Cedar Creek pipeline loop',
    primaryOrg: org.pipeline,
    submittedTo: org.riverbend,
    requestedResponseDate: '2026-12-01',
    ...extra,
  })) as Body & { $id: string };
}

/** A refused act changes nothing: the row's version and state, and its events, stay. */
async function refusedUnchanged(id: string, as: string, o: string, b: unknown, key: string) {
  const before = await row(id);
  const evBefore = await events(id);
  const r = await req(as, o, b);
  expect(r.erred, `${o} as ${as}`).toBe(true);
  expect(r.userMessage).toBe(key);
  const after = await row(id);
  expect(after.u).toBe(before.u);
  expect(after.data).toEqual(before.data);
  expect(after.owner).toBe(before.owner);
  expect(await events(id)).toEqual(evBefore);
  return r;
}

describe('drafting (spec §5 rules)', () => {
  it('a proponent drafts in their own organisation; the state is DRAFT whatever is sent', async () => {
    const c = await draft();
    expect(c.state).toBe('DRAFT');
    expect(c.owner).toBe(org.pipeline);
    const forced = await req('proponent', 'create/Consultation', { projectName: 'x', state: 'CLOSED' });
    expect(forced.erred).toBe(true);
    expect(forced.fields).toEqual([{ path: 'state', key: 'errors.readOnly' }]);
  });

  it('refuses an end before the start, contacts without or outside the organisation', async () => {
    const end = await req('proponent', 'create/Consultation', {
      projectName: 'x',
      projectStartDt: '2026-05-01',
      projectEndDt: '2026-04-01',
    });
    expect(end.fields).toEqual([{ path: 'projectEndDt', key: 'errors.endBeforeStart' }]);
    const items = server.app.services.items;
    const inOrg = await items.create(SYSTEM, 'Contact', {
      firstName: 'Karen',
      lastName: 'Walsh',
      _related: [org.pipeline],
      owner: org.pipeline,
    });
    const elsewhere = await items.create(SYSTEM, 'Contact', {
      firstName: 'Lucy',
      lastName: 'Moosehide',
      _related: [org.stranger],
      owner: org.pipeline,
    });
    const nowhere = await items.create(SYSTEM, 'Contact', {
      firstName: 'No',
      lastName: 'Org',
      owner: org.pipeline,
    });
    const choose = await req('proponent', 'create/Consultation', {
      projectName: 'x',
      primaryContacts: [inOrg.$id],
    });
    expect(choose.fields).toEqual([{ path: 'primaryOrg', key: 'errors.chooseOrg' }]);
    const notIn = await req('proponent', 'create/Consultation', {
      projectName: 'x',
      primaryOrg: org.pipeline,
      primaryContacts: [inOrg.$id, elsewhere.$id, nowhere.$id],
    });
    expect(notIn.fields).toEqual([
      { path: 'primaryContacts.1', key: 'errors.notInOrg' },
      { path: 'primaryContacts.2', key: 'errors.noOrg' },
    ]);
    const good = await draft({ primaryContacts: [inOrg.$id] });
    expect(good.primaryContacts).toEqual([inOrg.$id]);
  });

  it('only proponents holding ConsultDrafts, or community staff holding ConsultRespond, create one', async () => {
    const r = await req('stranger', 'create/Consultation', { projectName: 'x' });
    expect(r.erred).toBe(true);
    expect(r.userMessage).toBe('notAllowed');
    const n = await query<{ n: number }>(
      tdb.database.db,
      sql`select count(*)::int as n from items where type = 'Consultation' and owner = ${org.stranger}`,
    );
    expect(n[0]!.n).toBe(0);
    const recorded = await ok('officer', 'create/Consultation', { projectName: 'Phoned-in referral' });
    expect(recorded.owner).toBe(org.riverbend);
  });
});

describe('the lifecycle through acts', () => {
  it('DRAFT → SUBMITTED → REVIEW → INCOMPLETE → SUBMITTED → CONSULTING → RESPONDED → CLOSED', async () => {
    const c = await draft();
    const id = c.$id;
    // The community cannot see a draft, nor move it.
    expect((await req('officer', `read/${id}`)).userMessage).toBe('notFound');
    await refusedUnchanged(id, 'officer', 'act/cnsReview', { consultation: id }, 'notFound');
    // A move the table lacks is cnsTransition for those who may move it.
    await refusedUnchanged(id, 'proponent', 'act/cnsClose', { consultation: id }, 'cnsTransition');

    // The lands office watches its Consultation list and sees it arrive live.
    await clients.officer!.request('addWatch/Consultation-0', {});
    expect(await ok('proponent', 'act/cnsSubmit', { consultation: id })).toEqual({
      $id: id,
      state: 'SUBMITTED',
    });
    const pushed = await clients.officer!.waitForPush(
      (f) => f.o === 'itemUpdated' && (f.b as { $id?: string }).$id === id,
    );
    expect((pushed.b as Body).state).toBe('SUBMITTED');
    let r = await row(id);
    expect(r.owner).toBe(org.riverbend);
    expect(r.data.roles).toEqual({ [org.pipeline]: 'PROPONENT' });
    expect(await events(id)).toContain('CNS_SUBMITTED');

    // The proponent still reads it but no longer edits it; community staff move it on.
    expect((await req('proponent', `read/${id}`)).state).toBe('SUBMITTED');
    expect(await proponentMayUpdate(id)).toBe(false);
    const edit = await req('proponent', 'update', { $id: id, $version: r.version, projectName: 'Renamed' });
    expect(edit.userMessage).toBe('notAllowed');
    await refusedUnchanged(id, 'proponent', 'act/cnsReview', { consultation: id }, 'notAllowed');
    await refusedUnchanged(id, 'member', 'act/cnsReview', { consultation: id }, 'notAllowed');
    await refusedUnchanged(id, 'staffer', 'act/cnsClose', { consultation: id }, 'cnsTransition');
    expect((await ok('staffer', 'act/cnsReview', { consultation: id })).state).toBe('REVIEW');

    const inc = await ok('staffer', 'act/cnsMarkIncomplete', {
      consultation: id,
      message: 'Please add the access road map.',
    });
    expect(inc.state).toBe('INCOMPLETE');
    expect(await proponentMayUpdate(id)).toBe(true);
    const thread = await ok('proponent', `read/${String(inc.thread)}`);
    expect(thread).toMatchObject({ purpose: 'CONSULT_INCOMPLETE', context: id, resolved: false });
    // The proponent hears of it (a reply notification on the shared thread) and may answer.
    const notes = await query<{ data: Record<string, unknown> }>(
      tdb.database.db,
      sql`select data from items where type = 'Notify' and data->>'recipient' = ${who.proponent!.id}
        and data->>'context' = ${String(inc.thread)}`,
    );
    expect(notes.length).toBe(1);
    await ok('proponent', 'create/Message', { thread: inc.thread, body: 'Map attached.' });
    // The staff member who opened the thread hears of the answer.
    const back = await query<{ n: number }>(
      tdb.database.db,
      sql`select count(*)::int as n from items where type = 'Notify' and data->>'recipient' = ${who.staffer!.id}
        and data->>'context' = ${String(inc.thread)} and data->>'kind' = 'reply'`,
    );
    expect(back[0]!.n).toBe(1);
    r = await row(id);
    await ok('proponent', 'update', {
      $id: id,
      $version: r.version,
      projectDescription: 'With the access road.',
    });
    expect((await ok('proponent', 'act/cnsSubmit', { consultation: id })).state).toBe('SUBMITTED');
    expect(await proponentMayUpdate(id)).toBe(false);

    // Distribution: one response per community, PENDING, with the mirrored fields.
    await refusedUnchanged(
      id,
      'staffer',
      'act/cnsDistribute',
      { consultation: id, communities: [org.pipeline] },
      'invalidInput',
    );
    const dist = await ok('staffer', 'act/cnsDistribute', {
      consultation: id,
      communities: [org.riverbend, org.eagle],
    });
    expect(dist.state).toBe('CONSULTING');
    const responses = dist.responses as string[];
    expect(responses).toHaveLength(2);
    const [mine, theirs] = [await row(responses[0]!), await row(responses[1]!)];
    expect(mine.owner).toBe(org.riverbend);
    expect(theirs.owner).toBe(org.eagle);
    expect(mine.data).toMatchObject({
      state: 'PENDING',
      projectName: 'Cedar Creek pipeline loop',
      primaryOrg: org.pipeline,
      anticipatedResponse: '2026-12-01',
    });
    expect(await events(id)).toContain('CNS_DISTRIBUTED');
    // Neither the proponent nor the other community reads Riverbend's response.
    expect((await req('proponent', `read/${responses[0]}`)).userMessage).toBe('notFound');
    expect((await req('eagle', `read/${responses[0]}`)).userMessage).toBe('notFound');
    // Eagle Lake reads the consultation it answers.
    expect((await req('eagle', `read/${id}`)).$id).toBe(id);

    // A mirrored field follows the consultation (the community edits it now).
    r = await row(id);
    await ok('officer', 'update', {
      $id: id,
      $version: r.version,
      projectName: 'Cedar Creek loop (revised)',
    });
    expect((await row(responses[1]!)).data.projectName).toBe('Cedar Creek loop (revised)');

    // Riverbend answers offline; Eagle Lake sends its response: the consultation is RESPONDED.
    expect(
      (await ok('officer', 'act/rwfRecordOffline', { response: responses[0], outcome: 'SUPPORT' })).state,
    ).toBe('OFFLINE');
    expect((await row(id)).data.state).toBe('CONSULTING');
    const noFiles = await req('eagle', 'act/rwfSendResponse', {
      response: responses[1],
      purpose: 'CONSULT_RESPONSE',
      subject: 'Our response',
      message: 'See the letter.',
      attachments: [],
    });
    expect(noFiles.userMessage).toBe('attachmentsRequired');
    const items = server.app.services.items;
    const letter = await items.create(SYSTEM, 'Attachment', {
      originalName: 'letter.pdf',
      rel: responses[1],
      fileID: 'f'.repeat(32),
      size: 1234,
      mimeGroup: 'application',
      filetype: 'application/pdf',
    });
    const internal = await items.create(SYSTEM, 'Attachment', {
      originalName: 'internal-notes.pdf',
      rel: responses[1],
      fileID: 'e'.repeat(32),
    });
    // Riverbend's staff cannot send Eagle Lake's response, nor learn that it exists.
    await refusedUnchanged(
      responses[1]!,
      'officer',
      'act/rwfSendResponse',
      { response: responses[1], purpose: 'CONSULT_ACK', subject: 's', message: 'm', attachments: [] },
      'notFound',
    );
    const sent = await ok('eagle', 'act/rwfSendResponse', {
      response: responses[1],
      purpose: 'CONSULT_RESPONSE',
      subject: 'Our response',
      message: 'See the letter.',
      attachments: [letter.$id],
    });
    const msg = await ok('proponent', `read/${String(sent.message)}`);
    const copies = msg.attachments as string[];
    expect(copies).toHaveLength(1);
    expect(copies[0]).not.toBe(letter.$id);
    expect((await ok('proponent', `read/${copies[0]}`)).originalName).toBe('letter.pdf');
    expect((await req('proponent', `read/${letter.$id}`)).userMessage).toBe('notFound');
    expect((await req('proponent', `read/${internal.$id}`)).userMessage).toBe('notFound');
    expect((await row(responses[1]!)).data.state).toBe('RESPONDED');
    expect((await row(id)).data.state).toBe('RESPONDED');

    await refusedUnchanged(id, 'proponent', 'act/cnsClose', { consultation: id }, 'notAllowed');
    expect((await ok('staffer', 'act/cnsClose', { consultation: id })).state).toBe('CLOSED');
    expect(await events(id)).toContain('CNS_CLOSED');
    await refusedUnchanged(id, 'staffer', 'act/cnsWithdraw', { consultation: id }, 'cnsTransition');
    await refusedUnchanged(id, 'proponent', 'act/cnsWithdraw', { consultation: id }, 'cnsTransition');
  });

  it("a response is labelled by project and community, and follows the community's new name", async () => {
    const c = await draft({ projectName: 'Label check line' });
    await ok('proponent', 'act/cnsSubmit', { consultation: c.$id });
    const dist = await ok('officer', 'act/cnsDistribute', {
      consultation: c.$id,
      communities: [org.riverbend, org.eagle],
    });
    const [mine, theirs] = dist.responses as string[];
    expect((await ok('officer', `label/${mine}`)).label).toBe('Label check line — Riverbend First Nation');
    expect((await ok('eagle', `label/${theirs}`)).label).toBe('Label check line — Eagle Lake Nation');
    // Search finds a response by its community's name too.
    const found = await ok('officer', 'search/ids', {
      must: { _t: ['ConsultResponse'], $text: ['Riverbend'] },
      labels: true,
    });
    expect(found.ids).toContain(mine);
    expect(found.ids).not.toContain(theirs);
    // The proponent reads neither response, so neither label.
    expect((await req('proponent', `label/${mine}`)).erred).toBe(true);
    const items = server.app.services.items;
    const eagle = await items.read(SYSTEM, org.eagle);
    await items.update(SYSTEM, {
      $id: org.eagle,
      $version: eagle.$version,
      displayName: 'Eagle Lake Cree Nation',
    });
    expect((await row(theirs!)).data.communityName).toBe('Eagle Lake Cree Nation');
    expect((await ok('eagle', `label/${theirs}`)).label).toBe('Label check line — Eagle Lake Cree Nation');
    expect((await row(mine!)).data.communityName).toBe('Riverbend First Nation');
    await items.update(SYSTEM, {
      $id: org.eagle,
      $version: (await items.read(SYSTEM, org.eagle)).$version,
      displayName: 'Eagle Lake Nation',
    });
  });

  it('withdrawal stops the open responses: their open steps are skipped, state NO_RESPONSE', async () => {
    const c = await draft();
    await ok('proponent', 'act/cnsSubmit', { consultation: c.$id });
    const dist = await ok('officer', 'act/cnsDistribute', {
      consultation: c.$id,
      communities: [org.riverbend],
    });
    const [rid] = dist.responses as string[];
    const items = server.app.services.items;
    const steps = [
      { id: 'a', kind: 'RWF_ASSIGN', label: 'Assign', state: 'COMPLETE' },
      { id: 'b', kind: 'RWF_RESEARCH', label: 'Research', state: 'ACTIVE' },
      { id: 'c', kind: 'RWF_OUTCOME', label: 'Outcome', state: 'BLANK' },
    ];
    await items.transaction((tx) =>
      items.patchIn(tx, SYSTEM, rid!, {
        _wf: { workflow: null, version: null, steps },
        '_wf.$assigned': [who.officer!.id],
      }),
    );
    expect(
      (await ok('proponent', 'act/cnsWithdraw', { consultation: c.$id, reason: 'Project cancelled' })).state,
    ).toBe('WITHDRAWN');
    const r = await row(rid!);
    expect(r.data.state).toBe('NO_RESPONSE');
    expect((r.data._wf as { steps: { state: string }[] }).steps.map((s) => s.state)).toEqual([
      'COMPLETE',
      'SKIP',
      'SKIP',
    ]);
    expect(r.data['_wf.$assigned']).toBeUndefined();
    const cr = await row(c.$id);
    expect(cr.data).toMatchObject({ state: 'WITHDRAWN', withdrawnReason: 'Project cancelled' });
    expect(await events(c.$id)).toContain('CNS_WITHDRAWN');
  });

  it('roles are grants: REGULATOR and INFORMED read, a removed role reads no more', async () => {
    const c = await draft();
    await ok('proponent', 'act/cnsSubmit', { consultation: c.$id });
    expect((await req('regulator', `read/${c.$id}`)).userMessage).toBe('notFound');
    await refusedUnchanged(
      c.$id,
      'proponent',
      'act/cnsSetRole',
      { consultation: c.$id, org: org.ministry, role: 'REGULATOR' },
      'notAllowed',
    );
    const set = await ok('staffer', 'act/cnsSetRole', {
      consultation: c.$id,
      org: org.ministry,
      role: 'REGULATOR',
    });
    expect(set.roles).toEqual({ [org.pipeline]: 'PROPONENT', [org.ministry]: 'REGULATOR' });
    const read = await ok('regulator', `read/${c.$id}`);
    const upd = await req('regulator', 'update', { $id: c.$id, $version: read.$version, projectName: 'x' });
    expect(upd.userMessage).toBe('notAllowed');
    // What the community sends the proponent reaches the regulator only when copied (issue 38).
    const [response] = (
      await ok('officer', 'act/cnsDistribute', { consultation: c.$id, communities: [org.riverbend] })
    ).responses as string[];
    const ack = {
      response,
      purpose: 'CONSULT_ACK',
      subject: 'Received',
      message: 'We have it.',
      attachments: [],
    };
    const unshared = await ok('officer', 'act/rwfSendResponse', ack);
    expect((await req('regulator', `read/${String(unshared.thread)}`)).userMessage).toBe('notFound');
    const copied = await ok('officer', 'act/rwfSendResponse', { ...ack, copyRegulators: true });
    expect((await ok('regulator', `read/${String(copied.message)}`)).body).toBe('We have it.');
    expect((await req('regulator', `read/${response}`)).userMessage).toBe('notFound');
    await ok('staffer', 'act/cnsSetRole', { consultation: c.$id, org: org.ministry, role: 'INFORMED' });
    expect((await ok('regulator', `read/${c.$id}`)).$id).toBe(c.$id);
    await ok('staffer', 'act/cnsSetRole', { consultation: c.$id, org: org.ministry, role: null });
    expect((await req('regulator', `read/${c.$id}`)).userMessage).toBe('notFound');
  });

  it("a submitted referral notifies the community's lands staff, and nobody else", async () => {
    const c = await draft({ projectName: 'Bell-ringing loop' });
    await ok('proponent', 'act/cnsSubmit', { consultation: c.$id });
    const told = await query<{ recipient: string }>(
      tdb.database.db,
      sql`select data->>'recipient' as recipient from items where type = 'Notify'
        and data->>'context' = ${c.$id} and data->>'kind' = 'submitted' order by 1`,
    );
    // Staff and higher of the community, which holds ConsultRespond: not its members, not
    // another community, not the proponent who submitted it.
    expect(told.map((r) => r.recipient).sort()).toEqual([who.officer!.id, who.staffer!.id].sort());
    // The staffer's bell holds it, as the context's name.
    const [n] = await query<{ id: string }>(
      tdb.database.db,
      sql`select id from items where type = 'Notify' and data->>'recipient' = ${who.staffer!.id}
        and data->>'context' = ${c.$id}`,
    );
    const fetched = (await ok('staffer', 'act/fetchNotifications', { query: { must: { id: [n!.id] } } })) as {
      items: { kind: string; context: string; $labels?: Record<string, string> }[];
    };
    expect(fetched.items).toMatchObject([{ kind: 'submitted', context: c.$id }]);
  });

  it('assigning puts a community person on it, records CNS_ASSIGNED and notifies them', async () => {
    const c = await draft();
    await ok('proponent', 'act/cnsSubmit', { consultation: c.$id });
    await refusedUnchanged(
      c.$id,
      'staffer',
      'act/cnsAssign',
      { item: c.$id, user: who.proponent!.id },
      'invalidInput',
    );
    const a = await ok('staffer', 'act/cnsAssign', { item: c.$id, user: who.officer!.id });
    expect(a.internalContacts).toEqual([who.officer!.id]);
    expect(await events(c.$id)).toContain('CNS_ASSIGNED');
    const n = await query<{ data: Record<string, unknown> }>(
      tdb.database.db,
      sql`select data from items where type = 'Notify' and data->>'recipient' = ${who.officer!.id}
        and data->>'context' = ${c.$id} and data->>'kind' = 'assigned'`,
    );
    expect(n).toHaveLength(1);
    const u = await ok('staffer', 'act/cnsUnassign', { item: c.$id, user: who.officer!.id });
    expect(u.internalContacts).toEqual([]);
    expect(await events(c.$id)).toContain('CNS_UNASSIGNED');
  });

  it('community staff record a partner organisation; others may not', async () => {
    const r = await ok('staffer', 'act/cnsCreateOrganization', {
      displayName: 'Hydro Partners',
      type: 'INDUSTRY',
    });
    expect((await row(String(r.$id))).owner).toBe(r.$id);
    expect(
      (await req('proponent', 'act/cnsCreateOrganization', { displayName: 'X', type: 'INDUSTRY' }))
        .userMessage,
    ).toBe('notAllowed');
    expect(
      (await req('member', 'act/cnsCreateOrganization', { displayName: 'X', type: 'INDUSTRY' })).userMessage,
    ).toBe('notAllowed');
  });

  it("a consultation's files are listed as ConsultAttachment rows with the mirrored fields", async () => {
    const c = await draft({ region: 'NORTH' });
    const items = server.app.services.items;
    const file = await items.create(SYSTEM, 'Attachment', {
      originalName: 'Route Map.PDF',
      rel: c.$id,
      fileID: 'd'.repeat(32),
      size: 2048,
      mimeGroup: 'application',
    });
    const [ca] = await query<{ id: string; data: Record<string, unknown> }>(
      tdb.database.db,
      sql`select id, data from items where type = 'ConsultAttachment' and data->>'attachment' = ${file.$id}`,
    );
    expect(ca!.data).toMatchObject({
      consultation: c.$id,
      extension: 'pdf',
      region: 'NORTH',
      primaryOrg: org.pipeline,
    });
    // It follows the file: the proponent reads it; the community does not until submitted.
    expect((await ok('proponent', `read/${ca!.id}`)).originalName).toBe('Route Map.PDF');
    expect((await req('officer', `read/${ca!.id}`)).userMessage).toBe('notFound');
    await items.delete(SYSTEM, file.$id);
    expect((await row(ca!.id)).deleted).toBe(true);
  });
});
