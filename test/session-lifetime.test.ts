import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { issueToken } from '../src/server/auth/tokens';
import { makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, signIn, WsClient } from './helpers/ws-client';

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await openTestDatabase();
  // Short-lived tokens: a warning 1 s before a 1.5 s expiry; 3 failed sign-ins per account.
  server = await startTestServer(tdb.database, {
    tokenTtlMs: 1500,
    tokenWarningMs: 1000,
    signInPerAccount: 3,
    signInPerAddress: 1000,
  });
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

describe('token lifetime', () => {
  it('pushes tokenWarning before expiry, then closes with tokenExpired', async () => {
    const user = await makeUser(server.app.services.items);
    const { client } = await connectAs(server, user.email, PASSWORD);
    const warning = await client.waitForPush((f) => f.o === 'tokenWarning', 3_000);
    expect(warning.b).toHaveProperty('expiresAt');
    await client.waitForClose(3_000);
    expect(client.closeReason).toBe('tokenExpired');
  });

  it('closes with expiredOnConnect for a token that expired before tokenAuth', async () => {
    const user = await makeUser(server.app.services.items);
    const { token } = await issueToken(server.app.services.items.db, user.id, 'session', 1);
    await new Promise((r) => setTimeout(r, 20));
    const client = await WsClient.connect(server.wsUrl);
    const reply = await client.request('tokenAuth', { token }, { v: 't' });
    expect(reply.b).toMatchObject({ erred: true, userMessage: 'tokenExpired' });
    await client.waitForClose();
    expect(client.closeReason).toBe('expiredOnConnect');
  });

  it('never issues a token past the instant it is capped at (a masquerade and its renewals)', async () => {
    const user = await makeUser(server.app.services.items);
    const cap = new Date(Date.now() + 60_000);
    const { expiresAt } = await issueToken(
      server.app.services.items.db,
      user.id,
      'session',
      3_600_000,
      null,
      cap,
    );
    expect(expiresAt.getTime()).toBe(cap.getTime());
    const short = await issueToken(server.app.services.items.db, user.id, 'session', 1_000, null, cap);
    expect(short.expiresAt.getTime()).toBeLessThan(cap.getTime());
  });

  it('refuses a blocked user at sign-in and at tokenAuth', async () => {
    const user = await makeUser(server.app.services.items);
    const token = await signIn(server.url, user.email, PASSWORD);
    await server.app.services.items.db.execute(
      sql`update credentials set blocked = true where user_id = ${user.id}`,
    );
    const client = await WsClient.connect(server.wsUrl);
    expect((await client.request('tokenAuth', { token }, { v: 't' })).b).toMatchObject({
      userMessage: 'identFailed',
    });
    await client.waitForClose();
    await expect(signIn(server.url, user.email, PASSWORD)).rejects.toThrow(/401/);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 tooManyAttempts after repeated failures on one account, even with the right password', async () => {
    const user = await makeUser(server.app.services.items);
    const attempt = (password: string) =>
      fetch(`${server.url}/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password }),
      });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-guess')).status).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ userMessage: 'tooManyAttempts' });
  });
});
