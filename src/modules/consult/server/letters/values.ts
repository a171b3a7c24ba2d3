import { sql } from 'drizzle-orm';
import { loadRowsAsSystem, query, type Executor, type ItemRow } from '../../../../server/module-api';
import type { LetterValues } from './fill';

// The values a template is filled with, read in the act's transaction from the response, its
// consultation, the organisations they name, the response's concerns and the owner's list labels.
// Everything here is the community's own reading of its response: the act checked the caller
// may read the response; the consultation and organisations are what the response names.

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** "November 24, 2026": a letter's dates are written out (no ambiguous 11/12). */
export function letterDate(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T12:00:00Z` : s);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleDateString('en-CA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

async function lovLabel(
  tx: Executor,
  owner: string | null,
  list: string,
  key: unknown,
): Promise<string | null> {
  const k = str(key);
  if (!k) return null;
  const [row] = await query<{ t: unknown }>(
    tx,
    sql`select data->'t' as t from items where type = 'LOVValue' and not deleted
      and coalesce(owner, '') = ${owner ?? ''} and data->>'list' = ${list} and data->>'key' = ${k} limit 1`,
  );
  const t = row?.t as { en?: unknown } | undefined;
  return str(t?.en) ?? k;
}

export async function letterValues(tx: Executor, response: ItemRow, now: Date): Promise<LetterValues> {
  const d = response.data;
  const cid = str(d.consultation);
  // As the system: the letter's values; what of the consultation and its concerns reaches the letter is issue
  // 36 finding 12 (its own branch).
  const c = cid ? (await loadRowsAsSystem(tx, [cid])).get(cid) : undefined;
  const cd = c && !c.deleted ? c.data : {};
  const orgIds = [str(cd.primaryOrg) ?? str(d.primaryOrg), str(d.community) ?? response.owner].filter(
    (x): x is string => !!x,
  );
  // As the system: only the organisations' display names, which their labels show anyway.
  const orgs = await loadRowsAsSystem(tx, orgIds);
  const orgName = (id: string | null) => {
    const o = id ? orgs.get(id) : undefined;
    return o && !o.deleted ? str(o.data.displayName) : null;
  };
  const concerns = await query<{ subject: string }>(
    tx,
    sql`select data->>'subject' as subject from items where type = 'ConsultResponseConcern' and not deleted
      and data->>'response' = ${response.id} order by num`,
  );
  return {
    'project.name': str(cd.projectName) ?? str(d.projectName),
    'project.description': str(cd.projectDescription),
    'project.location': str(cd.locationDescription),
    'proponent.name': orgName(str(cd.primaryOrg) ?? str(d.primaryOrg)),
    'community.name': orgName(str(d.community) ?? response.owner) ?? str(d.communityName),
    'consultation.submitted': letterDate(cd.submitted),
    'consultation.requestedResponseDate': letterDate(cd.requestedResponseDate ?? d.requestedResponseDate),
    'response.anticipatedResponse': letterDate(d.anticipatedResponse),
    'response.outcome': await lovLabel(tx, response.owner, 'RWF_OUTCOMES', d.outcome),
    'response.priority': await lovLabel(tx, response.owner, 'CNS_PRIORITIES', d.priority),
    'response.concerns': concerns.map((r) => r.subject).filter(Boolean),
    today: letterDate(now.toISOString()),
  };
}
