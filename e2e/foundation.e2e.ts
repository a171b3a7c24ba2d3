import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_PASSWORD } from '../src/server/seed/demo';
import { openTestDatabase, type TestDatabase } from '../test/helpers/test-db';
import { startTestServer, type TestServer } from '../test/helpers/test-server';
import { launchChromium, SCREENSHOTS } from './helpers/browser';

// The foundation in a real browser: the page carries the config element, and a page script
// signs in, opens /ws, authenticates and reads items through the access policy.

let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  await seedDemo(server.app.services.items);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tdb?.close();
});

describe('the page and the socket in Chromium', () => {
  it('serves the page with the embedded config', async () => {
    const page = await browser.newPage();
    const response = await page.goto(server.url + '/');
    // The page as served carries the site name; once the app has booted, a signed-out visitor
    // is on the sign-in page and the title names it.
    expect(await response!.text()).toContain('<title>Community Knowledge Keeper</title>');
    await expect.poll(() => page.title()).toBe('Sign in • Community Knowledge Keeper');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    const config = JSON.parse((await page.locator('script#config').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(config).toMatchObject({
      siteName: 'Community Knowledge Keeper',
      wsMaxMsgSize: 1048576,
      defaultBounds: [-141, 48, -53, 70],
    });
    expect(Object.keys(config.types as object)).toContain('Organization');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'foundation-home.png') });
    await page.close();
  });

  it('signs in, authenticates the socket and reads only what the user may see', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/');
    const result = await page.evaluate(async (password) => {
      const res = await fetch('/api/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'member@riverbend.example', password }),
      });
      const token = res.headers.get('token');
      const ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
      await new Promise((r) => ws.addEventListener('open', r, { once: true }));
      let seq = 0;
      const call = (o: string, b?: unknown, v?: string) =>
        new Promise<{ o: string; b: Record<string, unknown> }>((resolve) => {
          const s = String(++seq);
          const on = (ev: MessageEvent) => {
            const f = JSON.parse(String(ev.data));
            if (f.s === s) {
              ws.removeEventListener('message', on);
              resolve(f);
            }
          };
          ws.addEventListener('message', on);
          ws.send(JSON.stringify({ o, b, s, ...(v ? { v } : {}) }));
        });
      const authed = await call('tokenAuth', { token }, 'e2e');
      const many = await call('readMany/object', [
        'Agreement-1',
        'Agreement-2',
        'Agreement-3',
        'Agreement-4',
      ]);
      ws.close();
      return { status: res.status, authed, many: many.b };
    }, DEMO_PASSWORD);
    expect(result.status).toBe(200);
    expect(result.authed.o).toBe('authed');
    expect(result.authed.b.name).toBe('Daniel Crow');
    expect(result.many['Agreement-1']).toMatchObject({ title: 'Riverbend consultation protocol' });
    expect(result.many['Agreement-2']).toMatchObject({ title: 'Community data-sharing terms' });
    expect(result.many['Agreement-3']).toMatchObject({ erred: true, userMessage: 'notAllowed' });
    expect(result.many['Agreement-4']).toMatchObject({ erred: true, userMessage: 'notAllowed' });
    await page.close();
  });
});
