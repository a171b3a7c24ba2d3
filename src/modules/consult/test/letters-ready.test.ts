import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { mimeGroup } from '../../../protocol/files';
import { fileKey } from '../../../server/files/storage';
import { PASSWORD, makeOrg, makeUser, setCapabilities } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { bytesOf, fail, ok, type Body } from './letter-fixture';

// Letters ready to send (issue 37, deliver 7; docs/consult-letters.md): a template with its
// letterhead, address and signatory, made and changed by the community's staff holding the
// capability; a letter that greets the proponent's contact and carries the file number; its PDF
// previewed with the recipients before the send; the sent PDF and DOCX kept among the
// consultation's files, read by the letter's readers alone.

const SIGNATORY = 'Mary Thunderbird ᓀᐦᐃᔭᐍᐏᐣ';
const FILE_NO = 'NP-2026-014';

let tdb: TestDatabase;
let server: TestServer;
const ws: Record<'officer' | 'staff' | 'approver' | 'member' | 'proponent' | 'outsider', WsClient> =
  {} as never;
let riverbend: string;
let pipeline: string;
let consultation: string;
let response: string;
let template: string;
let letter: string;
let pdfId: string;
let docxId: string;

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;

/** A letterhead uploaded into the template's field, as finish-upload does it. */
async function uploadLetterhead(to: string) {
  const { services } = server.app;
  const bytes = await sharp({
    create: { width: 600, height: 100, channels: 3, background: { r: 31, g: 94, b: 91 } },
  })
    .png()
    .toBuffer();
  const fileID = randomBytes(16).toString('hex');
  await services.files.write(fileKey(fileID), bytes);
  await services.items.create(SYSTEM, 'Attachment', {
    originalName: 'letterhead.png',
    fileID,
    uppyID: fileID,
    filetype: 'image/png',
    mimeGroup: mimeGroup('image/png'),
    size: bytes.length,
    rel: to,
    relProp: 'letterhead',
    relType: 'LetterTemplate',
    trashed: false,
  });
  const row = await services.items.read(SYSTEM, to);
  await services.items.update(SYSTEM, { $id: to, $version: row.$version, letterhead: fileID });
}

async function distributed(c: WsClient, data: Body): Promise<{ consultation: string; response: string }> {
  const made = await ok(c, 'create/Consultation', { submittedTo: riverbend, primaryOrg: pipeline, ...data });
  await ok(c, 'act/cnsSubmit', { consultation: made.$id });
  const r = await ok(ws.officer, 'act/cnsDistribute', { consultation: made.$id, communities: [riverbend] });
  return { consultation: String(made.$id), response: (r.responses as string[])[0]! };
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const eagle = await makeOrg(items, 'Eagle Lake Nation', 'COMMUNITY');
  await setCapabilities(server.app.services.items, riverbend, [
    'Consult',
    'ConsultRespond',
    'ResponseLetter',
  ]);
  await setCapabilities(server.app.services.items, eagle, ['Consult', 'ConsultRespond']);
  await setCapabilities(server.app.services.items, pipeline, ['Consult', 'ConsultDrafts']);
  const users = {
    officer: await makeUser(items, [[riverbend, 'editor']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    approver: await makeUser(items, [[riverbend, 'staff']]),
    member: await makeUser(items, [[riverbend, 'member']]),
    proponent: await makeUser(items, [[pipeline, 'editor']]),
    outsider: await makeUser(items, [[eagle, 'staff']]),
  };
  for (const [k, u] of Object.entries(users))
    ws[k as keyof typeof ws] = (await connectAs(server, u.email, PASSWORD)).client;
  // The proponent's contact as the community keeps it (a card its staff read).
  const contact = await ok(ws.officer, 'create/Contact', {
    owner: riverbend,
    firstName: 'Lucy',
    lastName: 'Moosehide',
    email: 'lucy@northernpipeline.example',
    _related: [pipeline],
  });
  // Recorded by the lands officer on the proponent's behalf (the demo's Cedar Ridge referrals).
  ({ consultation, response } = await distributed(ws.officer, {
    owner: riverbend,
    projectName: 'North Loop expansion',
    identifiers: [FILE_NO],
    primaryContacts: [contact.$id],
  }));
  const wf = await ok(ws.officer, 'create/Workflow', {
    owner: riverbend,
    label: 'Letter',
    appliesTo: 'ConsultResponse',
    steps: [
      {
        id: 'p',
        kind: 'RWF_LETTER_PROPOSE',
        label: 'Propose',
        rule: 'next',
        assignee: { user: users.officer.id },
      },
      {
        id: 'a',
        kind: 'RWF_LETTER_APPROVE',
        label: 'Approve',
        rule: 'next',
        assignee: { user: users.approver.id },
      },
      { id: 's', kind: 'RWF_LETTER_SEND', label: 'Send', rule: 'next' },
    ],
  });
  await ok(ws.officer, 'act/wfSet', { item: response, workflow: wf.$id });
}, 180_000);

afterAll(async () => {
  for (const c of Object.values(ws)) await c?.close();
  await server?.close();
  await tdb?.close();
});

describe('letter templates', () => {
  it('are made and changed by the community editors where it holds the capability, nobody else', async () => {
    const made = await ok(ws.officer, 'create/LetterTemplate', {
      owner: riverbend,
      title: 'Response',
      address: 'Riverbend First Nation\n100 River Road\nRiverbend, ON P0T 1A0',
      signatoryName: 'Someone',
      signatoryTitle: 'Lands Manager',
      body: '{{today}}\n\nDear {{addressee.name}},\n\nOur file {{consultation.fileNumber}}.\n\nSincerely,',
    });
    template = String(made.$id);
    const changed = await ok(ws.officer, 'update', {
      $id: template,
      $version: made.$version,
      signatoryName: SIGNATORY,
    });
    expect(changed.signatoryName).toBe(SIGNATORY);
    await uploadLetterhead(template);
    // Staff below editor read it and do not change it; another community without the capability,
    // a member, the proponent: refused.
    await ok(ws.staff, `read/${template}`);
    await fail(ws.staff, 'update', { $id: template, $version: changed.$version, title: 'x' });
    await fail(ws.staff, 'create/LetterTemplate', { owner: riverbend, title: 'x', body: 'x' });
    await fail(ws.outsider, 'create/LetterTemplate', { owner: riverbend, title: 'x', body: 'x' });
    await fail(ws.member, 'create/LetterTemplate', { owner: riverbend, title: 'x', body: 'x' });
    await fail(ws.proponent, 'create/LetterTemplate', { owner: pipeline, title: 'x', body: 'x' });
    await fail(ws.proponent, `read/${template}`);
  });
});

describe('a letter ready to send', () => {
  it('greets the contact by name and keeps the file number, address, signatory and letterhead', async () => {
    letter = String((await ok(ws.officer, 'act/rwfLetterPropose', { response, template })).$id);
    const l = await ok(ws.officer, `read/${letter}`);
    expect(l.body).toContain('Dear Lucy Moosehide,');
    expect(l.body).not.toContain('Dear Northern Pipeline');
    expect(l.body).toContain(`Our file ${FILE_NO}.`);
    expect(l).toMatchObject({
      fileNumber: FILE_NO,
      signatoryName: SIGNATORY,
      signatoryTitle: 'Lands Manager',
      fromAddress: 'Riverbend First Nation\n100 River Road\nRiverbend, ON P0T 1A0',
    });
    expect(String(l.letterhead)).toMatch(/^Attachment-/);
  });

  it("falls back to the organisation's name when no contact every reader may read is named", async () => {
    // The proponent's own card: the community's staff (the letter's readers) may not read it.
    const theirs = await ok(ws.proponent, 'create/Contact', {
      owner: pipeline,
      firstName: 'Karen',
      lastName: 'Secret',
      _related: [pipeline],
    });
    const other = await distributed(ws.proponent, {
      projectName: 'Bear Pass lateral',
      primaryContacts: [theirs.$id],
    });
    await ok(ws.officer, 'act/wfSet', {
      item: other.response,
      workflow: ((await ok(ws.officer, `read/${response}`))._wf as { workflow: string }).workflow,
    });
    const r = await ok(ws.officer, 'act/rwfLetterPropose', { response: other.response, template });
    const l = await ok(ws.officer, `read/${String(r.$id)}`);
    expect(l.body).toContain('Dear Northern Pipeline Corp.,');
    expect(l.body).not.toContain('Karen');
    expect(r.missing).toEqual(['consultation.fileNumber']);
  });

  it('previews the PDF the send makes, with letterhead, file number and signatory, and lists the recipients', async () => {
    const p = await ok(ws.staff, 'act/rwfLetterPreview', { letter });
    const pdf = Buffer.from(String(p.pdf), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(new Uint8Array(pdf));
    expect(text).toContain(`File no. ${FILE_NO}`);
    expect(text).toContain(SIGNATORY);
    expect(text).toContain('Lands Manager');
    expect(text).toContain('100 River Road');
    expect(text).toContain('Dear Lucy Moosehide,');
    // The letterhead is an image XObject in the file.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    // The organisation, and the people the thread names (its contact; here also the officer who
    // recorded the referral, whom the thread names as its drafter).
    expect(p.recipients).toContainEqual({
      kind: 'organisation',
      name: 'Northern Pipeline Corp.',
      email: null,
      organisation: null,
    });
    expect(p.recipients).toContainEqual({
      kind: 'person',
      name: 'Lucy Moosehide',
      email: 'lucy@northernpipeline.example',
      organisation: 'Northern Pipeline Corp.',
    });
    expect(p.others).toBe(0);
    // Neither the proponent nor another community previews it.
    expect((await fail(ws.proponent, 'act/rwfLetterPreview', { letter })).userMessage).toBe('notFound');
    expect((await fail(ws.outsider, 'act/rwfLetterPreview', { letter })).userMessage).toBe('notFound');
  });

  it('sends, and keeps the PDF and DOCX among the consultation files for the letter readers only', async () => {
    await ok(ws.officer, 'act/wfSetStepState', { item: response, step: 'p', state: 'COMPLETE' });
    await ok(ws.approver, 'act/wfSetStepState', { item: response, step: 'a', state: 'COMPLETE' });
    const sent = await ok(ws.officer, 'act/rwfLetterSend', { letter });
    pdfId = String(sent.pdf);
    docxId = String(sent.docx);
    const pdfRow = await ok(ws.staff, `read/${pdfId}`);
    expect(pdfRow).toMatchObject({ rel: response, relType: 'ConsultResponse', filetype: 'application/pdf' });

    // Listed among the consultation's files (consult.attachments) for its staff.
    const listed = await ok(ws.staff, 'search/ids', {
      must: { _t: ['ConsultAttachment'], consultation: [consultation] },
      max: 50,
    });
    const rows = await Promise.all((listed.ids as string[]).map((id) => ok(ws.staff, `read/${id}`)));
    expect(rows.map((r) => r.attachment).sort()).toEqual([docxId, pdfId].sort());
    expect(rows.find((r) => r.attachment === pdfId)).toMatchObject({
      extension: 'pdf',
      projectName: 'North Loop expansion',
    });

    const text = await pdfText(new Uint8Array(await bytesOf(server, pdfId)));
    expect(text).toContain(`File no. ${FILE_NO}`);
    expect(text).toContain(SIGNATORY);
    const xml = new TextDecoder().decode(
      unzipSync(new Uint8Array(await bytesOf(server, docxId)))['word/document.xml'],
    );
    expect(xml).toContain(SIGNATORY);
    expect(xml).toContain(`File no. ${FILE_NO}`);
    expect(xml).toContain('<pic:pic');

    // The message the proponent reads is signed too.
    const msg = await ok(ws.proponent, `read/${String(sent.message)}`);
    expect(String(msg.body)).toContain(SIGNATORY);
    expect(String(msg.body)).toContain(`File no. ${FILE_NO}`);
  }, 60_000);

  it('a reader who may not read the letter reads none of its kept files', async () => {
    // The proponent reads the consultation itself, so a file of the consultation would be theirs.
    await ok(ws.proponent, `read/${consultation}`);
    for (const who of [ws.proponent, ws.member, ws.outsider]) {
      await fail(who, `read/${letter}`);
      await fail(who, `read/${pdfId}`);
      await fail(who, `read/${docxId}`);
      const r = await ok(who, 'search/ids', {
        must: { _t: ['ConsultAttachment'], consultation: [consultation] },
      });
      expect(r.ids).toEqual([]);
    }
  });
});
