import { z } from 'zod';

// A match filter, used by type-level watches (and the search `must` clause):
// each key lists accepted values; an item matches when every key has a value in its list.
// For list properties, any element in the list matches.
export const MatchFilter = z.record(
  z.string().max(200),
  z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).max(1000),
);
export type MatchFilter = z.infer<typeof MatchFilter>;

type Scalar = string | number | boolean | null;

function valuesAt(item: Record<string, unknown>, key: string): Scalar[] {
  let v: unknown = item;
  for (const part of key.split('.')) {
    if (v === null || typeof v !== 'object') return [null];
    v = (v as Record<string, unknown>)[part];
  }
  if (v === undefined) return [null];
  const list = Array.isArray(v) ? v : [v];
  // A relation object counts by its $id; without one (a system-made _c) it is absent, never "[object Object]".
  return list.map((x) => {
    if (x === null || typeof x !== 'object') return x as Scalar;
    const id = (x as { $id?: unknown }).$id;
    return typeof id === 'string' ? id : null;
  });
}

export function matches(item: Record<string, unknown>, filter: MatchFilter): boolean {
  for (const [key, accepted] of Object.entries(filter)) {
    const have = valuesAt(item, key);
    if (
      !have.some((h) =>
        accepted.some((a) => a === h || (a !== null && h !== null && String(a) === String(h))),
      )
    )
      return false;
  }
  return true;
}
