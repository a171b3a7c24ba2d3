import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from './helpers/zip';
import { PassThrough, Writable } from 'node:stream';
import { SYSTEM } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import { writeAttachmentsZip, type ZipProgress } from '../src/server/files/zip-export';
import { itemByUuid } from '../src/server/files/download-routes';
import { query } from '../src/server/db/query';
import { sql } from 'drizzle-orm';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { tusCreate, tusHead, tusPatch, tusUpload } from './helpers/tus';
import { connectAs, signIn, type WsClient } from './helpers/ws-client';

// Attachments end to end over real HTTP and a real database: tus uploads (resume, limits,
// sniffing, names), the Attachment item and its link, downloads with ranges and ETags, image
// variants, trash, purge, size and type facets, and the zip export of a search.

let tdb: TestDatabase;
let server: TestServer;
let filesDir: string;
const tokens: Record<'editor' | 'staff' | 'member' | 'outsider' | 'admin', string> = {} as never;
const userIds: Record<'editor' | 'staff' | 'member' | 'outsider' | 'admin', string> = {} as never;
let outsiderEmail = '';
let editorWs: WsClient;
let adminWs: WsClient;
let threadId: string;
let messageId: string;
let png: Buffer;

const MAX = 3_000_000;

beforeAll(async () => {
  tdb = await openTestDatabase();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-files-'));
  server = await startTestServer(tdb.database, { filesDir, uploadMaxBytes: MAX });
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation');
  const northern = await makeOrg(items, 'Northern Pipeline Ltd', 'INDUSTRY');
  const users = {
    editor: await makeUser(items, [[riverbend, 'editor']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    member: await makeUser(items, [[riverbend, 'member']]),
    outsider: await makeUser(items, [[northern, 'editor']]),
    admin: await makeUser(items, [], { admin: true }),
  };
  for (const [k, u] of Object.entries(users)) {
    tokens[k as keyof typeof tokens] = await signIn(server.url, u.email, PASSWORD);
    userIds[k as keyof typeof userIds] = u.id;
  }
  outsiderEmail = users.outsider.email;
  editorWs = (await connectAs(server, users.editor.email, PASSWORD)).client;
  adminWs = (await connectAs(server, users.admin.email, PASSWORD)).client;
  threadId = (
    await editorWs.call<{ $id: string }>('create/Thread', {
      subject: 'Crossing referral',
      $access: 'PROTECTED',
    })
  ).$id;
  messageId = (await editorWs.call<{ $id: string }>('create/Message', { thread: threadId, body: 'Photos' }))
    .$id;
  png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await editorWs?.close();
  await adminWs?.close();
  await server?.close();
  await tdb?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

const get = (p: string, token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${p}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

async function readAttachment(id: string) {
  return server.app.services.items.read(SYSTEM, id);
}

describe('uploads', () => {
  let uploaded: { attachmentId: string; uppyId: string };

  it('a finished upload becomes an Attachment linked to its parent and property, typed by its bytes', async () => {
    uploaded = await tusUpload(server.url, tokens.editor, png, {
      rel: messageId,
      relProp: 'attachments',
      filename: '../../river<crossing>.txt',
    });
    expect(uploaded.attachmentId).toMatch(/^Attachment-\d+$/);
    const att = await readAttachment(uploaded.attachmentId);
    expect(att).toMatchObject({
      rel: messageId,
      relProp: 'attachments',
      relType: 'Message',
      originalName: 'river_crossing_.txt',
      filetype: 'image/png',
      mimeGroup: 'image',
      size: png.length,
      uppyID: uploaded.uppyId,
      trashed: false,
    });
    expect(att._c.$id).toBeTruthy();
    expect(att.owner).toBeTruthy();
    const message = await readAttachment(messageId);
    expect(message.attachments).toEqual([uploaded.attachmentId]);
  });

  it('resumes: HEAD tells the offset, PATCH sends the rest', async () => {
    const bytes = Buffer.from('Elder recording transcript. '.repeat(2000));
    const c = await tusCreate(server.url, tokens.editor, bytes.length, {
      rel: threadId,
      filename: 'notes.txt',
    });
    expect(c.status).toBe(201);
    const half = Math.floor(bytes.length / 2);
    expect((await tusPatch(c.location!, tokens.editor, 0, bytes.subarray(0, half))).status).toBe(204);
    const head = await tusHead(c.location!, tokens.editor);
    expect(head).toEqual({ status: 200, offset: half });
    // Another person cannot see or continue it.
    expect((await tusHead(c.location!, tokens.staff)).status).toBe(404);
    expect((await tusPatch(c.location!, tokens.outsider, half, bytes.subarray(half))).status).toBe(404);
    const done = await tusPatch(c.location!, tokens.editor, half, bytes.subarray(half));
    expect(done.status).toBe(204);
    const att = await readAttachment(done.headers.get('attachment-id')!);
    expect(att).toMatchObject({
      filetype: 'text/plain',
      mimeGroup: 'text',
      size: bytes.length,
      rel: threadId,
    });
    const res = await get(`/attachment/${att.$id}`, tokens.editor);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('takes an empty file', async () => {
    const c = await tusCreate(server.url, tokens.editor, 0, { rel: threadId, filename: 'empty.txt' });
    expect(c.status).toBe(201);
    const head = await tusHead(c.location!, tokens.editor);
    expect(head.offset).toBe(0);
    const rows = await server.app.services.search.search(SYSTEM, {
      must: { _t: ['Attachment'], originalName: ['empty.txt'] },
    });
    expect(rows.ids).toHaveLength(1);
    const att = await readAttachment(rows.ids[0]!);
    expect(att).toMatchObject({ size: 0, filetype: 'application/octet-stream', mimeGroup: 'application' });
    const res = await get(`/attachment/${att.$id}`, tokens.editor);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('gives up unfinished uploads after a week, and keeps finished files', async () => {
    const c = await tusCreate(server.url, tokens.editor, 100, { rel: threadId, filename: 'stale.txt' });
    await tusPatch(c.location!, tokens.editor, 0, Buffer.from('half of it'));
    const id = c.location!.split('/').pop()!;
    const record = path.join(filesDir, `${id}.json`);
    const info = JSON.parse(readFileSync(record, 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
    writeFileSync(record, JSON.stringify(info));
    expect(await server.app.services.files.removeExpired()).toBe(1);
    expect(existsSync(path.join(filesDir, id))).toBe(false);
    expect((await tusHead(c.location!, tokens.editor)).status).toBe(404);
    // A finished file as old as that stays.
    const kept = await tusUpload(server.url, tokens.editor, Buffer.from('kept'), {
      rel: threadId,
      filename: 'kept.txt',
    });
    const keptRecord = path.join(filesDir, `${kept.uppyId}.json`);
    const keptInfo = JSON.parse(readFileSync(keptRecord, 'utf8')) as { creation_date: string };
    keptInfo.creation_date = info.creation_date;
    writeFileSync(keptRecord, JSON.stringify(keptInfo));
    expect(await server.app.services.files.removeExpired()).toBe(0);
    expect((await get(`/attachment/${kept.attachmentId}`, tokens.editor)).status).toBe(200);
  });

  it('refuses an upload over the size limit before any byte', async () => {
    const c = await tusCreate(server.url, tokens.editor, MAX + 1, { rel: threadId, filename: 'big.wav' });
    expect(c.status).toBe(413);
  });

  it('checks the parent before accepting bytes: read-only 403, hidden 404, signed-out 401', async () => {
    const meta = { rel: threadId, filename: 'x.txt' };
    expect((await tusCreate(server.url, tokens.staff, 10, meta)).status).toBe(403);
    expect((await tusCreate(server.url, tokens.member, 10, meta)).status).toBe(404);
    expect((await tusCreate(server.url, tokens.outsider, 10, meta)).status).toBe(404);
    expect((await tusCreate(server.url, null, 10, meta)).status).toBe(401);
    expect((await tusCreate(server.url, tokens.editor, 10, { filename: 'x.txt' })).status).toBe(400);
    expect((await tusCreate(server.url, tokens.editor, 10, { ...meta, relProp: 'subject' })).status).toBe(
      400,
    );
  });

  it('does not let a client write where the bytes are', async () => {
    const err = await editorWs
      .call('update', { $id: uploaded.attachmentId, $version: 1, fileID: 'f'.repeat(32) })
      .catch((e: unknown) => e);
    expect(String(err)).toContain('fileID: errors.readOnly');
  });
});

describe('downloads', () => {
  let id: string;
  let uppy: string;
  let bytes: Buffer;

  beforeAll(async () => {
    bytes = Buffer.alloc(200_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
    // An MP3 frame header at the start: sniffed as audio.
    bytes[0] = 0xff;
    bytes[1] = 0xfb;
    const up = await tusUpload(server.url, tokens.editor, bytes, {
      rel: threadId,
      filename: 'Élder story.mp3',
    });
    id = up.attachmentId;
    uppy = up.uppyId;
  });

  it('serves readers with type, inline disposition and an RFC 5987 name; others get 404', async () => {
    const res = await get(`/attachment/${id}/whatever.mp3`, tokens.staff);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="_lder story.mp3"; filename*=UTF-8''%C3%89lder%20story.mp3`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    for (const who of [tokens.member, tokens.outsider, null, 'not-a-token']) {
      const r = await get(`/attachment/${id}`, who);
      expect(r.status).toBe(404);
      expect((await r.text()).length).toBeLessThan(200);
    }
    expect((await get(`/attachment/${uppy}`, tokens.staff)).status).toBe(200);
    expect((await get(`/attachment/${uppy}`, tokens.outsider)).status).toBe(404);
  });

  it('answers ranges with 206 and the exact bytes, and bad ranges with 416', async () => {
    const res = await get(`/attachment/${id}`, tokens.editor, { range: 'bytes=1000-1999' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await get(`/attachment/${id}`, tokens.editor, { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    expect((await get(`/attachment/${id}`, tokens.editor, { range: `bytes=${bytes.length}-` })).status).toBe(
      416,
    );
    expect((await get(`/attachment/${id}`, tokens.outsider, { range: 'bytes=0-9' })).status).toBe(404);
  });

  it('answers a matching ETag with 304, after the access check', async () => {
    const first = await get(`/attachment/${id}`, tokens.editor);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await get(`/attachment/${id}`, tokens.editor, { 'if-none-match': etag })).status).toBe(304);
    expect((await get(`/attachment/${id}`, tokens.outsider, { 'if-none-match': etag })).status).toBe(404);
  });

  it('makes image variants once, for readers only, also through the item image path', async () => {
    const up = await tusUpload(server.url, tokens.editor, png, { rel: messageId, filename: 'map.png' });
    for (const [variant, type, w] of [
      ['thumbnail', 'image/jpeg', 200],
      ['small', 'image/jpeg', 480],
      ['large', 'image/jpeg', 900],
      ['webp', 'image/webp', 900],
    ] as const) {
      const res = await get(`/attachment/${up.uppyId}?variant=${variant}`, tokens.staff);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(w);
      expect(existsSync(path.join(filesDir, 'variants', `${up.uppyId}.${variant}`))).toBe(true);
      expect((await get(`/attachment/${up.uppyId}?variant=${variant}`, tokens.outsider)).status).toBe(404);
      expect((await get(`/attachment/${up.uppyId}?variant=${variant}`, null)).status).toBe(404);
    }
    expect((await get(`/attachment/${up.uppyId}?variant=huge`, tokens.staff)).status).toBe(404);
    // Not an image: no variant.
    expect((await get(`/attachment/${id}?variant=small`, tokens.staff)).status).toBe(404);
    const img = await get(`/item-id-image/${messageId}?variant=thumbnail`, tokens.staff);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect((await get(`/item-id-image/${messageId}?variant=thumbnail`, tokens.outsider)).status).toBe(404);
    expect((await get(`/item-id-image/${messageId}?variant=thumbnail`, null)).status).toBe(404);
    expect(
      (await get(`/item-uuid-image/0b1e6d1c-0000-4000-8000-000000000000?variant=small`, tokens.admin)).status,
    ).toBe(404);
  });

  it('/item-uuid-image/ finds its item by an index, never a scan of every item (issue 36)', async () => {
    // Anyone may ask this route, signed in or not. With scans forbidden, the plan of its look-up
    // still scans the table when no index serves it (the old migrations), and uses one now.
    const db = server.app.services.items.db;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return query<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${itemByUuid('0b1e6d1c-0000-4000-8000-000000000000')}`,
      );
    });
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('items_data_uuid');
    expect(text).toContain('items_data_legacy_uuid');
    expect(text).not.toMatch(/Seq Scan on items/);
    // The route still answers, 404 for a uuid nothing holds.
    expect((await get('/item-uuid-image/no-such-uuid', null)).status).toBe(404);
  });

  it('avatars: a file property holds the uppyID and the image path serves it', async () => {
    const up = await tusUpload(server.url, tokens.editor, png, {
      rel: userIds.editor,
      relProp: 'avatar',
      filename: 'me.png',
    });
    const user = await readAttachment(userIds.editor);
    expect(user.avatar).toBe(up.uppyId);
    const res = await get(`/item-id-image/${userIds.editor}?variant=thumbnail`, tokens.editor);
    expect(res.status).toBe(200);
    expect((await get(`/item-id-image/${userIds.editor}?variant=thumbnail`, tokens.outsider)).status).toBe(
      404,
    );
    // Nobody else may put a file on this user.
    expect(
      (await tusCreate(server.url, tokens.outsider, 10, { rel: userIds.editor, relProp: 'avatar' })).status,
    ).toBe(404);
    expect(
      (await tusCreate(server.url, tokens.staff, 10, { rel: userIds.editor, relProp: 'avatar' })).status,
    ).toBe(403);
  });
});

async function searchIds(token: string, body: unknown) {
  const r = await fetch(`${server.url}/api/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ o: 'search/ids', b: body }),
  });
  return (
    (await r.json()) as {
      data: { ids: string[]; facets: Record<string, { value: unknown; label?: string; count: number }[]> };
    }
  ).data;
}

describe('trash, facets, purge', () => {
  it('trash hides a file from readers and from lists that leave the trash out, and restore brings it back', async () => {
    const up = await tusUpload(server.url, tokens.editor, Buffer.from('draft letter'), {
      rel: threadId,
      filename: 'letter.txt',
    });
    const att = await readAttachment(up.attachmentId);
    await editorWs.call('update', { $id: att.$id, $version: att.$version, trashed: true });
    expect((await get(`/attachment/${att.$id}`, tokens.editor)).status).toBe(404);
    expect((await get(`/attachment/${att.$id}`, tokens.admin)).status).toBe(200);
    const listed = await searchIds(tokens.staff, {
      must: { _t: ['Attachment'], rel: [threadId] },
      mustNot: { trashed: [true] },
    });
    expect(listed.ids).not.toContain(att.$id);
    // Staff may read but not change the thread: no trash or restore for them.
    const denied = await searchIds(tokens.staff, { must: { _t: ['Attachment'], rel: [threadId] } });
    expect(denied.ids).toContain(att.$id);
    // General search (words, no type) leaves the trash out, on the narrow table and on the
    // joined one; asking about the trash (a filter or its facet) brings it back.
    for (const who of [tokens.editor, tokens.admin]) {
      expect((await searchIds(who, { must: { $text: ['letter'] } })).ids).not.toContain(att.$id);
      expect((await searchIds(who, { must: { $text: ['letter'], rel: [threadId] } })).ids).not.toContain(
        att.$id,
      );
      expect((await searchIds(who, {})).ids).not.toContain(att.$id);
      expect((await searchIds(who, { must: { $text: ['letter'], trashed: [true] } })).ids).toEqual([att.$id]);
      const faceted = await searchIds(who, { must: { $text: ['letter'] }, facets: ['trashed'] });
      expect(faceted.ids).toContain(att.$id);
      expect(faceted.facets.trashed).toContainEqual(expect.objectContaining({ value: 'true', count: 1 }));
    }
    const again = await readAttachment(att.$id);
    await editorWs.call('update', { $id: att.$id, $version: again.$version, trashed: false });
    expect((await get(`/attachment/${att.$id}`, tokens.editor)).status).toBe(200);
    expect((await searchIds(tokens.editor, { must: { $text: ['letter'] } })).ids).toContain(att.$id);
  });

  it('facets by size band and mime group, and a band filters by its range', async () => {
    const res = await searchIds(tokens.editor, {
      must: { _t: ['Attachment'] },
      facets: ['size', 'mimeGroup'],
    });
    const bands = Object.fromEntries(res.facets.size!.map((b) => [b.label, b]));
    expect(bands.upTo1k).toMatchObject({ value: '0..1000' });
    expect(bands.upTo1m).toMatchObject({ value: '1001..1000000' });
    const groups = Object.fromEntries(res.facets.mimeGroup!.map((b) => [b.value, b.count]));
    expect(groups.image).toBeGreaterThanOrEqual(2);
    expect(groups.audio).toBe(1);
    const small = await searchIds(tokens.editor, { must: { _t: ['Attachment'], size: ['0..1000'] } });
    const rows = await server.app.services.items.readRows(small.ids);
    expect(small.ids.length).toBe(bands.upTo1k!.count);
    for (const r of rows.values()) expect(Number(r.data.size)).toBeLessThanOrEqual(1000);
    const big = await searchIds(tokens.editor, { must: { _t: ['Attachment'], size: ['1001..1000000'] } });
    for (const r of (await server.app.services.items.readRows(big.ids)).values())
      expect(Number(r.data.size)).toBeGreaterThan(1000);
    // An outsider's facets count nothing of Riverbend's.
    const out = await searchIds(tokens.outsider, {
      must: { _t: ['Attachment'] },
      facets: ['size', 'mimeGroup'],
    });
    expect(out.ids).toEqual([]);
    expect(out.facets.size).toEqual([]);
  });

  it('only an admin purges, and then the bytes are gone', async () => {
    const up = await tusUpload(server.url, tokens.editor, Buffer.from('to purge'), {
      rel: threadId,
      filename: 'p.txt',
    });
    const err = await editorWs.call('act/purgeAttachment', { id: up.attachmentId }).catch((e: unknown) => e);
    expect(String(err)).toContain('failed: notAllowed');
    await adminWs.call('act/purgeAttachment', { id: up.attachmentId });
    expect(existsSync(path.join(filesDir, up.uppyId))).toBe(false);
    expect((await get(`/attachment/${up.attachmentId}`, tokens.admin)).status).toBe(404);
  });
});

describe('zip export', () => {
  it('holds only the files the person may read, with their bytes', async () => {
    const outsiderWs = (await connectAs(server, outsiderEmail, PASSWORD)).client;
    const outsiderThread = (
      await outsiderWs.call<{ $id: string }>('create/Thread', {
        subject: 'Northern pipeline notes',
        $access: 'PROTECTED',
      })
    ).$id;
    await outsiderWs.close();
    const own = await tusUpload(server.url, tokens.outsider, Buffer.from('pipeline route'), {
      rel: outsiderThread,
      filename: 'route.txt',
    });
    const q = encodeURIComponent(JSON.stringify({}));
    const res = await get(`/api/attachments-zip?q=${q}&name=consult-attachments.zip`, tokens.outsider);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('consult-attachments.zip');
    const entries = await zipEntries(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()]).toEqual([`${outsiderThread}/route.txt`]);
    expect(entries.get(`${outsiderThread}/route.txt`)!.toString()).toBe('pipeline route');
    void own;

    const mine = await get(
      `/api/attachments-zip?q=${encodeURIComponent(JSON.stringify({ must: { rel: [messageId] } }))}`,
      tokens.staff,
    );
    expect(mine.status).toBe(200);
    const names = [...(await zipEntries(Buffer.from(await mine.arrayBuffer()))).keys()];
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const n of names) expect(n.startsWith(`${messageId}/`)).toBe(true);
    const png1 = (
      await zipEntries(
        Buffer.from(
          await (
            await get(
              `/api/attachments-zip?q=${encodeURIComponent(JSON.stringify({ must: { rel: [messageId] } }))}`,
              tokens.staff,
            )
          ).arrayBuffer(),
        ),
      )
    ).get(`${messageId}/river_crossing_.txt`);
    expect(png1?.equals(png)).toBe(true);

    // Riverbend's files through the zip: nothing for the outsider, the member or a visitor.
    const theirs = encodeURIComponent(JSON.stringify({ must: { rel: [messageId] } }));
    expect((await get(`/api/attachments-zip?q=${theirs}`, tokens.outsider)).status).toBe(404);
    expect((await get(`/api/attachments-zip?q=${theirs}`, tokens.member)).status).toBe(404);
    expect((await get(`/api/attachments-zip?q=${theirs}`, null)).status).toBe(404);
    expect((await get(`/api/attachments-zip?q=${theirs}&name=evil.zip`, tokens.staff)).status).toBe(400);
  });
});

describe('writeAttachmentsZip (the core the background task will run)', () => {
  it('reports progress up to every byte, and only counts what the person may read', async () => {
    const services = server.app.services;
    const staff = (await loadPrincipal(services.items.db, userIds.staff, null))!;
    const seen: ZipProgress[] = [];
    let written = 0;
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.length;
        done();
      },
    });
    const last = await writeAttachmentsZip({
      services,
      principal: staff,
      query: { must: { rel: [messageId] } },
      name: 'consult-attachments.zip',
      out,
      onProgress: (p) => seen.push(p),
    });
    expect(last.files).toBe(last.totalFiles);
    expect(last.bytes).toBe(last.totalBytes);
    expect(last.totalFiles).toBeGreaterThanOrEqual(2);
    expect(written).toBeGreaterThan(last.totalBytes);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.bytes).toBeGreaterThanOrEqual(seen[i - 1]!.bytes);
    const member = (await loadPrincipal(services.items.db, userIds.member, null))!;
    const none = await writeAttachmentsZip({
      services,
      principal: member,
      query: { must: { rel: [messageId] } },
      name: 'consult-attachments.zip',
      out: new PassThrough().resume(),
    });
    expect(none).toMatchObject({ totalFiles: 0, files: 0 });
  });

  it('stops when its signal is aborted', async () => {
    const services = server.app.services;
    const editor = (await loadPrincipal(services.items.db, userIds.editor, null))!;
    const big = Buffer.alloc(2_500_000, 7);
    await tusUpload(server.url, tokens.editor, big, { rel: threadId, filename: 'big.bin' });
    const abort = new AbortController();
    const out = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, done) {
        // A slow reader: the abort comes while the zip is still being written.
        setTimeout(done, 5);
      },
    });
    const run = writeAttachmentsZip({
      services,
      principal: editor,
      query: {},
      name: 'archive-attachments.zip',
      out,
      signal: abort.signal,
      onProgress: (p) => {
        if (p.bytes > 100_000) abort.abort(new Error('killed by the person'));
      },
    });
    await expect(run).rejects.toThrow();
    expect(abort.signal.aborted).toBe(true);
  });
});
