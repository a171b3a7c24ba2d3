import { sql } from 'drizzle-orm';
import { query } from '../db/query';
import type { AdminState } from '../../modules/core/contract';
import type { Services } from '../services';
import { beat, NODE_LIVE_MS } from './node-heartbeat';

// The reply's shape is the adminState contract (modules/core/contract.ts), shared with the screen.

async function jobCounts(services: Services): Promise<AdminState['jobs']> {
  const ex = services.database.db;
  const [has] = await query<{ t: string | null }>(ex, sql`select to_regclass('pgboss.job')::text as t`);
  const none = { running: false, created: 0, retry: 0, active: 0, depth: 0 };
  if (!has?.t) return none;
  const rows = await query<{ state: string; n: string }>(
    ex,
    sql`select state::text as state, count(*)::bigint as n from pgboss.job
        where state in ('created', 'retry', 'active') group by state`,
  );
  const by = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  const created = by.created ?? 0;
  const retry = by.retry ?? 0;
  const active = by.active ?? 0;
  return { running: true, created, retry, active, depth: created + retry + active };
}

/** admin.state: this node, the database, the job queue and every live node on the database. */
export async function adminState(services: Services): Promise<AdminState> {
  const { config, database, hub, startedAt } = services;
  await beat(services);
  const nodes = await query<{
    node_id: string;
    version: string;
    started_at: string | Date;
    seen_at: string | Date;
    sockets: number;
  }>(
    database.db,
    sql`select node_id, version, started_at, seen_at, sockets from nodes
        where seen_at > now() - make_interval(secs => ${NODE_LIVE_MS / 1000}) order by started_at, node_id`,
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  return {
    version: config.version,
    nodeId: config.nodeId,
    startedAt: startedAt.toISOString(),
    uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    database: { kind: database.kind, sizeBytes: await database.sizeBytes() },
    jobs: await jobCounts(services),
    sockets: {
      total: hub.sessions.size,
      signedIn: [...hub.sessions].filter((s) => s.userId).length,
    },
    nodes: nodes.map((n) => ({
      nodeId: n.node_id,
      version: n.version,
      startedAt: iso(n.started_at),
      seenAt: iso(n.seen_at),
      sockets: Number(n.sockets),
      self: n.node_id === config.nodeId,
    })),
  };
}
