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

/** Stand-ins for socket connections whose `request` runs the bare update of `b.id` instead. */
export function bareUpdateConns(url: string, count: number): { conns: Conn[]; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX, options: '-c jit=off' });
  let rev = 0;
  const request = async (_o: string, b: unknown): Promise<{ frame: Frame; bytes: number }> => {
    const id = (b as { $id: string }).$id;
    const subject = `Bare update ${id}, revision ${++rev}`;
    const c = await pool.connect();
    try {
      await c.query('begin');
      await c.query(
        `update items set data = jsonb_set(data, '{subject}', to_jsonb($2::text)),
          version = version + 1, u = u + 1, updated_at = now() where id = $1`,
        [id, subject],
      );
      await c.query(
        `insert into events (item_id, kind, actor, data) values ($1, 'updated', null, $2::jsonb)`,
        [id, JSON.stringify({ changes: { subject: { to: subject } } })],
      );
      await c.query('select pg_notify($1, $2)', [ITEMS_CHANNEL, JSON.stringify({ id, op: 'update' })]);
      await c.query('commit');
    } catch (e) {
      await c.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
    return { frame: { o: 'update', b: {} } as Frame, bytes: 0 };
  };
  const conns = Array.from({ length: count }, () => ({ request, ws: { readyState: 1 } }) as unknown as Conn);
  return { conns, close: () => pool.end() };
}
