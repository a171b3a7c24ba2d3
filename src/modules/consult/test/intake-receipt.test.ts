import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { MailSink } from '../../../../test/helpers/mail-sink';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// Issue 38, Deliver 1: a proponent who submits a referral is mailed a receipt through the real
// mail path (an SMTP server here), naming the community, the file numbers, the date asked for and
// a link, with the PDF of the submission attached and its download link; community staff who log
// one themselves are not.

/** The first application/pdf part of a raw MIME message, decoded (nodemailer writes base64). */
function pdfPart(raw: string): Uint8Array | null {
  const m = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n(?:--|\r?\n|$)/i.exec(
    raw,
  );
  return m ? new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')) : null;
}

let tdb: TestDatabase;
let server: TestServer;
let sink: MailSink;
const org: Record<string, string> = {};
const who: Record<string, { id: string; email: string }> = {};
const clients: Record<string, WsClient> = {};

async function setCaps(id: string, caps: string[]) {
  const items = server.app.services.items;
  const row = await items.read(SYSTEM, id);
  await items.update(SYSTEM, { $id: id, $version: row.$version, capabilities: caps });
}

beforeAll(async () => {
  sink = await MailSink.start();
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, { smtpUrl: sink.url, publicUrl: 'https://ckk.example' });
  const items = server.app.services.items;
  org.riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  org.pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  await setCaps(org.riverbend, ['Consult', 'ConsultRespond']);
  await setCaps(org.pipeline, ['Consult', 'ConsultDrafts']);
  who.officer = await makeUser(items, [[org.riverbend, 'editor']]);
  who.proponent = await makeUser(items, [[org.pipeline, 'editor']]);
  for (const [k, u] of Object.entries(who)) clients[k] = (await connectAs(server, u.email, PASSWORD)).client;
});

afterAll(async () => {
  for (const c of Object.values(clients)) await c.close();
  await server?.close();
  await tdb?.close();
  await sink?.close();
});

async function call(as: string, o: string, b: unknown) {
  const r = (await clients[as]!.request(o, b)).b as Record<string, unknown>;
  if (r.erred) throw new Error(`${o} as ${as}: ${JSON.stringify(r)}`);
  return r;
}

describe('the submission receipt', () => {
  it('is mailed to the proponent who submits: the community, file numbers, requested date and a link', async () => {
    const c = await call('proponent', 'create/Consultation', {
      projectName: 'Bear Pass lateral',
      primaryOrg: org.pipeline,
      submittedTo: org.riverbend,
      identifiers: ['NP-2026-014', 'MOL-88812'],
      requestedResponseDate: '2027-01-06',
    });
    const seen = sink.to(who.proponent!.email).length;
    await call('proponent', 'act/cnsSubmit', { consultation: c.$id });
    const mail = await sink.next(who.proponent!.email, seen);
    expect(mail.headers.subject).toBe('Riverbend First Nation received your referral: Bear Pass lateral');
    expect(mail.body).toContain('Riverbend First Nation received your referral “Bear Pass lateral” on ');
    expect(mail.body).toContain('File numbers: NP-2026-014, MOL-88812');
    expect(mail.body).toContain('Response requested by: 6 January 2027');
    expect(mail.body).toContain(`https://ckk.example/i-${String(c.$id)}`);
    expect(mail.body).toContain('A PDF of what you submitted is attached. You can download it again here:');
    expect(mail.body).toContain(
      `https://ckk.example/api/consult/submission.pdf?consultation=${encodeURIComponent(String(c.$id))}`,
    );
    // Folded header lines unfolded: the part is an attachment with the PDF's name.
    const raw = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toContain('Content-Type: application/pdf; name="Bear Pass lateral - NP-2026-014.pdf"');
    expect(raw).toContain('Content-Disposition: attachment; filename="Bear Pass lateral - NP-2026-014.pdf"');
    const pdf = pdfPart(mail.raw);
    expect(pdf, 'the PDF part').not.toBeNull();
    const text = (await extractText(await getDocumentProxy(pdf!), { mergePages: true })).text;
    expect(text).toContain('Referral submitted to Riverbend First Nation');
    expect(text).toContain('NP-2026-014, MOL-88812');
    expect(text).toContain('6 January 2027');
  });

  it('is not mailed to community staff who log a referral themselves', async () => {
    const c = await call('officer', 'create/Consultation', {
      projectName: 'Gravel pit extension',
      primaryOrg: org.pipeline,
      submittedTo: org.riverbend,
    });
    await call('officer', 'act/cnsSubmit', { consultation: c.$id });
    await server.app.services.mailer.idle();
    expect(sink.to(who.officer!.email)).toEqual([]);
  });
});
