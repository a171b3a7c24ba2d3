import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/server/db/query';
import { startAlternatingProxy, type AlternatingProxy } from './helpers/alternating-proxy';
import { startChildServer, type ChildServer } from './helpers/child-server';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { expectLargeReply, savedSearchesOverLimit } from './helpers/large-reply';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { tusCreate, tusHead, tusPatch } from './helpers/tus';
import { connectAs, signIn } from './helpers/ws-client';

// Two nodes behind a proxy that sends each request to the next node in turn (no sticky
// sessions, issue 21): an upload begun on one node goes on through the other, a large reply
// made on one is fetched from the other, and a node waiting for an upload's lock makes the
// other node let go of it. Files are in one S3-compatible bucket; the locks and replies are in
// the one database. On PostgreSQL the second node is a separate process; PGlite cannot be shared
// between processes, so there the two nodes are two app instances on one embedded database.

let s3: S3TestServer;
let tdb: TestDatabase;
let nodeA: TestServer;
let nodeB: { url: string; wsUrl: string; stop(): Promise<void> };
let child: ChildServer | null = null;
let proxy: AlternatingProxy;
let editor: { email: string };
let member: { email: string };
let token: string;
let threadId: string;

beforeAll(async () => {
  s3 = await startS3Server();
  tdb = await openTestDatabase();
  const files = { fileStore: 's3' as const, s3: s3.config, filesDir: '/nonexistent/ckk-files-unused' };
  nodeA = await startTestServer(tdb.database, files);
  const items = nodeA.app.services.items;
  const org = await makeOrg(items, 'Riverbend First Nation');
  editor = await makeUser(items, [[org, 'editor']]);
  member = await makeUser(items, [[org, 'member']]);
  if (tdb.url) {
    child = await startChildServer({
      DATABASE_URL: tdb.url,
      FILE_STORE: 's3',
      S3_ENDPOINT: s3.config.endpoint!,
      S3_BUCKET: s3.config.bucket,
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
    });
    nodeB = { url: child.url, wsUrl: child.wsUrl, stop: () => child!.stop() };
  } else {
    const second = await startTestServer(tdb.database, files);
    nodeB = { url: second.url, wsUrl: second.wsUrl, stop: () => second.close() };
  }
  proxy = await startAlternatingProxy([nodeA.url, nodeB.url]);
  token = await signIn(proxy.url, editor.email, PASSWORD);
  const ws = await connectAs(proxy, editor.email, PASSWORD);
  threadId = (
    await ws.client.call<{ $id: string }>('create/Thread', { subject: 'Crossing', $access: 'PROTECTED' })
  ).$id;
  await ws.client.close();
}, 90_000);

afterAll(async () => {
  await proxy?.close();
  await nodeB?.stop();
  await nodeA?.close();
  await tdb?.close();
  await s3?.close();
});

const auth = (t: string) => ({ authorization: `Bearer ${t}` });

/** Each of the last `n` requests went to a different node from the one before it. */
function alternated(n: number) {
  const last = proxy.served.slice(-n);
  expect(last).toHaveLength(n);
  for (let i = 1; i < n; i++) expect(last[i]).not.toBe(last[i - 1]);
}

describe('two nodes behind a proxy without sticky sessions', () => {
  it('resumes an upload across nodes: create on one, half on the other, HEAD and the rest in turn', async () => {
    const text = Buffer.from('Elder recording transcript, river crossing. '.repeat(3000));
    const half = Math.floor(text.length / 2);
    const c = await tusCreate(proxy.url, token, text.length, { rel: threadId, filename: 'crossing.txt' });
    expect(c.status).toBe(201);
    const url = c.location!.replace(/^http:\/\/[^/]+/, proxy.url);
    expect((await tusPatch(url, token, 0, text.subarray(0, half))).status).toBe(204);
    expect(await tusHead(url, token)).toEqual({ status: 200, offset: half });
    const done = await tusPatch(url, token, half, text.subarray(half));
    expect(done.status).toBe(204);
    alternated(4);
    const attachment = done.headers.get('attachment-id');
    expect(attachment).toMatch(/^Attachment-\d+$/);
    // Downloaded from each node in turn, byte for byte.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${proxy.url}/attachment/${attachment}`, { headers: auth(token) });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(text)).toBe(true);
    }
    alternated(2);
  });

  it("asks the node holding an upload's lock to let go when the upload goes on through the other", async () => {
    const bytes = Buffer.alloc(600_000, 7);
    const c = await tusCreate(nodeA.url, token, bytes.length, { rel: threadId, filename: 'stalled.bin' });
    const id = c.location!.split('/').pop()!;
    // A PATCH to node A that sends 200 KB and then stalls, as a connection the client gave up on.
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (ctl) => void (push = ctl) });
    push.enqueue(bytes.subarray(0, 200_000));
    const stalled = fetch(`${nodeA.url}/api/upload/${id}`, {
      method: 'PATCH',
      headers: {
        ...auth(token),
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body,
      duplex: 'half',
    } as RequestInit).then(
      (r) => `answered ${r.status}`,
      () => 'ended',
    );
    // Node A holds the upload's lock, in the database where node B can see it.
    await expect
      .poll(
        async () => (await query(tdb.database.db, sql`select id from upload_locks where id = ${id}`)).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    // The client resumes through node B: its HEAD waits for the lock, and node A lets go of it.
    const head = await tusHead(`${nodeB.url}/api/upload/${id}`, token);
    expect(head.status).toBe(200);
    expect(
      await Promise.race([stalled, new Promise((r) => setTimeout(() => r('still holding'), 10_000))]),
    ).not.toBe('still holding');
    const done = await tusPatch(
      `${nodeB.url}/api/upload/${id}`,
      token,
      head.offset,
      bytes.subarray(head.offset),
    );
    expect(done.status).toBe(204);
    const res = await fetch(`${nodeA.url}/attachment/${done.headers.get('attachment-id')}`, {
      headers: auth(token),
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await query(tdb.database.db, sql`select id from upload_locks where id = ${id}`)).toEqual([]);
  });

  it('fetches a large reply from the node that did not make it, once, and only by its owner', async () => {
    const officer = await connectAs(proxy, editor.email, PASSWORD);
    const socketNode = proxy.served.at(-1)!;
    const other = socketNode === nodeA.url ? nodeB.url : nodeA.url;
    const ids = await savedSearchesOverLimit(officer.client, 'Big');
    const f = await officer.client.request('readMany/object', ids);
    expect(f.o).toMatch(/^lrg\//);
    const key = f.o.slice(4);
    const memberToken = await signIn(nodeA.url, member.email, PASSWORD);
    proxy.nextTo(other);
    expect((await fetch(`${proxy.url}/ws-lrg/${key}`, { headers: auth(memberToken) })).status).toBe(404);
    proxy.nextTo(other);
    const res = await fetch(`${proxy.url}/ws-lrg/${key}`, { headers: auth(officer.token) });
    expect(proxy.served.at(-1)).toBe(other);
    await expectLargeReply(res, f, ids);
    // Handed out once: neither node has it now.
    expect((await fetch(`${nodeA.url}/ws-lrg/${key}`, { headers: auth(officer.token) })).status).toBe(404);
    expect((await fetch(`${nodeB.url}/ws-lrg/${key}`, { headers: auth(officer.token) })).status).toBe(404);
    await officer.client.close();
  });

  it('streams a reply begun on one node to polls that alternate between both', async () => {
    const res = await fetch(`${proxy.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(token), 'stream-reply': 'true' },
      body: JSON.stringify({ o: 'search/ids', b: { must: { _t: ['Thread'] } }, s: '7' }),
    });
    expect(res.status).toBe(202);
    const key = res.headers.get('stream-key')!;
    let body: { o: string; s: string; data: { ids: string[] } } | null = null;
    let polls = 0;
    for (; polls < 100 && !body; polls++) {
      const r = await fetch(`${proxy.url}/api/stream/${key}`, { headers: auth(token) });
      expect(r.status).toBe(200);
      if (r.headers.get('stream-done') === 'true') body = (await r.json()) as typeof body;
      else await new Promise((x) => setTimeout(x, 20));
    }
    alternated(polls + 1);
    expect(body).toMatchObject({ o: 'search/ids', s: '7' });
    expect(body!.data.ids).toContain(threadId);
  });
});
