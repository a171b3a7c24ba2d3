import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import type { ItemService } from '../src/server/items/item-service';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// Group commit (src/server/items/write-batch.ts): the creates and updates of one turn of the
// event loop share a transaction, and a write that fails fails alone. Checked on the database
// itself: rows written by one transaction carry its transaction id (xmin).

let tdb: TestDatabase;
let server: TestServer;
let items: ItemService;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  items = server.app.services.items;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

const xminOf = async (ids: string[]) =>
  new Set(
    (
      await query<{ x: string }>(
        tdb.database.db,
        sql`select xmin::text as x from items where id = any(${`{${ids.join(',')}}`}::text[])`,
      )
    ).map((r) => r.x),
  );

const org = (name: string) => items.create(SYSTEM, 'Organization', { displayName: name, type: 'COMMUNITY' });

describe('group commit', () => {
  it('commits the writes of one turn in one transaction, each answered with its own item', async () => {
    const before = items.batcher.batches;
    const made = await Promise.all(['Alder', 'Birch', 'Cedar', 'Dogwood'].map(org));
    expect(made.map((o) => o.displayName)).toEqual(['Alder', 'Birch', 'Cedar', 'Dogwood']);
    expect(items.batcher.batches - before).toBe(1);
    expect((await xminOf(made.map((o) => o.$id))).size).toBe(1);

    const renamed = await Promise.all(
      made.map((o) =>
        items.update(SYSTEM, { $id: o.$id, $version: o.$version, displayName: `${o.displayName} Nation` }),
      ),
    );
    expect(renamed.map((o) => o.displayName)).toEqual([
      'Alder Nation',
      'Birch Nation',
      'Cedar Nation',
      'Dogwood Nation',
    ]);
    expect((await xminOf(made.map((o) => o.$id))).size).toBe(1);
  });

  it('fails a stale write alone: its neighbours commit, and it gets its own error', async () => {
    const [a, b, c] = await Promise.all(['Elm', 'Fir', 'Garry oak'].map(org));
    const retried = items.batcher.retried;
    const results = await Promise.allSettled([
      items.update(SYSTEM, { $id: a!.$id, $version: a!.$version, displayName: 'Elm Creek' }),
      items.update(SYSTEM, { $id: b!.$id, $version: b!.$version + 5, displayName: 'Fir stale' }),
      items.update(SYSTEM, { $id: c!.$id, $version: c!.$version, displayName: 'Garry Oak Flats' }),
    ]);
    expect(items.batcher.retried).toBe(retried + 1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ key: 'staleVersion' });
    expect((await items.read(SYSTEM, a!.$id)).displayName).toBe('Elm Creek');
    expect((await items.read(SYSTEM, b!.$id)).displayName).toBe('Fir');
    expect((await items.read(SYSTEM, c!.$id)).displayName).toBe('Garry Oak Flats');
    // Each event once: the retried writes did not leave a second event behind.
    const [n] = await query<{ n: number }>(
      tdb.database.db,
      sql`select count(*)::int as n from events where item_id = ${a!.$id} and kind = 'updated'`,
    );
    expect(n!.n).toBe(1);
  });
});

describe('rows locked ahead', () => {
  it('starts a batch’s updates from rows it locked in one statement', async () => {
    const made = await Promise.all(['Hemlock', 'Ironwood', 'Juniper'].map(org));
    const before = items.rowsLockedAhead;
    await Promise.all(
      made.map((o) => items.update(SYSTEM, { $id: o.$id, $version: o.$version, industry: 'Forestry' })),
    );
    expect(items.rowsLockedAhead - before).toBe(3);
    expect((await xminOf(made.map((o) => o.$id))).size).toBe(1);
  });

  it('reads a row again when a hook of an earlier write in the batch changed it', async () => {
    // Two organisations, the first one's update (by id order, the batch's order) patches the
    // second as a hook would: the second's update must start from the patched row, or it would
    // write its change over the hook's and give the row a `_u` already used.
    const [first, second] = (await Promise.all(['Kinnikinnick', 'Labrador tea'].map(org))).sort((x, y) =>
      x.$id < y.$id ? -1 : 1,
    );
    items.hooks.add({
      Organization: {
        async afterWrite(tx, e) {
          if (e.row.id === first!.$id && e.kind === 'updated')
            await e.items.patchIn(
              tx,
              SYSTEM,
              second!.$id,
              { website: 'https://example.org/cascade' },
              { touchOnly: true },
            );
        },
      },
    });
    const before = items.rowsLockedAhead;
    const [a, b] = await Promise.all([
      items.update(SYSTEM, { $id: first!.$id, $version: first!.$version, industry: 'Medicine' }),
      items.update(SYSTEM, { $id: second!.$id, $version: second!.$version, industry: 'Tea' }),
    ]);
    // The first update and the hook's patch started from the locked rows; the second update,
    // after the patch, read its row again.
    expect(items.rowsLockedAhead - before).toBe(2);
    expect(a!.industry).toBe('Medicine');
    expect(b).toMatchObject({ industry: 'Tea', website: 'https://example.org/cascade' });
    const stored = await items.read(SYSTEM, second!.$id);
    expect(stored).toMatchObject({ industry: 'Tea', website: 'https://example.org/cascade' });
    // created, the hook's touch, the update: each moved `_u` once.
    expect(stored._u).toBe(second!._u + 2);
  });
});

describe('numbers taken ahead', () => {
  const numOf = (id: string) => Number(id.split('-')[1]);
  const counter = async () =>
    Number(
      (
        await query<{ last: number }>(
          tdb.database.db,
          sql`select last from type_counters where type = 'Organization'`,
        )
      )[0]!.last,
    );

  it('numbers a batch’s creates in the order they arrived, from one statement', async () => {
    const names = ['Moose Lake', 'Nettle Creek', 'Otter Point', 'Pine Ridge', 'Quillwort Bay'];
    const made = await Promise.all(names.map(org));
    const nums = made.map((o) => numOf(o.$id));
    expect(nums).toEqual(nums.map((_, i) => nums[0]! + i));
    expect(made.map((o) => o.displayName)).toEqual(names);
    expect(await counter()).toBe(nums[4]);
    expect((await xminOf(made.map((o) => o.$id))).size).toBe(1);
  });

  it('never repeats a number when a hook of the batch creates the same type', async () => {
    items.hooks.add({
      Organization: {
        async afterWrite(tx, e) {
          if (e.kind === 'created' && e.row.data.displayName === 'Raven Harbour')
            await e.items.createIn(tx, SYSTEM, 'Organization', {
              displayName: 'Raven Harbour Society',
              type: 'COMMUNITY',
            });
        },
      },
    });
    const before = await counter();
    const made = await Promise.all(['Raven Harbour', 'Salmonberry Flats', 'Thimbleberry Hill'].map(org));
    const all = await query<{ id: string }>(
      tdb.database.db,
      sql`select id from items where type = 'Organization' and (data->>'displayName') like any(array['Raven Harbour%', 'Salmonberry Flats', 'Thimbleberry Hill'])`,
    );
    expect(all).toHaveLength(4);
    const nums = all.map((r) => numOf(r.id));
    expect(new Set(nums).size).toBe(4);
    for (const n of nums) expect(n).toBeGreaterThan(before);
    // The hook took one of the batch's three numbers, so the batch's last create took the next
    // from the counter: four numbers for four items, none skipped.
    expect(nums.sort((a, b) => a - b)).toEqual([1, 2, 3, 4].map((k) => before + k));
    expect(await counter()).toBe(before + 4);
    expect(made.map((o) => o.displayName)).toEqual([
      'Raven Harbour',
      'Salmonberry Flats',
      'Thimbleberry Hill',
    ]);
  });
});
