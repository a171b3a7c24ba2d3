import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/open';
import { query } from '../db/query';

// admin.systext stores wording per language in the database (every node sees the same); the
// older DATA_DIR/locale-overrides/{language}.json files still count, below the database.

export { KEY_RE, LANGUAGE_RE } from '../../protocol/locale-keys';

export type Flat = Record<string, string>;
interface Nested {
  [k: string]: string | Nested;
}

/** Dotted keys of a nested message object, leaves only. */
export function flatten(obj: unknown, prefix = '', out: Flat = {}): Flat {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof obj === 'string' && prefix) out[prefix] = obj;
  return out;
}

/** The nested form i18next merges; a key that is both a leaf and a branch keeps the branch. */
export function nest(flat: Flat): Nested {
  const root: Nested = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = root;
    for (const p of parts.slice(0, -1)) {
      const next = node[p];
      if (typeof next === 'object') node = next;
      else node = node[p] = {};
    }
    const last = parts[parts.length - 1]!;
    if (typeof node[last] !== 'object') node[last] = value;
  }
  return root;
}

export function fileOverrides(dataDir: string, language: string): Flat {
  const file = path.join(dataDir, 'locale-overrides', `${language}.json`);
  if (!existsSync(file)) return {};
  try {
    return flatten(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  } catch {
    return {};
  }
}

export async function dbOverrides(ex: Executor, language: string): Promise<Flat> {
  const rows = await query<{ key: string; value: string }>(
    ex,
    sql`select key, value from locale_overrides where language = ${language} order by key`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Sets (string) or removes (null or empty) each key's override; returns how many changed. */
export async function saveOverrides(
  ex: Executor,
  language: string,
  values: Record<string, string | null>,
  by: string | null,
): Promise<number> {
  let n = 0;
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === '') {
      await ex.execute(sql`delete from locale_overrides where language = ${language} and key = ${key}`);
    } else {
      await ex.execute(sql`insert into locale_overrides (language, key, value, updated_by, updated_at)
        values (${language}, ${key}, ${value}, ${by}, now())
        on conflict (language, key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
    }
    n++;
  }
  return n;
}

/** What GET /locale-overrides/{language} serves: the file's wording, then the database's over it. */
export async function effectiveOverrides(ex: Executor, dataDir: string, language: string): Promise<Nested> {
  return nest({ ...fileOverrides(dataDir, language), ...(await dbOverrides(ex, language)) });
}
