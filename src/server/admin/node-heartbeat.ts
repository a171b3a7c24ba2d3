import { sql } from 'drizzle-orm';
import type { Services } from '../services';

/** Each node writes its row this often; a row older than NODE_LIVE_MS is a node that is gone. */
export const HEARTBEAT_MS = 10_000;
export const NODE_LIVE_MS = 30_000;

export interface NodeLog {
  warn(obj: unknown, msg: string): void;
}

/** Writes this node's heartbeat row now (id, version, start time, open sockets). */
export async function beat(services: Services): Promise<void> {
  const { config, database, hub, startedAt } = services;
  await database.db.execute(sql`insert into nodes (node_id, version, started_at, sockets, seen_at)
    values (${config.nodeId}, ${config.version}, ${startedAt.toISOString()}, ${hub.sessions.size}, now())
    on conflict (node_id) do update set version = excluded.version, started_at = excluded.started_at,
      sockets = excluded.sockets, seen_at = now()`);
}

/**
 * Announces the node every HEARTBEAT_MS so admin.state on any node lists every live node on the
 * same database. Stopping removes the row at once; a crashed node ages out after NODE_LIVE_MS.
 */
export function startHeartbeat(services: Services, log: NodeLog) {
  const run = () => beat(services).catch((err: unknown) => log.warn({ err }, 'node heartbeat failed'));
  const first = run();
  const timer = setInterval(() => void run(), HEARTBEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await first;
      await services.database.db
        .execute(sql`delete from nodes where node_id = ${services.config.nodeId}`)
        .catch(() => undefined);
    },
  };
}
