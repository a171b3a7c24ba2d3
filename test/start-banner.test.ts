import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './helpers/child-server';

// The start-up banner (src/server/main.ts) is the last thing a first start prints: after
// Fastify's "listening" lines, so the demo sign-ins are on screen when a person looks for them;
// and a request afterwards adds at most one line, at debug when it succeeded (not shown at info).

let child: ChildServer;

beforeAll(async () => {
  // From source (tsx) and with the whole demo seeded: slow on a busy machine. On the embedded
  // database of its own data folder even in the PostgreSQL run: the demo (and so the banner)
  // comes only on a first start, and the shared PostgreSQL database is not empty there.
  child = await startChildServer({ DEMO_DATA: 'true', LOG_LEVEL: 'info', DATABASE_URL: '' }, 100_000);
}, 120_000);

afterAll(async () => {
  await child?.stop();
});

/** Waits until the output holds `text` (the log is written asynchronously). */
async function waitFor(text: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (!child.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in: ${child.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return child.output();
}

describe('start-up output', () => {
  it('prints the demo sign-ins after the other start-up lines', async () => {
    const out = await waitFor('regulator@lands.gov.example');
    const banner = out.indexOf('Demo sign-ins (password for all:');
    expect(banner).toBeGreaterThan(out.lastIndexOf('Server listening at'));
    expect(out.lastIndexOf('Server listening at')).toBeGreaterThan(-1);
    for (const email of [
      'admin@riverbend.example',
      'lands.officer@riverbend.example',
      'member@riverbend.example',
    ])
      expect(out.indexOf(email, banner)).toBeGreaterThan(banner);
  });

  it('logs nothing at info for a successful request, one line for a failed one', async () => {
    const before = child.output().length;
    expect((await fetch(`${child.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${child.url}/api/no-such-route`)).status).toBe(404);
    await waitFor('/api/no-such-route 404');
    const added = child
      .output()
      .slice(before)
      .split('\n')
      .filter((l) => l.trim());
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/"msg":"GET \/api\/no-such-route 404 \d+ms"/);
  });
});
