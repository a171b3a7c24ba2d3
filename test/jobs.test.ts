import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../src/server/tasks/jobs';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

// The Jobs service others build on: register, send, schedule, queue depth, clean stop.

let tdb: TestDatabase;
let a: Jobs;
let b: Jobs;
const quiet = { warn: () => undefined };

beforeAll(async () => {
  tdb = await openTestDatabase();
  a = new Jobs(tdb.database, quiet);
  b = new Jobs(tdb.database, quiet);
}, 30_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await tdb?.close();
});

describe('Jobs', () => {
  it('starts quickly on a database that has the schema', async () => {
    const t0 = performance.now();
    await a.start();
    await b.start();
    // Two starts; the template carries pg-boss's schema, so this is well under a second.
    expect(performance.now() - t0).toBeLessThan(2_000);
  });

  it('hands each job to one of the nodes that registered its queue', async () => {
    const seen: { node: string; n: number }[] = [];
    const handler = (node: string) => async (data: { n: number }) => {
      seen.push({ node, n: data.n });
    };
    await a.register('test.count', handler('a'));
    await b.register('test.count', handler('b'));
    for (let n = 0; n < 6; n++) await a.send('test.count', { n });
    const deadline = Date.now() + 10_000;
    while (seen.length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(seen.map((s) => s.n).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const depth = await a.queueDepth();
    expect(depth.queues['test.count']).toBeDefined();
  });

  it('drains a burst of jobs back to back, not one per poll interval', async () => {
    // One worker, and twelve jobs sent at once: their wake-ups all arrive before it has fetched
    // the first, so only looking again after each job keeps it from waiting out its 10 s poll.
    const done: number[] = [];
    await a.register(
      'test.burst',
      async (data: { n: number }) => {
        done.push(data.n);
      },
      { concurrency: 1 },
    );
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 12 }, (_, n) => a.send('test.burst', { n })));
    await expect.poll(() => done.length, { timeout: 15_000 }).toBe(12);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it('refuses to send to a queue no handler is registered for, and schedules cron jobs', async () => {
    await expect(a.send('test.nobody', {})).rejects.toThrow(/no handler/);
    await a.register('test.digest', async () => undefined);
    await a.schedule('test.digest', '0 7 * * *', { kind: 'daily' });
    const rows = await tdb.database.db.execute(
      "select name, cron from pgboss.schedule where name = 'test.digest'" as never,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { cron: string }[];
    expect(list[0]?.cron).toBe('0 7 * * *');
    await a.unschedule('test.digest');
  });
});
