import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './open';

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{rows}`). */
export async function query<T = Record<string, unknown>>(ex: Executor, q: SQL): Promise<T[]> {
  const r = (await ex.execute(q)) as unknown as { rows: T[] };
  return r.rows;
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
