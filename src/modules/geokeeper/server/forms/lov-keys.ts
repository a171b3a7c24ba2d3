import { sql } from 'drizzle-orm';
import { query, textArray, type Executor } from '../../../../server/module-api';
import { walkFields, type FormDefinition } from '../../form/definition';

/** The organisation lists of values a definition's selects use (`choices: { lov }`). */
export function lovKeysOf(def: FormDefinition): string[] {
  const keys = new Set<string>();
  walkFields(def.fields, (f) => {
    if (f.choices && 'lov' in f.choices) keys.add(f.choices.lov);
  });
  return [...keys];
}

/**
 * The live values of those lists in the form's organisation, to check the answers against
 * (evaluateForm's `lovs`): the lists belong to the organisation that owns the form.
 */
export async function lovValues(
  tx: Executor,
  owner: string | null,
  lists: readonly string[],
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (lists.length === 0) return out;
  for (const l of lists) out[l] = [];
  const rows = await query<{ list: string; key: string }>(
    tx,
    sql`select data->>'list' as list, data->>'key' as key from items
        where type = 'LOVValue' and not deleted and owner is not distinct from ${owner}
          and data->>'list' = any(${textArray(lists)})
        limit 20000`,
  );
  for (const r of rows) out[r.list]?.push(r.key);
  return out;
}
