import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, signIn, WsClient } from './helpers/ws-client';

// The sign-in cookie goes with every request the browser makes to us, whichever page makes it
// (SameSite=Lax lets in other ports and subdomains of the same site). A socket or a changing
// HTTP request signed in by the cookie alone must come from one of our own pages (Origin).

const EVIL = 'http://evil.example';
const PUBLIC = 'https://ckk.example';
const DEV = 'http://localhost:5173';

let tdb: TestDatabase;
let server: TestServer;
let member: { id: string; email: string };
let threadId: string;
let token: string;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, { publicUrl: PUBLIC, allowedOrigins: [DEV] });
  const items = server.app.services.items;
  const org = await makeOrg(items, 'Riverbend First Nation');
  const editor = await makeUser(items, [[org, 'editor']]);
  member = await makeUser(items, [[org, 'member']]);
  const { client } = await connectAs(server, editor.email, PASSWORD);
  threadId = (
    await client.call<{ $id: string }>('create/Thread', { subject: 'Members only', $access: 'COMMUNITY' })
  ).$id;
  await client.close();
  token = await signIn(server.url, member.email, PASSWORD);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

const cookie = () => `Access-Token=${token}`;

/**
 * tokenAuth {} on a socket opened with these headers, then a read of the COMMUNITY thread: after
 * a success, or at once after a refusal (the socket closes 10 ms later).
 */
async function cookieSocket(headers: Record<string, string>) {
  const client = await WsClient.connect(server.wsUrl, headers);
  const authed = await client.request('tokenAuth', {}, { v: 't' });
  const read = await client.request(`read/${threadId}`, undefined, {}, 2_000).catch(() => null);
  return { client, authed, read };
}

describe('/ws and the Origin of a cookie sign-in', () => {
  it('refuses the cookie to a foreign origin: identFailed, and the COMMUNITY item stays unread', async () => {
    const { client, authed, read } = await cookieSocket({ Origin: EVIL, Cookie: cookie() });
    expect(authed.b).toMatchObject({ erred: true, userMessage: 'identFailed' });
    // Either refused as a signed-out visitor, or no answer because the socket closed first.
    if (read) expect(read.b).toMatchObject({ erred: true });
    expect(JSON.stringify(read?.b ?? null)).not.toContain('Members only');
    await client.waitForClose();
    expect(client.closeReason).toBe('identFailed');
  });

  it('refuses Origin: null (sandboxed frames, file: pages)', async () => {
    const { client, authed } = await cookieSocket({ Origin: 'null', Cookie: cookie() });
    expect(authed.b).toMatchObject({ erred: true, userMessage: 'identFailed' });
    await client.close();
  });

  it('refuses another port of our own host', async () => {
    const other = server.url.replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`);
    const { client, authed } = await cookieSocket({ Origin: other, Cookie: cookie() });
    expect(authed.b).toMatchObject({ erred: true, userMessage: 'identFailed' });
    await client.close();
  });

  it.each([
    ['the page served by this very address (Origin = http://<Host>)', () => server.url],
    ['PUBLIC_URL', () => PUBLIC],
    ['an ALLOWED_ORIGINS entry', () => DEV],
  ])('signs in with the cookie from %s', async (_, origin) => {
    const { client, authed, read } = await cookieSocket({ Origin: origin(), Cookie: cookie() });
    expect(authed.o).toBe('authed');
    expect(read?.b).toMatchObject({ $id: threadId, subject: 'Members only' });
    await client.close();
  });

  it('signs in with the cookie when there is no Origin (not a browser page)', async () => {
    const { client, authed } = await cookieSocket({ Cookie: cookie() });
    expect(authed.o).toBe('authed');
    await client.close();
  });

  it('accepts a token in the body from any origin: a foreign page cannot know it', async () => {
    const client = await WsClient.connect(server.wsUrl, { Origin: EVIL, Cookie: cookie() });
    expect((await client.request('tokenAuth', { token }, { v: 't' })).o).toBe('authed');
    expect(await client.call(`read/${threadId}`)).toMatchObject({ subject: 'Members only' });
    await client.close();
  });
});

describe('HTTP requests signed in by the cookie', () => {
  async function postItem(headers: Record<string, string>) {
    const res = await fetch(`${server.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ o: `read/${threadId}`, b: {}, s: '1' }),
    });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  }

  it('refuses POST /api/item with the cookie from a foreign origin', async () => {
    const res = await postItem({ origin: EVIL, cookie: cookie() });
    expect(res.status).toBe(401);
    expect(res.body.data).toMatchObject({ erred: true, userMessage: 'identFailed' });
  });

  it('serves POST /api/item with the cookie from our own origin, and a Bearer token from anywhere', async () => {
    expect((await postItem({ origin: server.url, cookie: cookie() })).body.data).toMatchObject({
      subject: 'Members only',
    });
    expect((await postItem({ origin: PUBLIC, cookie: cookie() })).body.data).toMatchObject({
      subject: 'Members only',
    });
    expect((await postItem({ origin: EVIL, authorization: `Bearer ${token}` })).body.data).toMatchObject({
      subject: 'Members only',
    });
  });

  it('refuses starting an upload with the cookie from a foreign origin', async () => {
    const res = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { origin: EVIL, cookie: cookie(), 'tus-resumable': '1.0.0', 'upload-length': '3' },
    });
    expect(res.status).toBe(401);
    await res.arrayBuffer();
  });

  it('keeps GET downloads cookie-based from anywhere (read-only, used by <img>)', async () => {
    const res = await fetch(`${server.url}/lov/en/noSuchList`, {
      headers: { origin: EVIL, cookie: cookie() },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
