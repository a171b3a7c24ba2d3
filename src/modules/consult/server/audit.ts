import { sql, type SQL } from 'drizzle-orm';
import { roleRank } from '../../../protocol/access-levels';
import {
  AppError,
  grantedItemIds,
  query,
  readableSql,
  textArray,
  type ActCall,
  type Executor,
  type Principal,
  type Services,
} from '../../../server/module-api';
import { AUDIT_TYPES, OPENED_KIND } from '../audit';
import type { AuditFilter, AuditRow } from '../contract-audit';
import { holds } from './rules';

// consult.audit's rows (docs/consult-audit.md). Two sources, merged newest first:
// - events on the audit's types whose item the caller may read (the same rule as search, in SQL),
//   exactly what the item's own timeline shows them;
// - the audited opens of PRIVATE items (read_audit), shown only where the caller may read the
//   item and is staff or higher, holding ConsultRespond, in the item's owner (or an admin): who
//   opened a private record is the owning community's business, not every reader's.
// Paging is by keyset on (at, source, id): stable while new rows arrive.

const STAFF = roleRank('staff');

/** Who may open the audit: admins, and staff or higher of an organisation holding ConsultRespond. */
export interface AuditScope {
  admin: boolean;
  /** The organisations whose items' opens the caller sees. */
  orgs: string[];
}

export async function auditScope(ex: Executor, p: Principal): Promise<AuditScope | null> {
  if (p.admin) return { admin: true, orgs: [] };
  if (!p.userId) return null;
  const orgs: string[] = [];
  for (const [org, role] of p.orgs)
    if (roleRank(role) >= STAFF && (await holds(ex, p, org, 'ConsultRespond'))) orgs.push(org);
  return orgs.length ? { admin: false, orgs } : null;
}

export async function needAuditScope(ex: Executor, p: Principal): Promise<AuditScope> {
  const scope = await auditScope(ex, p);
  if (!scope) throw new AppError('notAllowed', 'the consultation audit is for community staff');
  return scope;
}

/** The consultation an audited item belongs to (sections and concerns through their response). */
const CONSULTATION_OF = sql`(case i.type
  when 'Consultation' then i.id
  when 'ConsultResponse' then i.data->>'consultation'
  when 'CommLog' then i.data->>'context'
  when 'Meeting' then i.data->>'context'
  else (select r.data->>'consultation' from items r where r.id = i.data->>'response')
end)`;

interface Cursor {
  at: string;
  src: 'e' | 'r';
  id: number;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.at, c.src, c.id])).toString('base64url');
}

function decodeCursor(s: string | undefined): Cursor | null {
  if (!s) return null;
  try {
    const [at, src, id] = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      at.length < 64 &&
      (src === 'e' || src === 'r') &&
      typeof id === 'number' &&
      Number.isSafeInteger(id)
    )
      return { at, src, id };
  } catch {
    // falls through to the error below
  }
  throw new AppError('invalidInput', 'after: a cursor from the page before');
}

/** The whole UTC day after `day`, as a timestamp bound. */
function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** The filters that apply to both sources (item, person, dates), for the item alias `i`. */
function commonWhere(f: AuditFilter, at: SQL, actor: SQL, realActor: SQL): SQL[] {
  const where: SQL[] = [];
  if (f.consultation) where.push(sql`${CONSULTATION_OF} = ${f.consultation}`);
  if (f.person) where.push(sql`(${actor} = ${f.person} or ${realActor} = ${f.person})`);
  if (f.from) where.push(sql`${at} >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) where.push(sql`${at} < ${dayAfter(f.to)}::timestamptz`);
  return where;
}

interface RawRow {
  at_text: string;
  at: string | Date;
  src: 'e' | 'r';
  id: number | string;
  item_id: string;
  item_type: string;
  kind: string;
  actor: string | null;
  real_actor: string | null;
  consultation: string | null;
}

/**
 * One page of audit rows the principal may see (the scope from needAuditScope), newest first, and
 * the cursor of the next page (null at the end).
 */
export async function auditPage(
  services: Services,
  p: Principal,
  scope: AuditScope,
  f: AuditFilter,
  after: string | undefined,
  limit: number,
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const db = services.items.db;
  const cursor = decodeCursor(after);
  const granted = await grantedItemIds(db, p);
  const readable = readableSql(p, services.registry, 'i', AUDIT_TYPES, { granted });
  const types = textArray(AUDIT_TYPES);
  const branches: SQL[] = [];
  const keyset = (src: 'e' | 'r', at: SQL, id: SQL) =>
    cursor
      ? [sql`(${at}, ${src}::text, ${id}) < (${cursor.at}::timestamptz, ${cursor.src}::text, ${cursor.id})`]
      : [];
  if (f.kind !== OPENED_KIND) {
    const where = [
      sql`i.type = any(${types})`,
      readable,
      ...commonWhere(f, sql`e.at`, sql`e.actor`, sql`e.real_actor`),
      ...(f.kind ? [sql`e.kind = ${f.kind}`] : []),
      ...keyset('e', sql`e.at`, sql`e.id`),
    ];
    branches.push(sql`(select e.at::text as at_text, e.at, 'e'::text as src, e.id, e.item_id, i.type as item_type,
        e.kind, e.actor, e.real_actor, ${CONSULTATION_OF} as consultation
      from events e join items i on i.id = e.item_id
      where ${sql.join(where, sql` and `)}
      order by e.at desc, e.id desc limit ${limit + 1})`);
  }
  if (!f.kind || f.kind === OPENED_KIND) {
    const where = [
      sql`i.type = any(${types})`,
      readable,
      ...(scope.admin ? [] : [sql`i.owner = any(${textArray(scope.orgs)})`]),
      ...commonWhere(f, sql`r.at`, sql`r.user_id`, sql`r.real_user`),
      ...keyset('r', sql`r.at`, sql`r.id`),
    ];
    branches.push(sql`(select r.at::text as at_text, r.at, 'r'::text as src, r.id, r.item_id, i.type as item_type,
        ${OPENED_KIND}::text as kind, r.user_id as actor, r.real_user as real_actor, ${CONSULTATION_OF} as consultation
      from read_audit r join items i on i.id = r.item_id
      where ${sql.join(where, sql` and `)}
      order by r.at desc, r.id desc limit ${limit + 1})`);
  }
  const raw = await query<RawRow>(
    db,
    sql`select * from (${sql.join(branches, sql` union all `)}) u
      order by u.at desc, u.src desc, u.id desc limit ${limit + 1}`,
  );
  const page = raw.slice(0, limit);
  const last = page[page.length - 1];
  const next =
    raw.length > limit && last
      ? encodeCursor({ at: last.at_text, src: last.src, id: Number(last.id) })
      : null;
  return {
    rows: page.map((r) => ({
      id: `${r.src}${r.id}`,
      at: new Date(r.at).toISOString(),
      kind: r.kind,
      itemId: r.item_id,
      itemType: r.item_type,
      consultation: r.consultation,
      actor: r.actor,
      realActor: r.real_actor,
    })),
    next,
  };
}

/** The labels of the rows' items, people and consultations, each only if the caller may read it. */
export async function auditLabels(
  services: Services,
  p: Principal,
  rows: readonly AuditRow[],
): Promise<Record<string, string>> {
  const ids = new Set<string>();
  for (const r of rows)
    for (const id of [r.itemId, r.consultation, r.actor, r.realActor]) if (id) ids.add(id);
  return services.items.labelsFor(p, [...ids]);
}

export async function cnsAudit({
  services,
  principal,
  body,
}: ActCall<AuditFilter & { after?: string; limit: number }>) {
  const scope = await needAuditScope(services.items.db, principal);
  const { after, limit, ...filter } = body;
  const page = await auditPage(services, principal, scope, filter, after, limit);
  return { ...page, $labels: await auditLabels(services, principal, page.rows) };
}
