import { sql, type SQL } from 'drizzle-orm';
import {
  grantedItemIds,
  loadRowsAsSystem,
  query,
  readableSql,
  type ActHandler,
} from '../../../server/module-api';
import type { belongingsActs } from '../contract';
import { ORGANIZATION_TYPES } from '../../core/types';

// searchBelongingOrgs (spec §7; docs/belongings.md "Museums and holders"): the institutions of the
// belongings the caller may read. Both sides go through the read rule's SQL form: the belongings
// (so a museum named only by a hidden belonging stays hidden, and so does how many it holds) and
// the organisations themselves (one that is not PUBLIC is listed only to its readers).

/** The most institutions one answer lists. */
export const ORGS_MAX = 200;

/** `%word%` for ILIKE, with the pattern characters taken literally. */
function likeWord(w: string): string {
  return `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every word of the query in the organisation's display or legal name, in any order. */
function nameMatches(q: string): SQL {
  const words = q.trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if (!words.length) return sql`true`;
  return sql.join(
    words.map(
      (w) =>
        sql`(coalesce(o.data->>'displayName', '') || ' ' || coalesce(o.data->>'legalName', '')) ilike ${likeWord(w)}`,
    ),
    sql` and `,
  );
}

export const searchBelongingOrgs: ActHandler<(typeof belongingsActs)['searchBelongingOrgs']> = async ({
  services,
  principal: p,
  body,
}) => {
  const { items, registry } = services;
  const db = items.db;
  const granted = await grantedItemIds(db, p);
  const belongings = readableSql(p, registry, 'b', ['Belonging'], { granted });
  const orgs = readableSql(p, registry, 'o', ['Organization'], { granted });
  const rows = await query<{ id: string; n: number }>(
    db,
    sql`select o.id, count(*)::int as n from items b
      join items o on o.id = b.data->>'institution' and o.type = 'Organization' and not o.deleted
      where b.type = 'Belonging' and not b.deleted and ${belongings} and ${orgs} and ${nameMatches(body.query)}
      group by o.id`,
  );
  // As the system: only the ids readableSql found above (the belongings and the organisations).
  const loaded = await loadRowsAsSystem(
    db,
    rows.map((r) => r.id),
  );
  const types: readonly string[] = ORGANIZATION_TYPES;
  const results = rows
    .map((r) => {
      const row = loaded.get(r.id)!;
      const type = typeof row.data.type === 'string' && types.includes(row.data.type) ? row.data.type : null;
      return {
        $id: r.id,
        label: items.labelOf(row),
        type: type as (typeof ORGANIZATION_TYPES)[number] | null,
        belongings: Number(r.n),
      };
    })
    .sort(
      (a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) || a.$id.localeCompare(b.$id),
    )
    .slice(0, ORGS_MAX);
  return { results };
};
