import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZIP_DOWNLOADS_PER_USER } from '../src/server/files/zip-route';
import { UPLOADS_IN_FLIGHT_PER_USER } from '../src/server/files/upload-routes';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { tusCreate, tusPatch, tusUpload } from './helpers/tus';
import { connectAs, signIn, type WsClient } from './helpers/ws-client';

// Per-user quotas on a node every community shares (issue 36): uploads being sent at once and
// attachments zips being downloaded at once. One person past the quota gets a clear catalogue
// error (429); another person, and the same person once a slot is free, go on as before.

let tdb: TestDatabase;
let server: TestServer;
let dir: string;
let editorWs: WsClient;
const tokens = { editor: '', staff: '' };
let messageId: string;
let staffMessage: string;

beforeAll(async () => {
  tdb = await openTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-quotas-'));
  server = await startTestServer(tdb.database, { filesDir: dir, uploadMaxBytes: 4_000_000 });
  const items = server.app.services.items;
  const org = await makeOrg(items, 'Riverbend First Nation');
  const editor = await makeUser(items, [[org, 'editor']]);
  const staff = await makeUser(items, [[org, 'staff']]);
  tokens.editor = await signIn(server.url, editor.email, PASSWORD);
  tokens.staff = await signIn(server.url, staff.email, PASSWORD);
  editorWs = (await connectAs(server, editor.email, PASSWORD)).client;
  const thread = (
    await editorWs.call<{ $id: string }>('create/Thread', { subject: 'Quotas', $access: 'PROTECTED' })
  ).$id;
  messageId = (await editorWs.call<{ $id: string }>('create/Message', { thread, body: 'Files' })).$id;
  const staffWs = (await connectAs(server, staff.email, PASSWORD)).client;
  const own = (
    await staffWs.call<{ $id: string }>('create/Thread', { subject: 'Mine', $access: 'PROTECTED' })
  ).$id;
  staffMessage = (await staffWs.call<{ $id: string }>('create/Message', { thread: own, body: 'Mine' })).$id;
  await staffWs.close();
}, 60_000);

afterAll(async () => {
  await editorWs?.close();
  await server?.close();
  await tdb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A request whose body (or answer) is left hanging: the server holds it open until destroyed. */
function hanging(method: string, url: string, headers: Record<string, string>, firstBytes?: Buffer) {
  const req = http.request(url, { method, headers });
  const answered = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  req.on('error', () => {});
  if (firstBytes) req.write(firstBytes);
  else req.end();
  return { req, answered };
}

const settle = () => new Promise((r) => setTimeout(r, 200));

describe('per-user quotas', () => {
  it(`uploads: past ${UPLOADS_IN_FLIGHT_PER_USER} being sent at once, tooManyUploads; a slot comes back`, async () => {
    const made: string[] = [];
    for (let i = 0; i <= UPLOADS_IN_FLIGHT_PER_USER; i++) {
      const c = await tusCreate(server.url, tokens.editor, 1000, { rel: messageId, filename: `f${i}.txt` });
      expect(c.status).toBe(201);
      made.push(c.location!);
    }
    const open = made.slice(0, UPLOADS_IN_FLIGHT_PER_USER).map((url) =>
      hanging(
        'PATCH',
        url,
        {
          authorization: `Bearer ${tokens.editor}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': '1000',
        },
        Buffer.alloc(10, 'a'),
      ),
    );
    try {
      await settle();
      const refused = await tusPatch(made.at(-1)!, tokens.editor, 0, Buffer.alloc(1000, 'b'));
      expect(refused.status).toBe(429);
      // tusPatch read the body already: ask again to see it.
      const again = await fetch(made.at(-1)!, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${tokens.editor}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(1000),
      });
      expect(again.status).toBe(429);
      expect(await again.json()).toMatchObject({ erred: true, userMessage: 'tooManyUploads' });
      // Another person uploads meanwhile.
      const other = await tusUpload(server.url, tokens.staff, Buffer.from('staff file'), {
        rel: staffMessage,
        filename: 'staff.txt',
      });
      expect(other.attachmentId).not.toBe('');
    } finally {
      for (const o of open) o.req.destroy();
    }
    await settle();
    expect((await tusPatch(made.at(-1)!, tokens.editor, 0, Buffer.alloc(1000, 'c'))).status).toBe(204);
  });

  it(`attachments zips: past ${ZIP_DOWNLOADS_PER_USER} at once, tooManyDownloads; a slot comes back`, async () => {
    // Files that do not compress, more than sockets buffer: an unread download stays open.
    for (let i = 0; i < 6; i++)
      await tusUpload(server.url, tokens.editor, randomBytes(3_500_000), {
        rel: messageId,
        filename: `r${i}.bin`,
      });
    const url = `${server.url}/api/attachments-zip?q=${encodeURIComponent(JSON.stringify({ must: { rel: [messageId] } }))}`;
    const auth = { authorization: `Bearer ${tokens.editor}` };
    const open = Array.from({ length: ZIP_DOWNLOADS_PER_USER }, () => hanging('GET', url, auth));
    try {
      for (const o of open) {
        const res = await o.answered;
        expect(res.statusCode).toBe(200);
        res.pause();
      }
      const refused = await fetch(url, { headers: auth });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ erred: true, userMessage: 'tooManyDownloads' });
      // Another person downloads meanwhile.
      const staff = await fetch(url, { headers: { authorization: `Bearer ${tokens.staff}` } });
      expect(staff.status).toBe(200);
      await staff.arrayBuffer();
    } finally {
      for (const o of open) o.req.destroy();
    }
    await settle();
    const after = await fetch(url, { headers: auth });
    expect(after.status).toBe(200);
    await after.arrayBuffer();
  }, 60_000);
});
