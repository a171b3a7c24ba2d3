import { sql } from 'drizzle-orm';
import {
  grantedItemIds,
  query,
  readableSql,
  type ActCall,
  type Executor,
  type Principal,
  type Services,
} from '../../../server/module-api';
import { SOURCE_ORGS_MAX } from '../contract';

// archive.orgs (spec capability-modules §7 "searchSourceOrgs: payload query; response results"):
// the organisations archive entries come from. An organisation is listed only through entries the
// caller may read: the entries are counted under the policy's SQL form (readableSql), so an
// organisation named only by a PRIVATE or protocol-restricted entry the caller cannot read is
// not listed, not counted and not named. The organisation itself must be readable too (labelsFor).

/** Lower case, accents and punctuation aside, for the name match. */
function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export async function sourceOrgs(
  ex: Executor,
  services: Services,
  p: Principal,
  text: string,
): Promise<{ $id: string; label: string; entries: number }[]> {
  const granted = await grantedItemIds(ex, p);
  const readable = readableSql(p, services.registry, 'i', ['ArchiveEntry'], { granted });
  const rows = await query<{ org: string; n: number }>(
    ex,
    sql`select i.data->>'sourceOrg' as org, count(*)::int as n from items i
      where i.type = 'ArchiveEntry' and not i.deleted and i.data->>'sourceOrg' is not null and ${readable}
      group by 1`,
  );
  const counts = new Map(rows.map((r) => [r.org, r.n]));
  const labels = await services.items.labelsFor(p, [...counts.keys()]);
  const words = fold(text).split(' ').filter(Boolean);
  return Object.entries(labels)
    .filter(([, label]) => {
      const name = fold(label);
      return words.every((w) => name.includes(w));
    })
    .map(([$id, label]) => ({ $id, label, entries: counts.get($id) ?? 0 }))
    .sort((a, b) => a.label.localeCompare(b.label))
    .slice(0, SOURCE_ORGS_MAX);
}

export async function searchSourceOrgs({ services, principal, body }: ActCall<{ query: string }>) {
  return { results: await sourceOrgs(services.items.db, services, principal, body.query) };
}
