import pg from 'pg';
import { ITEMS_CHANNEL } from '../../src/server/items/rows';
import type { Conn, Frame } from './load';

// The bare SQL of one item update, for the write benchmark's baseline (issue 21): the same shape
// as the server's write (the row update with its search-copy trigger, the event insert and the
// NOTIFY, in one transaction) and nothing else: no access check, validation, hooks, wire reply or
// fan-out. Run from the benchmark's own process through the same pool size as the server's, so
// the server's rate over this one is the share of the write the product's work costs.

/** The server's pool size (src/server/db/open.ts). */
const POOL_MAX = 10;

/** The bare statements of one update, on a client already in a transaction. */
async function updateOne(c: pg.PoolClient, id: string, subject: string): Promise<void> {
  await c.query(
    `update items set data = jsonb_set(data, '{subject}', to_jsonb($2::text)),
      version = version + 1, u = u + 1, updated_at = now() where id = $1`,
    [id, subject],
  );
  await c.query(`insert into events (item_id, kind, actor, data) values ($1, 'updated', null, $2::jsonb)`, [
    id,
    JSON.stringify({ changes: { subject: { to: subject } } }),
  ]);
  await c.query('select pg_notify($1, $2)', [ITEMS_CHANNEL, JSON.stringify({ id, op: 'update' })]);
}

/** Runs `ids`' updates in one transaction on a client of `pool`. */
async function inTransaction(pool: pg.Pool, work: { id: string; subject: string }[]): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    for (const w of work) await updateOne(c, w.id, w.subject);
    await c.query('commit');
  } catch (e) {
    await c.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    c.release();
  }
}

/** As many updates as the server's group commit takes in one transaction (write-batch.ts). */
const BATCH_MAX = 32;

/**
 * Stand-ins for socket connections whose `request` runs the bare update of `b.id` instead. Each
 * update is a transaction of its own; `batched`: the updates of one event-loop turn share one,
 * as the server's group commit does (at most 32, in id order), so the server's own batching is
 * measured against the same batching bare.
 */
export function bareUpdateConns(
  url: string,
  count: number,
  opts: { batched?: boolean } = {},
): { conns: Conn[]; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX, options: '-c jit=off' });
  let rev = 0;
  let queue: { id: string; subject: string; done(e?: unknown): void }[] = [];
  const flush = () => {
    const all = queue.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    queue = [];
    for (let i = 0; i < all.length; i += BATCH_MAX) {
      const batch = all.slice(i, i + BATCH_MAX);
      inTransaction(pool, batch).then(
        () => batch.forEach((w) => w.done()),
        (e: unknown) => batch.forEach((w) => w.done(e)),
      );
    }
  };
  const request = async (_o: string, b: unknown): Promise<{ frame: Frame; bytes: number }> => {
    const id = (b as { $id: string }).$id;
    const subject = `Bare update ${id}, revision ${++rev}`;
    if (!opts.batched) await inTransaction(pool, [{ id, subject }]);
    else
      await new Promise<void>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ id, subject, done: (e) => (e === undefined ? resolve() : reject(e as Error)) });
      });
    return { frame: { o: 'update', b: {} } as Frame, bytes: 0 };
  };
  const conns = Array.from({ length: count }, () => ({ request, ws: { readyState: 1 } }) as unknown as Conn);
  return { conns, close: () => pool.end() };
}
