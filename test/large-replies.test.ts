import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/protocol/errors';
import { query } from '../src/server/db/query';
import { LargeReplies } from '../src/server/http/large-replies';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

// Large replies live in the shared database: what one node holds, another hands out (issue 21).

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await openTestDatabase();
});
afterAll(async () => {
  await tdb?.close();
});

describe('LargeReplies', () => {
  it('hands a reply held by one node to its owner on another, once', async () => {
    const nodeA = new LargeReplies(tdb.database.db);
    const nodeB = new LargeReplies(tdb.database.db);
    const body = JSON.stringify({ o: 'readMany', b: 'é'.repeat(1000) });
    const key = await nodeA.put('User-1', body);
    expect(await nodeB.take(key, 'User-2')).toBeNull();
    expect(await nodeB.take(key, null)).toBeNull();
    expect(await nodeB.take(key, 'User-1')).toEqual({ done: true, body });
    expect(await nodeA.take(key, 'User-1')).toBeNull();
  });

  it('reports a stream as running until it finishes, on any node', async () => {
    const nodeA = new LargeReplies(tdb.database.db);
    const nodeB = new LargeReplies(tdb.database.db);
    const key = await nodeA.put(null, null);
    expect(await nodeB.take(key, null)).toEqual({ done: false, body: '' });
    expect(await nodeB.take(key, 'User-1')).toBeNull();
    await nodeA.finish(key, '{"done":1}');
    expect(await nodeB.take(key, null)).toEqual({ done: true, body: '{"done":1}' });
    expect(await nodeB.take(key, null)).toBeNull();
  });

  it('refuses to hold more than its cap of unfetched replies, and takes more once they are fetched', async () => {
    await tdb.database.db.execute(sql`delete from large_replies`);
    // A cap of 8 KB, bodies of 1 KB (UTF-8 bytes: 'é' is two): eight fit, the ninth does not.
    const held = new LargeReplies(tdb.database.db, 8 * 1024);
    const body = 'é'.repeat(512);
    const keys: string[] = [];
    for (let i = 0; i < 8; i++) keys.push(await held.put('User-1', body));
    const refused = await held.put('User-2', body).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe('serverBusy');
    // A stream placeholder holds nothing yet and is still accepted.
    expect(await held.put('User-2', null)).toEqual(expect.any(String));
    expect(await held.take(keys[0]!, 'User-1')).toEqual({ done: true, body });
    expect(await held.put('User-2', body)).toEqual(expect.any(String));
  });

  it('forgets what nobody fetched within ten minutes', async () => {
    const held = new LargeReplies(tdb.database.db);
    const old = await held.put('User-1', 'x');
    await tdb.database.db.execute(
      sql`update large_replies set at = now() - interval '11 minutes' where key = ${old}`,
    );
    await held.put('User-1', 'y');
    const left = await query<{ key: string }>(
      tdb.database.db,
      sql`select key from large_replies where key = ${old}`,
    );
    expect(left).toEqual([]);
  });
});
