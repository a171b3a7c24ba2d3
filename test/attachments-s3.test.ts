import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from './helpers/zip';
import { SYSTEM } from '../src/server/access/principal';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { tusCreate, tusHead, tusPatch, tusUpload } from './helpers/tus';
import { connectAs, signIn, type WsClient } from './helpers/ws-client';

// The attachment flows with FILE_STORE=s3 against a real S3-compatible server on loopback: tus
// uploads (with a resume) land as objects, downloads stream ranges from GetObject, variants are
// written back to the bucket, the zip streams each object, purge deletes them, outsiders get 404.

let s3: S3TestServer;
let client: S3Client;
let tdb: TestDatabase;
let server: TestServer;
let editorWs: WsClient;
let adminWs: WsClient;
let threadId: string;
let png: Buffer;
const tokens: Record<'editor' | 'staff' | 'outsider', string> = {} as never;

beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client({
    endpoint: s3.config.endpoint,
    region: s3.config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, {
    fileStore: 's3',
    s3: s3.config,
    filesDir: '/nonexistent/ckk-files-unused',
    uploadMaxBytes: 40_000_000,
  });
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation');
  const northern = await makeOrg(items, 'Northern Pipeline Ltd', 'INDUSTRY');
  const users = {
    editor: await makeUser(items, [[riverbend, 'editor']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    outsider: await makeUser(items, [[northern, 'editor']]),
    admin: await makeUser(items, [], { admin: true }),
  };
  for (const k of ['editor', 'staff', 'outsider'] as const)
    tokens[k] = await signIn(server.url, users[k].email, PASSWORD);
  editorWs = (await connectAs(server, users.editor.email, PASSWORD)).client;
  adminWs = (await connectAs(server, users.admin.email, PASSWORD)).client;
  threadId = (
    await editorWs.call<{ $id: string }>('create/Thread', {
      subject: 'Crossing referral',
      $access: 'PROTECTED',
    })
  ).$id;
  png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await editorWs?.close();
  await adminWs?.close();
  await server?.close();
  await tdb?.close();
  client?.destroy();
  await s3?.close();
});

const get = (p: string, token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${p}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

async function objectBytes(key: string): Promise<Buffer | null> {
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  } catch {
    return null;
  }
}

const exists = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: key })).then(
    () => true,
    () => false,
  );

describe('attachments on an S3-compatible store', () => {
  let audio: { attachmentId: string; uppyId: string };
  let bytes: Buffer;

  it('a tus upload lands as one object in the bucket, typed by its bytes', async () => {
    bytes = Buffer.alloc(200_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
    bytes[0] = 0xff;
    bytes[1] = 0xfb;
    audio = await tusUpload(server.url, tokens.editor, bytes, { rel: threadId, filename: 'story.mp3' });
    expect(audio.attachmentId).toMatch(/^Attachment-\d+$/);
    expect((await objectBytes(audio.uppyId))?.equals(bytes)).toBe(true);
    const att = await server.app.services.items.read(SYSTEM, audio.attachmentId);
    expect(att).toMatchObject({ filetype: 'audio/mpeg', size: bytes.length });
  });

  it('resumes: the first half waits in the bucket, HEAD tells the offset, PATCH sends the rest', async () => {
    const text = Buffer.from('Elder recording transcript. '.repeat(2000));
    const c = await tusCreate(server.url, tokens.editor, text.length, {
      rel: threadId,
      filename: 'notes.txt',
    });
    expect(c.status).toBe(201);
    const id = c.location!.split('/').pop()!;
    const half = Math.floor(text.length / 2);
    expect((await tusPatch(c.location!, tokens.editor, 0, text.subarray(0, half))).status).toBe(204);
    expect(await tusHead(c.location!, tokens.editor)).toEqual({ status: 200, offset: half });
    // Unfinished: no object to serve yet, and nobody else may see or continue it.
    expect(await exists(id)).toBe(false);
    expect((await tusHead(c.location!, tokens.staff)).status).toBe(404);
    expect((await tusPatch(c.location!, tokens.outsider, half, text.subarray(half))).status).toBe(404);
    const done = await tusPatch(c.location!, tokens.editor, half, text.subarray(half));
    expect(done.status).toBe(204);
    const res = await get(`/attachment/${done.headers.get('attachment-id')}`, tokens.editor);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(Buffer.from(await res.arrayBuffer()).equals(text)).toBe(true);
  });

  it('a file of several 8 MB parts, resumed off a part boundary, comes back byte for byte', async () => {
    const big = Buffer.alloc(19_000_000);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i);
    const c = await tusCreate(server.url, tokens.editor, big.length, {
      rel: threadId,
      filename: 'survey.bin',
    });
    const cut = 9_500_001;
    expect((await tusPatch(c.location!, tokens.editor, 0, big.subarray(0, cut))).status).toBe(204);
    expect((await tusHead(c.location!, tokens.editor)).offset).toBe(cut);
    const done = await tusPatch(c.location!, tokens.editor, cut, big.subarray(cut));
    expect(done.status).toBe(204);
    const id = done.headers.get('attachment-uppy-id')!;
    expect((await objectBytes(id))?.equals(big)).toBe(true);
    const res = await get(`/attachment/${id}`, tokens.staff, { range: 'bytes=16000000-16000099' });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(big.subarray(16_000_000, 16_000_100))).toBe(true);
  });

  it('downloads ranges with 206 from the object, answers a matching ETag with 304, and outsiders 404', async () => {
    const res = await get(`/attachment/${audio.attachmentId}`, tokens.staff, { range: 'bytes=1000-1999' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await get(`/attachment/${audio.attachmentId}`, tokens.staff, { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    expect(
      (await get(`/attachment/${audio.attachmentId}`, tokens.staff, { range: `bytes=${bytes.length}-` }))
        .status,
    ).toBe(416);
    const whole = await get(`/attachment/${audio.attachmentId}`, tokens.staff);
    const etag = whole.headers.get('etag')!;
    expect(etag).toBe(`"${audio.uppyId}-${bytes.length}"`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    expect(
      (await get(`/attachment/${audio.attachmentId}`, tokens.staff, { 'if-none-match': etag })).status,
    ).toBe(304);
    for (const who of [tokens.outsider, null]) {
      expect((await get(`/attachment/${audio.attachmentId}`, who)).status).toBe(404);
      expect((await get(`/attachment/${audio.attachmentId}`, who, { range: 'bytes=0-9' })).status).toBe(404);
    }
  });

  it('makes an image variant from the object and writes it back to the bucket once', async () => {
    const up = await tusUpload(server.url, tokens.editor, png, { rel: threadId, filename: 'map.png' });
    const res = await get(`/attachment/${up.uppyId}?variant=thumbnail`, tokens.staff);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await res.arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(200);
    const stored = await objectBytes(`variants/${up.uppyId}.thumbnail`);
    expect(stored?.equals(served)).toBe(true);
    const webp = await get(`/attachment/${up.uppyId}?variant=webp`, tokens.staff);
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).format).toBe('webp');
    expect((await get(`/attachment/${up.uppyId}?variant=thumbnail`, tokens.outsider)).status).toBe(404);
  });

  it('the zip streams only the objects the person may read', async () => {
    const q = encodeURIComponent(JSON.stringify({ must: { rel: [threadId] } }));
    const mine = await get(`/api/attachments-zip?q=${q}`, tokens.staff);
    expect(mine.status).toBe(200);
    const entries = await zipEntries(Buffer.from(await mine.arrayBuffer()));
    expect(entries.get(`${threadId}/story.mp3`)?.equals(bytes)).toBe(true);
    expect(entries.get(`${threadId}/map.png`)?.equals(png)).toBe(true);
    expect((await get(`/api/attachments-zip?q=${q}`, tokens.outsider)).status).toBe(404);
  });

  it('purge deletes the object, its record and its variants from the bucket', async () => {
    const up = await tusUpload(server.url, tokens.editor, png, { rel: threadId, filename: 'purge.png' });
    expect((await get(`/attachment/${up.uppyId}?variant=small`, tokens.editor)).status).toBe(200);
    expect(await exists(`variants/${up.uppyId}.small`)).toBe(true);
    await adminWs.call('act/purgeAttachment', { id: up.attachmentId });
    for (const key of [up.uppyId, `${up.uppyId}.info`, `variants/${up.uppyId}.small`])
      expect(await exists(key)).toBe(false);
    expect((await get(`/attachment/${up.attachmentId}`, tokens.editor)).status).toBe(404);
  });

  it('the sweep gives up unfinished uploads after a week and keeps finished objects', async () => {
    const c = await tusCreate(server.url, tokens.editor, 100, { rel: threadId, filename: 'stale.txt' });
    await tusPatch(c.location!, tokens.editor, 0, Buffer.from('half of it'));
    const id = c.location!.split('/').pop()!;
    expect(await exists(`${id}.info`)).toBe(true);
    const weekLater = Date.now() + 8 * 24 * 3_600_000;
    expect(await server.app.services.files.removeExpired(weekLater)).toBe(1);
    expect(await exists(`${id}.info`)).toBe(false);
    expect(await exists(`${id}.part`)).toBe(false);
    expect((await tusHead(c.location!, tokens.editor)).status).toBe(404);
    expect(await exists(audio.uppyId)).toBe(true);
    expect((await get(`/attachment/${audio.attachmentId}`, tokens.editor)).status).toBe(200);
  });
});

describe('FILE_STORE', () => {
  it('is disk unless set, s3 when asked, and a mistyped value stops the start', async () => {
    const { loadConfig } = await import('../src/server/config');
    expect(loadConfig({}).fileStore).toBe('disk');
    const c = loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'false' });
    expect(c.fileStore).toBe('s3');
    expect(c.s3).toMatchObject({ bucket: 'b', region: 'us-east-1', forcePathStyle: false });
    expect(() => loadConfig({ FILE_STORE: 'S3 ' })).toThrow(/FILE_STORE/);
  });
});
