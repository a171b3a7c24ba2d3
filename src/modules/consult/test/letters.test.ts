import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { PASSWORD, makeOrg, makeUser, setCapabilities } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { bytesOf, fail, ok, type Body } from './letter-fixture';

// Response letters end to end on the server, over the WebSocket as the client does: a template,
// the letter proposed and edited, approved only by the chosen approver (or sent back), sent as
// the CONSULT_RESPONSE thread's message with a PDF and a DOCX that hold the Indigenous name.

const NAME = 'Sḵwx̱wú7mesh Úxwumixw ł ʷ ǧ ᓀᐦᐃᔭᐍᐏᐣ';

let tdb: TestDatabase;
let server: TestServer;
const ws: Record<'officer' | 'approver' | 'staff' | 'proponent' | 'regulator', WsClient> = {} as never;
let consultation: string;
let approverId: string;
let response: string;
let riverbend: string;
let template: string;
let letter: string;

const code = (r: Body) => r.userMessage;

async function steps() {
  const r = await ok(ws.officer, `read/${response}`);
  return (r._wf as { steps: { id: string; state: string; assignedTo: string | null }[] }).steps;
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  riverbend = await makeOrg(items, NAME, 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  await setCapabilities(server.app.services.items, riverbend, ['Consult', 'ConsultRespond']);
  await setCapabilities(server.app.services.items, pipeline, ['Consult', 'ConsultDrafts']);
  const officer = await makeUser(items, [[riverbend, 'editor']]);
  const approver = await makeUser(items, [[riverbend, 'staff']]);
  const staff = await makeUser(items, [[riverbend, 'staff']]);
  const proponent = await makeUser(items, [[pipeline, 'editor']]);
  const ministry = await makeOrg(items, 'Ministry of Lands', 'GOVERNMENT');
  await setCapabilities(server.app.services.items, ministry, ['Consult']);
  const regulator = await makeUser(items, [[ministry, 'editor']]);
  approverId = approver.id;
  for (const [k, u] of Object.entries({ officer, approver, staff, proponent, regulator }))
    ws[k as keyof typeof ws] = (await connectAs(server, u.email, PASSWORD)).client;
  const c = await ok(ws.proponent, 'create/Consultation', {
    projectName: 'Ridge *road*',
    primaryOrg: pipeline,
    submittedTo: riverbend,
  });
  await ok(ws.proponent, 'act/cnsSubmit', { consultation: c.$id });
  consultation = String(c.$id);
  await ok(ws.officer, 'act/cnsSetRole', { consultation, org: ministry, role: 'REGULATOR' });
  response = (
    (await ok(ws.officer, 'act/cnsDistribute', { consultation: c.$id, communities: [riverbend] }))
      .responses as string[]
  )[0]!;
  await ok(ws.officer, 'create/ConsultResponseConcern', { response, subject: 'Salmon spawning beds' });
  // A template is created where the community holds the capability; the first test takes it away.
  await setCapabilities(server.app.services.items, riverbend, [
    'Consult',
    'ConsultRespond',
    'ResponseLetter',
  ]);
  const templateBody = {
    owner: riverbend,
    title: 'Response',
    body:
      '# Re: {{project.name}}\n\nDear {{proponent.name}},\n\n{{community.name}} has **reviewed** the project. ' +
      'Our concerns: {{response.concerns}} Outcome: {{response.outcome}}.',
  };
  // On PostgreSQL an open session learns the organisation's new capability a NOTIFY later.
  let made: { $id?: string; erred?: boolean } = {};
  for (let i = 0; i < 50 && !made.$id; i++) {
    made = (await ws.officer!.request('create/LetterTemplate', templateBody)).b as typeof made;
    if (!made.$id) await new Promise((r) => setTimeout(r, 100));
  }
  template = String((made.$id ? made : await ok(ws.officer, 'create/LetterTemplate', templateBody)).$id);
  const wf = await ok(ws.officer, 'create/Workflow', {
    owner: riverbend,
    label: 'Letter',
    appliesTo: 'ConsultResponse',
    steps: [
      { id: 'p', kind: 'RWF_LETTER_PROPOSE', label: 'Propose', rule: 'next', assignee: { user: officer.id } },
      {
        id: 'a',
        kind: 'RWF_LETTER_APPROVE',
        label: 'Approve',
        rule: 'next',
        assignee: { user: approver.id },
      },
      { id: 's', kind: 'RWF_LETTER_SEND', label: 'Send', rule: 'next' },
    ],
  });
  await ok(ws.officer, 'act/wfSet', { item: response, workflow: wf.$id });
  await setCapabilities(server.app.services.items, riverbend, ['Consult', 'ConsultRespond']);
}, 60_000);

afterAll(async () => {
  for (const c of Object.values(ws)) await c?.close();
  await server?.close();
  await tdb?.close();
});

describe('response letters', () => {
  it('needs the response-letter capability', async () => {
    const refused = await fail(ws.officer, 'act/rwfLetterPropose', { response, template });
    await setCapabilities(server.app.services.items, riverbend, [
      'Consult',
      'ConsultRespond',
      'ResponseLetter',
    ]);
    expect(code(refused)).toBe('notAllowed');
  });

  it("refuses another organisation's template", async () => {
    const { items } = server.app.services;
    const other = await makeOrg(items, 'Eagle Lake Nation', 'COMMUNITY');
    const theirs = await items.create(SYSTEM, 'LetterTemplate', {
      owner: other,
      title: 'Theirs',
      body: 'Private wording of Eagle Lake.',
    });
    const r = await fail(ws.officer, 'act/rwfLetterPropose', { response, template: theirs.$id });
    expect(r.fields).toEqual([{ path: 'template', key: 'errors.invalidValue' }]);
  });

  it('a proponent never sees the template', async () => {
    await fail(ws.proponent, `read/${template}`);
    const r = await ok(ws.proponent, 'search/ids', { must: { _t: ['LetterTemplate'] } });
    expect(r.ids).toEqual([]);
  });

  it('proposes a filled draft; gaps stay visible and block the step', async () => {
    expect(
      (await fail(ws.officer, 'act/wfSetStepState', { item: response, step: 'p', state: 'COMPLETE' })).fields,
    ).toEqual([{ path: 'letter', key: 'errors.required' }]);
    const r = await ok(ws.officer, 'act/rwfLetterPropose', { response, template });
    letter = String(r.$id);
    expect(r).toMatchObject({ state: 'DRAFT', missing: ['response.outcome'] });
    const l = await ok(ws.officer, `read/${letter}`);
    expect(l.body).toContain(`Dear Northern Pipeline Corp.,`);
    expect(l.body).toContain(`Re: Ridge \\*road\\*`);
    expect(l.body).toContain('- Salmon spawning beds');
    expect(l.body).toContain('{{response.outcome}}');
    const refused = await fail(ws.officer, 'act/wfSetStepState', {
      item: response,
      step: 'p',
      state: 'COMPLETE',
    });
    expect(refused.fields).toEqual([
      { path: 'body', key: 'errors.required', params: { missing: 'response.outcome' } },
    ]);
  });

  it('staff edit the draft, then the propose step hands it to the approver', async () => {
    const l = await ok(ws.officer, `read/${letter}`);
    const body = String(l.body).replace('{{response.outcome}}', 'we ask for changes');
    await ok(ws.staff, 'act/rwfLetterSave', { letter, subject: String(l.subject), body });
    await ok(ws.officer, 'act/wfSetStepState', { item: response, step: 'p', state: 'COMPLETE' });
    expect((await ok(ws.officer, `read/${letter}`)).state).toBe('PROPOSED');
    const s = await steps();
    expect(s.find((x) => x.id === 'a')).toMatchObject({ state: 'ACTIVE', assignedTo: approverId });
  });

  it('only the chosen approver approves or sends back', async () => {
    for (const who of [ws.officer, ws.staff]) {
      expect(
        code(await fail(who, 'act/wfSetStepState', { item: response, step: 'a', state: 'COMPLETE' })),
      ).toBe('notAllowed');
      expect(code(await fail(who, 'act/rwfLetterReturn', { letter, note: 'no' }))).toBe('notAllowed');
    }
    await ok(ws.approver, 'act/rwfLetterReturn', { letter, note: 'Name the river.' });
    expect(await ok(ws.officer, `read/${letter}`)).toMatchObject({
      state: 'DRAFT',
      returnNote: 'Name the river.',
    });
    // Nothing to approve while it is back with the staff.
    expect(
      (await fail(ws.approver, 'act/wfSetStepState', { item: response, step: 'a', state: 'COMPLETE' }))
        .fields,
    ).toEqual([{ path: 'letter', key: 'errors.required' }]);
    const l = await ok(ws.officer, `read/${letter}`);
    await ok(ws.officer, 'act/rwfLetterSave', {
      letter,
      subject: String(l.subject),
      body: `${String(l.body)}\n\nThe river is ${NAME}.`,
      submit: true,
    });
    await ok(ws.approver, 'act/wfSetStepState', { item: response, step: 'a', state: 'COMPLETE' });
    expect(await ok(ws.officer, `read/${letter}`)).toMatchObject({
      state: 'APPROVED',
      approvedBy: approverId,
    });
    // What was approved is frozen.
    await fail(ws.officer, 'act/rwfLetterSave', { letter, subject: 'x', body: 'changed' });
  });

  it('a proponent cannot read or send the draft', async () => {
    await fail(ws.proponent, `read/${letter}`);
    expect((await ok(ws.proponent, 'search/ids', { must: { _t: ['ResponseLetter'] } })).ids).toEqual([]);
    expect(code(await fail(ws.proponent, 'act/rwfLetterSend', { letter }))).toBe('notFound');
  });

  it('sends it as the response thread message with a PDF and a DOCX holding the name', async () => {
    await fail(ws.officer, 'act/wfSetStepState', { item: response, step: 's', state: 'COMPLETE' });
    // The confirmation names the regulator a copy may go to (issue 38); nothing is theirs yet.
    expect((await ok(ws.officer, 'act/rwfLetterPreview', { letter })).regulators).toEqual([
      'Ministry of Lands',
    ]);
    const threads = { must: { _t: ['Thread'], context: [consultation], purpose: ['CONSULT_RESPONSE'] } };
    expect((await ok(ws.regulator, 'search/ids', threads)).ids).toEqual([]);
    const sent = await ok(ws.officer, 'act/rwfLetterSend', { letter, copyRegulators: true });
    await ok(ws.officer, 'act/wfSetStepState', { item: response, step: 's', state: 'COMPLETE' });
    expect((await ok(ws.officer, `read/${letter}`)).state).toBe('SENT');
    expect((await ok(ws.officer, `read/${response}`)).state).toBe('RESPONDED');

    // The proponent reads the thread and its message, and the message's two files.
    const thread = await ok(ws.proponent, `read/${String(sent.thread)}`);
    expect(thread.purpose).toBe('CONSULT_RESPONSE');
    const msg = await ok(ws.proponent, `read/${String(sent.message)}`);
    expect(String(msg.body)).toContain(`The river is ${NAME}.`);
    const files = msg.attachments as string[];
    expect(files).toHaveLength(2);
    const rows = await Promise.all(files.map((f) => ok(ws.proponent, `read/${f}`)));
    expect(rows.map((r) => r.filetype).sort()).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
    // …but never the response's own copies.
    await fail(ws.proponent, `read/${String(sent.pdf)}`);
    // The regulator, copied: the thread, the letter and its files, never the response or its copies.
    expect((await ok(ws.regulator, 'search/ids', threads)).ids).toEqual([sent.thread]);
    expect(String((await ok(ws.regulator, `read/${String(sent.message)}`)).body)).toContain(NAME);
    for (const f of files) await ok(ws.regulator, `read/${f}`);
    for (const hidden of [response, String(sent.pdf), letter]) await fail(ws.regulator, `read/${hidden}`);

    const pdfFile = rows.find((r) => r.filetype === 'application/pdf')!;
    const pdf = await bytesOf(server, String(pdfFile.$id));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(NAME);
    expect(text).toContain('Re: Ridge *road*');

    const docxFile = rows.find((r) => r.filetype !== 'application/pdf')!;
    const zip = unzipSync(new Uint8Array(await bytesOf(server, String(docxFile.$id))));
    const xml = new TextDecoder().decode(zip['word/document.xml']);
    expect(xml).toContain(NAME);
  }, 60_000);
});
