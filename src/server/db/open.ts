import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { query } from './query';
import { followPreparedStatements } from './pglite-statements';
import { acquireDirLock, type DirLock } from './lockfile';
import { PgListener } from './pg-listener';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** No statement runs longer: a query that would scan without bound is cancelled (search answers queryTooBroad). */
export const STATEMENT_TIMEOUT_MS = 30_000;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Code that works both inside and outside a transaction takes an Executor. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded client, for pg-boss's PGlite adapter (tasks/jobs). */
  pglite?: PGlite;
  /** The connection string, for pg-boss's own pool on PostgreSQL (tasks/jobs). */
  url?: string;
  /** Runs `fn` for each NOTIFY on `channel`; `onReconnect` after a lost listener is back. Returns an unsubscribe. */
  listen(
    channel: string,
    fn: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  sizeBytes(): Promise<number>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), findMigrations());

function findMigrations(): string {
  // Source layout (src/server/db) and bundle layout (dist/server) sit at different depths.
  const here = path.dirname(fileURLToPath(import.meta.url));
  return here.includes(`${path.sep}dist${path.sep}`) || here.endsWith(`${path.sep}dist`)
    ? '../../migrations'
    : '../../../migrations';
}

/** The same extensions on every open (DESIGN §2 gotchas). */
const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * PGlite's own start parameters, plus a smaller shared_buffers. The default 128 MB lives inside
 * the WebAssembly memory, which never shrinks; the data files are read through Node and stay in
 * the OS page cache, so a smaller pool costs little. Measured: see docs/decisions.md "Where the
 * memory goes".
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

export async function openPglite(
  dir: string,
  opts: { migrate?: boolean; lock?: boolean } = {},
): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const lock: DirLock | null = opts.lock === false ? null : acquireDirLock(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
  } catch (e) {
    lock?.release();
    throw e;
  }
  followPreparedStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async listen(channel, fn) {
      const unsub = await client.listen(channel, fn);
      return async () => unsub();
    },
    async sizeBytes() {
      const [r] = await query<{ n: string }>(
        db,
        sql`select pg_database_size(current_database())::bigint as n`,
      );
      return Number(r?.n ?? 0);
    },
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

export async function openPostgres(
  url: string,
  opts: { migrate?: boolean; max?: number; statementTimeoutMs?: number } = {},
): Promise<Database> {
  // JIT compilation costs ~0.5 s on our access predicates and never pays off for queries that
  // run in milliseconds (docs/adr/0002-postgres-jit-off.md).
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: '-c jit=off',
    statement_timeout: opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
  });
  // An idle pooled connection that dies (a restart, a failover, a dropped test database) must not
  // take the node down: pg emits 'error' on the pool, and an unhandled one ends the process.
  pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (opts.migrate !== false) await migrateOnce(url, db);
  const listener = new PgListener(url);
  return {
    db,
    kind: 'postgres',
    url,
    listen: (channel, fn, onReconnect) => listener.listen(channel, fn, onReconnect),
    async sizeBytes() {
      const r = await pool.query('select pg_database_size(current_database())::bigint as n');
      return Number(r.rows[0].n);
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Runs the migrations under a session advisory lock, so that nodes started together on a new
 * database (compose's two app nodes) migrate one after the other: the first applies them, the
 * others find them applied. Without it both create the same tables and one fails to start.
 */
async function migrateOnce(url: string, db: Db): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('ckk_migrations'))`);
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the session releases the lock, also when a migration failed.
    await lock.end();
  }
}

export interface DbConfig {
  databaseUrl?: string | undefined;
  dataDir: string;
}

export function openDatabase(cfg: DbConfig): Promise<Database> {
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPglite(path.join(cfg.dataDir, 'pglite'));
}
