import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/server/auth/principals';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { tusCreate, tusUpload } from './helpers/tus';
import { signIn } from './helpers/ws-client';

// A reply with a file (issue 5): the participant creates the Message, then uploads into its
// `attachments`. The file follows the Message, which follows the Thread: whoever reads the
// thread gets the bytes; anyone else gets 404, as if the file did not exist.

let tdb: TestDatabase;
let server: TestServer;
let filesDir: string;
const tok: Record<string, string> = {};
let thread: string;
let message: string;
let attachment: string;

const BYTES = new TextEncoder().encode('Site visit notes: culvert 3 is blocked.\n');

beforeAll(async () => {
  tdb = await openTestDatabase();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-msg-files-'));
  server = await startTestServer(tdb.database, { filesDir });
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation');
  const northern = await makeOrg(items, 'Northern Pipeline Ltd', 'INDUSTRY');
  const editor = await makeUser(items, [[riverbend, 'editor']]);
  const participant = await makeUser(items, [[riverbend, 'staff']]);
  const colleague = await makeUser(items, [[riverbend, 'staff']]);
  const member = await makeUser(items, [[riverbend, 'member']]);
  const outsider = await makeUser(items, [[northern, 'editor']]);
  for (const [k, u] of Object.entries({ editor, participant, colleague, member, outsider }))
    tok[k] = await signIn(server.url, u.email, PASSWORD);
  const editorP = (await loadPrincipal(items.db, editor.id, null))!;
  const participantP = (await loadPrincipal(items.db, participant.id, null))!;
  thread = (
    await items.create(editorP, 'Thread', {
      subject: 'Culvert inspection',
      $access: 'PROTECTED',
      participants: [participant.id],
    })
  ).$id;
  message = (await items.create(participantP, 'Message', { thread, body: 'Notes attached.' })).$id;
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

const get = (p: string, token: string | null) =>
  fetch(`${server.url}${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('a file attached to a reply', () => {
  it('the author of the reply uploads into it and the server links it to the Message', async () => {
    const up = await tusUpload(server.url, tok.participant!, BYTES, {
      rel: message,
      relProp: 'attachments',
      filename: 'site-notes.txt',
    });
    attachment = up.attachmentId;
    expect(attachment).toMatch(/^Attachment-\d+$/);
    const row = await server.app.services.items.readRow(message);
    expect(row?.data.attachments).toEqual([attachment]);
    const att = await server.app.services.items.readRow(attachment);
    expect(att?.data).toMatchObject({ rel: message, relProp: 'attachments', originalName: 'site-notes.txt' });
  });

  it('someone else who may reply but not edit cannot add files to that reply', async () => {
    const c = await tusCreate(server.url, tok.colleague!, BYTES.length, {
      rel: message,
      relProp: 'attachments',
      filename: 'not-mine.txt',
    });
    expect(c.status).toBe(403);
    const out = await tusCreate(server.url, tok.outsider!, BYTES.length, { rel: message, filename: 'x.txt' });
    expect(out.status).toBe(404);
  });

  it.each([
    ['participant', 200],
    ['editor', 200],
    ['colleague', 200],
    ['member', 404],
    ['outsider', 404],
    ['signedOut', 404],
  ] as const)('%s fetching it gets %i', async (who, status) => {
    const token = who === 'signedOut' ? null : tok[who]!;
    for (const p of [`/attachment/${attachment}`, `/attachment/${attachment}/site-notes.txt?download=1`]) {
      const res = await get(p, token);
      expect({ p, status: res.status }).toEqual({ p, status });
      const body = await res.text();
      if (status === 200) expect(body).toContain('culvert 3 is blocked');
    }
  });
});
