import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLevel, Role } from '../src/protocol/access-levels';
import { loadPrincipal } from '../src/server/auth/principals';
import { grantAccess } from '../src/server/items/grants';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { tusUpload } from './helpers/tus';
import { signIn, WsClient } from './helpers/ws-client';

// The attachment paths across the principals of the access matrix: /attachment by id and by
// uppyID, image variants, the item image path, the zip export and the exportZip background task. The expectation comes from
// DESIGN §1 (an Attachment follows its parent), not from the policy code.

type Who =
  | 'signedOut'
  | 'admin'
  | 'member'
  | 'staff'
  | 'editor'
  | 'orgAdmin'
  | 'outsider'
  | 'orgGrantee'
  | 'userGrantee';
const WHO: Who[] = [
  'signedOut',
  'admin',
  'member',
  'staff',
  'editor',
  'orgAdmin',
  'outsider',
  'orgGrantee',
  'userGrantee',
];
const LEVELS: AccessLevel[] = ['PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE'];

/** DESIGN §1, with the editor as the creator of every parent. */
function mayRead(who: Who, level: AccessLevel): boolean {
  if (who === 'admin' || who === 'orgGrantee' || who === 'userGrantee') return true;
  if (level === 'PUBLIC') return true;
  const rank: Record<Who, number> = {
    signedOut: -1,
    outsider: -1,
    admin: 9,
    orgGrantee: -1,
    userGrantee: -1,
    member: 0,
    staff: 1,
    editor: 2,
    orgAdmin: 3,
  };
  if (level === 'COMMUNITY') return rank[who] >= 0;
  if (level === 'PROTECTED') return rank[who] >= 1;
  return who === 'editor' || who === 'orgAdmin';
}

let tdb: TestDatabase;
let server: TestServer;
let filesDir: string;
const tokens = new Map<Who, string | null>();
const parents = new Map<AccessLevel, { thread: string; att: string; uppy: string }>();

beforeAll(async () => {
  tdb = await openTestDatabase();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-files-'));
  server = await startTestServer(tdb.database, { filesDir });
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation');
  const northern = await makeOrg(items, 'Northern Pipeline Ltd', 'INDUSTRY');
  const coastal = await makeOrg(items, 'Coastal Mining Corp', 'INDUSTRY');
  const roles: Partial<Record<Who, [string, Role][]>> = {
    member: [[riverbend, 'member']],
    staff: [[riverbend, 'staff']],
    editor: [[riverbend, 'editor']],
    orgAdmin: [[riverbend, 'orgAdmin']],
    outsider: [[northern, 'editor']],
    orgGrantee: [[coastal, 'editor']],
    userGrantee: [[northern, 'editor']],
  };
  const ids = new Map<Who, string>();
  tokens.set('signedOut', null);
  for (const who of WHO) {
    if (who === 'signedOut') continue;
    const u = await makeUser(items, roles[who] ?? [], { admin: who === 'admin' });
    ids.set(who, u.id);
    tokens.set(who, await signIn(server.url, u.email, PASSWORD));
  }
  const editorP = (await loadPrincipal(items.db, ids.get('editor')!, null))!;
  const orgAdminP = (await loadPrincipal(items.db, ids.get('orgAdmin')!, null))!;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();
  for (const level of LEVELS) {
    const thread = (await items.create(editorP, 'Thread', { subject: `Thread ${level}`, $access: level }))
      .$id;
    await grantAccess(items, orgAdminP, thread, coastal, ['read']);
    await grantAccess(items, orgAdminP, thread, ids.get('userGrantee')!, ['read']);
    const up = await tusUpload(server.url, tokens.get('editor')!, png, {
      rel: thread,
      filename: `${level}.png`,
    });
    parents.set(level, { thread, att: up.attachmentId, uppy: up.uppyId });
  }
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

const get = (p: string, token: string | null) =>
  fetch(`${server.url}${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe.each(LEVELS)('an attachment on a %s thread', (level) => {
  it.each(WHO)('%s gets the bytes exactly when they may read the thread', async (who) => {
    const { thread, att, uppy } = parents.get(level)!;
    const token = tokens.get(who) ?? null;
    const ok = mayRead(who, level);
    const paths = [
      `/attachment/${att}`,
      `/attachment/${att}/${level}.png`,
      `/attachment/${uppy}`,
      `/attachment/${uppy}?variant=thumbnail`,
      `/item-id-image/${thread}?variant=small`,
      `/item-id-image/${att}?variant=webp`,
    ];
    for (const p of paths) {
      const res = await get(p, token);
      expect({ p, status: res.status }).toEqual({ p, status: ok ? 200 : 404 });
      await res.arrayBuffer();
    }
    const q = encodeURIComponent(JSON.stringify({ must: { rel: [thread] } }));
    const zip = await get(`/api/attachments-zip?q=${q}`, token);
    // The zip needs a signed-in person, even for PUBLIC files.
    expect(zip.status).toBe(ok && who !== 'signedOut' ? 200 : 404);
    await zip.arrayBuffer();
  });
});

describe('the exportZip background task', () => {
  it.each(WHO.filter((w) => w !== 'signedOut'))(
    '%s gets a zip of exactly the files they may read (or a refusal when none)',
    async (who) => {
      const token = tokens.get(who)!;
      const ws = await WsClient.connect(server.wsUrl);
      expect((await ws.request('tokenAuth', { token }, { v: 'test' })).o).toBe('authed');
      const rel = LEVELS.map((l) => parents.get(l)!.thread);
      const want = LEVELS.filter((l) => mayRead(who, l)).map((l) => `${parents.get(l)!.thread}/${l}.png`);
      const reply = await ws.request('act/exportZip/async', {
        query: { must: { rel } },
        name: 'archive-attachments.zip',
      });
      if (want.length === 0) {
        expect(reply.b).toMatchObject({ erred: true, userMessage: 'notFound' });
        return ws.close();
      }
      const key = (reply.b as { key: string }).key;
      const done = await ws.waitForPush(
        (f) => f.o === 'taskComplete' && (f.b as { key: string }).key === key,
        15_000,
      );
      const uri = (done.b as { resultURI: string }).resultURI;
      const res = await get(uri, token);
      expect(res.status).toBe(200);
      expect((await zipNames(Buffer.from(await res.arrayBuffer()))).sort()).toEqual(want.sort());
      // Nobody else gets the result, not even an admin.
      const other = who === 'admin' ? 'editor' : 'admin';
      expect((await get(uri, tokens.get(other)!)).status).toBe(404);
      await ws.close();
    },
  );
});

function zipNames(buf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: false }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => names.push(e.fileName));
      zip.on('end', () => resolve(names));
    });
  });
}
