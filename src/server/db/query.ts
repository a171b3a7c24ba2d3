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

/** PGlite and node-postgres both parse json columns; a string is parsed here just in case. */
export function parseJson(v: unknown): unknown {
  return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
}
