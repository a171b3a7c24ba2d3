import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { mimeGroup } from '../../../protocol/files';
import { fileKey } from '../../../server/files/storage';
import { LETTERHEAD_MAX } from '../server/letters/letterhead';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import type { WsClient } from '../../../../test/helpers/ws-client';
import { bytesOf, letterWorld, ok } from './letter-fixture';

// A letter keeps its letterhead's file id when drafted, but the file may change after: its
// template closed to fewer readers, its bytes no longer an image, grown past the cap. Every
// preview and every send judges it again (server/letters/letterhead.ts usableLetterhead) and
// prints the letter without it rather than embed what the letter's readers may not read.

let tdb: TestDatabase;
let server: TestServer;
const ws: Record<'officer' | 'approver', WsClient> = {} as never;
let response: string;
let template: string;
let letter: string;
let headKey: string;
let goodPng: Buffer;

/** Does the PDF embed an image (the letterhead is the letter's only one)? */
const hasImage = (pdf: Buffer) => /\/Subtype\s*\/Image/.test(pdf.toString('latin1'));
const preview = async () =>
  Buffer.from(String((await ok(ws.officer, 'act/rwfLetterPreview', { letter })).pdf), 'base64');

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const { items, files } = server.app.services;
  goodPng = await sharp({
    create: { width: 600, height: 100, channels: 3, background: { r: 31, g: 94, b: 91 } },
  })
    .png()
    .toBuffer();
  // The template's letterhead, given before the letter is drafted from it.
  const w = await letterWorld(server, async ({ template: t }) => {
    const fileID = randomBytes(16).toString('hex');
    headKey = fileKey(fileID);
    await files.write(headKey, goodPng);
    await items.create(SYSTEM, 'Attachment', {
      originalName: 'letterhead.png',
      fileID,
      uppyID: fileID,
      filetype: 'image/png',
      mimeGroup: mimeGroup('image/png'),
      size: goodPng.length,
      rel: t,
      relProp: 'letterhead',
      relType: 'LetterTemplate',
      trashed: false,
    });
    const row = await items.read(SYSTEM, t);
    await items.update(SYSTEM, { $id: t, $version: row.$version, letterhead: fileID });
  });
  ws.officer = w.officer.ws;
  ws.approver = w.approver.ws;
  response = w.response;
  template = w.template;
  letter = w.letter;
}, 180_000);

afterAll(async () => {
  for (const c of Object.values(ws)) await c?.close();
  await server?.close();
  await tdb?.close();
});

describe('a letter letterhead', () => {
  it('is printed while it is usable', async () => {
    expect(String((await ok(ws.officer, `read/${letter}`)).letterhead)).toMatch(/^Attachment-/);
    expect(hasImage(await preview())).toBe(true);
  });

  it('heads the invoice as it heads the letter, and is left out of both when unusable', async () => {
    await ok(ws.officer, 'create/ConsultTimeEntry', {
      response,
      date: new Date().toISOString().slice(0, 10),
      hours: 1.5,
      role: 'LANDS_OFFICER',
    });
    const invoice = async () =>
      Buffer.from(String((await ok(ws.officer, 'act/rwfInvoicePreview', { response })).pdf), 'base64');
    expect(hasImage(await invoice())).toBe(true);
    const { files } = server.app.services;
    await files.write(headKey, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(hasImage(await invoice())).toBe(false);
    await files.write(headKey, goodPng);
  });

  it('is left out of the preview when its bytes are no longer an image, or grew past the cap', async () => {
    const { files } = server.app.services;
    await files.write(headKey, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(hasImage(await preview())).toBe(false);
    // A PNG signature on bytes larger than LETTERHEAD_MAX, its row still giving the small size.
    await files.write(headKey, Buffer.concat([goodPng, Buffer.alloc(LETTERHEAD_MAX)]));
    expect(hasImage(await preview())).toBe(false);
  }, 60_000);

  it('is left out of the preview and the send once the letter readers may no longer read it', async () => {
    const { items, files } = server.app.services;
    await files.write(headKey, goodPng);
    expect(hasImage(await preview())).toBe(true);
    // The template closed to its orgAdmins: its file follows it, out of the response's staff's reach.
    const row = await items.read(SYSTEM, template);
    await items.update(SYSTEM, { $id: template, $version: row.$version, $access: 'PRIVATE' });
    expect(hasImage(await preview())).toBe(false);

    await ok(ws.officer, 'act/wfSetStepState', { item: response, step: 'p', state: 'COMPLETE' });
    await ok(ws.approver, 'act/wfSetStepState', { item: response, step: 'a', state: 'COMPLETE' });
    const sent = await ok(ws.officer, 'act/rwfLetterSend', { letter });
    expect(hasImage(await bytesOf(server, String(sent.pdf)))).toBe(false);
    const zip = unzipSync(new Uint8Array(await bytesOf(server, String(sent.docx))));
    expect(new TextDecoder().decode(zip['word/document.xml'])).not.toContain('<pic:pic');
    expect(Object.keys(zip).filter((k) => k.startsWith('word/media/'))).toEqual([]);
  }, 60_000);
});
