import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './open';
import { pgliteStatement } from './pglite-statements';

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{rows}`). */
export async function query<T = Record<string, unknown>>(ex: Executor, q: SQL): Promise<T[]> {
  const r = (await ex.execute(q)) as unknown as { rows: T[] };
  return r.rows;
}

/** The internals of drizzle's session that `queryPrepared` uses (drizzle-orm 0.45). */
interface SessionInternals {
  /** PGlite's session: the PGlite instance or the transaction it runs in. */
  client?: unknown;
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    q: { sql: string; params: unknown[] },
    fields: undefined,
    name: string | undefined,
    arrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

const statementNames = new Map<string, string>();
const NAMED_MAX = 64;

/**
 * Like `query`, as a named (prepared) statement: PostgreSQL parses and plans it once per
 * connection instead of at every call. For the write path's few hot statements, whose text is the
 * same at every call (values only as parameters): a bare update measured 2,500 a second with
 * unnamed statements and 3,300 named (docs/write-path.md "Session 17"). The name is taken from the
 * text, so two texts are never one statement. On PGlite, SQL's PREPARE and EXECUTE do the same
 * (pglite-statements.ts).
 */
export async function queryPrepared<T = Record<string, unknown>>(ex: Executor, q: SQL): Promise<T[]> {
  const session = (ex as unknown as { session?: SessionInternals }).session;
  if (!session?.prepareQuery || !session.dialect) return query<T>(ex, q);
  const built = session.dialect.sqlToQuery(q);
  let name = statementNames.get(built.sql);
  if (!name) {
    // A text that varies would make a statement per call on every connection: past a bound, the
    // rest run unnamed (the write path has a handful).
    if (statementNames.size >= NAMED_MAX) return query<T>(ex, q);
    name = `ckk_${statementNames.size + 1}`;
    statementNames.set(built.sql, name);
  }
  // PGlite ignores a query's name: there the statement is prepared and executed in SQL.
  const run = (stmt: { sql: string; params: unknown[] }) =>
    session.prepareQuery(stmt, undefined, name, false).execute() as Promise<{ rows: T[] }>;
  const r = await run(await pgliteStatement(session.client, name, built, run));
  return r.rows;
}

const dialect = new PgDialect();
const inFlight = new WeakMap<Executor, Map<string, Promise<unknown[]>>>();

/**
 * Like `query`, but a statement identical to one already running on the same executor (same
 * text, same values) waits for that one's rows instead of running again. For a screen's cards
 * that ask the same heavy read at once (the desk's two cost charts read the same entries): the
 * rows depend only on the statement, and its values carry who asks (the read rule is written
 * into it), so sharing them gives nobody more than they asked for. Nothing is kept once the
 * statement ends. The rows are shared: callers must not change them.
 */
export function queryShared<T = Record<string, unknown>>(ex: Executor, q: SQL): Promise<readonly T[]> {
  const built = dialect.sqlToQuery(q);
  const key = `${built.sql}\u0000${JSON.stringify(built.params)}`;
  const running = inFlight.get(ex) ?? new Map<string, Promise<unknown[]>>();
  inFlight.set(ex, running);
  const found = running.get(key);
  if (found) return found as Promise<T[]>;
  const p = query<T>(ex, q).finally(() => running.delete(key));
  running.set(key, p);
  return p;
}

/** A text[] parameter: drizzle's template would expand a JS array into a tuple. */
export function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * A text array as ONE parameter (a Postgres array literal), for long lists: `= any(...)` with a
 * single parameter plans in a fraction of the time of 2,000 parameters (`in (...)` or
 * `textArray`), which was most of the map's first batch (issue 15 benchmark). Every element is
 * quoted, so commas, braces, quotes and backslashes in a value stay in that value.
 */
export function textArrayParam(values: readonly string[]): SQL {
  const quoted = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return sql`${`{${quoted.join(',')}}`}::text[]`;
}

/** PGlite and node-postgres both parse json columns; a string is parsed here just in case. */
export function parseJson(v: unknown): unknown {
  return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
}
