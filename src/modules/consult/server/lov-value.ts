import { sql } from 'drizzle-orm';
import { query, type Executor } from '../../../server/module-api';

// A list's value as one organisation holds it (its own wording of the key), for the texts the
// module writes in words: the snapshot, the letters, the submission's PDF. Read as the system:
// each caller decides who may be told the label (the label goes with the key on an item its
// reader may read, docs/access-model.md; or only what every reader of a letter may read).

export interface OwnedLovValue {
  id: string;
  /** Its English label, if it has one. */
  en: string | null;
}

export async function ownedLovValue(
  ex: Executor,
  owner: string | null,
  list: string,
  key: string,
): Promise<OwnedLovValue | null> {
  const [r] = await query<{ id: string; en: string | null }>(
    ex,
    sql`select id, data->'t'->>'en' as en from items where type = 'LOVValue' and not deleted
      and owner is not distinct from ${owner} and data->>'list' = ${list} and data->>'key' = ${key}
      order by num limit 1`,
  );
  return r ? { id: r.id, en: typeof r.en === 'string' && r.en.trim() ? r.en.trim() : null } : null;
}
