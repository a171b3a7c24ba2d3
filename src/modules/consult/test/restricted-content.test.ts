import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// What the community sends its proponent never carries more than its source allows (issue 36,
// docs/access-model.md "Copies and what is assembled from other items"): a file sent with the
// response is one the sender may open and that every reader of the message may read, and a
// letter holds only what every reader of the letter may read. Over the WebSocket, real database.

let tdb: TestDatabase;
let server: TestServer;
const ws: Record<'elder' | 'staff' | 'proponent', WsClient> = {} as never;
let riverbend: string;
let elders: string;
let response: string;
let openFile: string;
let eldersFile: string;

type Body = Record<string, unknown> & {
  erred?: boolean;
  userMessage?: string;
  fields?: { path: string; key: string; params?: Record<string, string> }[];
};
const req = async (c: WsClient, o: string, b?: unknown) => (await c.request(o, b)).b as Body;
async function ok(c: WsClient, o: string, b?: unknown): Promise<Body> {
  const r = await req(c, o, b);
  if (r.erred) throw new Error(`${o}: ${JSON.stringify(r)}`);
  return r;
}
const items = () => server.app.services.items;

async function setCaps(org: string, caps: string[]) {
  const row = await items().read(SYSTEM, org);
  await items().update(SYSTEM, { $id: org, $version: row.$version, capabilities: caps });
}

const file = async (originalName: string, extra: Record<string, unknown> = {}) =>
  (
    await items().create(SYSTEM, 'Attachment', {
      originalName,
      rel: response,
      fileID: 'a'.repeat(32),
      filetype: 'application/pdf',
      ...extra,
    })
  ).$id;

/** The proponent's threads (ids), to see that a refused send wrote none. */
const proponentThreads = async () =>
  ((await ok(ws.proponent, 'search/ids', { must: { _t: ['Thread'] }, max: 100 })).ids as string[]).sort();

const send = (c: WsClient, attachments: string[]) =>
  req(c, 'act/rwfSendResponse', {
    response,
    purpose: 'CONSULT_RESPONSE',
    subject: 'Our response',
    message: 'See the files.',
    attachments,
  });

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  riverbend = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items(), 'Northern Pipeline Corp.', 'INDUSTRY');
  await setCaps(riverbend, ['Consult', 'ConsultRespond', 'ResponseLetter']);
  await setCaps(pipeline, ['Consult', 'ConsultDrafts']);
  const elder = await makeUser(items(), [[riverbend, 'orgAdmin']]);
  const staff = await makeUser(items(), [[riverbend, 'staff']]);
  const proponent = await makeUser(items(), [[pipeline, 'editor']]);
  elders = (
    await items().create(SYSTEM, 'Protocol', { name: 'Elders', members: [elder.id] }, { owner: riverbend })
  ).$id;
  for (const [k, u] of Object.entries({ elder, staff, proponent }))
    ws[k as keyof typeof ws] = (await connectAs(server, u.email, PASSWORD)).client;
  const c = await ok(ws.proponent, 'create/Consultation', {
    projectName: 'Ridge road',
    primaryOrg: pipeline,
    submittedTo: riverbend,
  });
  await ok(ws.proponent, 'act/cnsSubmit', { consultation: c.$id });
  response = (
    (await ok(ws.elder, 'act/cnsDistribute', { consultation: c.$id, communities: [riverbend] }))
      .responses as string[]
  )[0]!;
  openFile = await file('route-comments.pdf');
  eldersFile = await file('elders-story.pdf', { $protocols: [elders] });
}, 60_000);

afterAll(async () => {
  for (const c of Object.values(ws)) await c?.close();
  await server?.close();
  await tdb?.close();
});

describe('rwfSendResponse copies only what may go', () => {
  it('refuses a file the sender may not open, and sends nothing', async () => {
    const before = await proponentThreads();
    expect((await req(ws.staff, `read/${eldersFile}`)).userMessage).toBe('notAllowed');
    const r = await send(ws.staff, [openFile, eldersFile]);
    expect(r.userMessage).toBe('notAllowed');
    // The refusal does not name a file hidden from the sender.
    expect(JSON.stringify(r)).not.toContain('elders-story');
    expect(await proponentThreads()).toEqual(before);
  });

  it('refuses a protocol-restricted file even from a protocol member, naming it', async () => {
    const before = await proponentThreads();
    expect((await ok(ws.elder, `read/${eldersFile}`)).originalName).toBe('elders-story.pdf');
    const r = await send(ws.elder, [openFile, eldersFile]);
    expect(r.userMessage).toBe('invalidInput');
    expect(r.fields).toEqual([
      { path: 'attachments.1', key: 'errors.restrictedFile', params: { name: 'elders-story.pdf' } },
    ]);
    expect(await proponentThreads()).toEqual(before);
    expect((await items().readRow(response))!.data.state).not.toBe('RESPONDED');
  });

  it('sends an open file, which the proponent then reads', async () => {
    const sent = await ok(ws.staff, 'act/rwfSendResponse', {
      response,
      purpose: 'CONSULT_ACK',
      subject: 'Received',
      message: 'We have your referral.',
      attachments: [openFile],
    });
    const msg = await ok(ws.proponent, `read/${String(sent.message)}`);
    const [copy] = msg.attachments as string[];
    expect((await ok(ws.proponent, `read/${copy}`)).originalName).toBe('route-comments.pdf');
  });
});

describe('a letter holds only what every reader of it may read', () => {
  let body: string;
  let missing: unknown;
  beforeAll(async () => {
    const rb = riverbend;
    await items().create(SYSTEM, 'ConsultResponseConcern', { response, subject: 'Salmon spawning beds' });
    await items().create(SYSTEM, 'ConsultResponseConcern', {
      response,
      subject: 'Burial ground at the bend',
      $protocols: [elders],
    });
    // The outcome's wording is the orgAdmins' (PRIVATE: the Elder, an orgAdmin, reads it, the
    // staff do not); the priority's is the community's.
    await items().create(SYSTEM, 'LOVValue', {
      list: 'RWF_OUTCOMES',
      key: 'SUPPORT',
      state: 'ACTIVE',
      t: { en: 'Support once the Elders have spoken' },
      access: 'PRIVATE',
      owner: rb,
    });
    await items().create(SYSTEM, 'LOVValue', {
      list: 'CNS_PRIORITIES',
      key: 'HIGH',
      state: 'ACTIVE',
      t: { en: 'High priority' },
      owner: rb,
    });
    const cur = await items().read(SYSTEM, response);
    await items().update(SYSTEM, {
      $id: response,
      $version: cur.$version,
      outcome: 'SUPPORT',
      priority: 'HIGH',
    });
    const template = String(
      (
        await ok(ws.elder, 'create/LetterTemplate', {
          owner: rb,
          title: 'Response',
          body: 'Concerns: {{response.concerns}} Outcome: {{response.outcome}}. Priority: {{response.priority}}.',
        })
      ).$id,
    );
    // Drafted by an Elder, who reads everything above; read by the staff, as every letter is.
    const r = await ok(ws.elder, 'act/rwfLetterPropose', { response, template });
    missing = r.missing;
    body = String((await ok(ws.staff, `read/${String(r.$id)}`)).body);
  });

  it('leaves out a protocol-restricted concern, even drafted by an Elder', async () => {
    expect(body).toContain('- Salmon spawning beds');
    expect(body).not.toContain('Burial ground');
  });

  it('leaves out a list label kept from some reader, as a gap the staff see', async () => {
    expect(body).toContain('Priority: High priority.');
    expect(body).not.toContain('Elders have spoken');
    expect(body).toContain('{{response.outcome}}');
    expect(missing).toEqual(['response.outcome']);
  });
});
