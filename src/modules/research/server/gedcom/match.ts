import { sql } from 'drizzle-orm';
import type { Registry } from '../../../../kernel/registry';
import { type Executor, type Principal, query, readableSql, textArray } from '../../../../server/module-api';

// How a re-import finds the members a file made before (docs/research-gedcom.md "Re-import"):
//  - a file this app exported names each member by id (_CKKID CommunityMember-12): that live
//    member of the Import's owner, whatever the record's xref;
//  - else the live CommunityMember of the owner whose gedcomId is the record's xref.
// An xref is only unique within its file: two unrelated files both have an @I1@. So a member
// found by xref alone is taken only when it is plausibly the same person (samePerson): a first
// or last name in common. Otherwise the record is refused (xrefTaken), never written over
// someone else.
// Both look-ups are the importer's, through the read rule in SQL: a member they may not read is
// no match, exactly as if it were not there (the record makes a new member of theirs), so the
// report never tells them that a hidden member holds an id or an xref (issue 36).

export interface Found {
  id: string;
  /** Only what matching reads (gedcomId and the names): a member's notes can be long. */
  data: Record<string, unknown>;
  /** Found by its id (our own export), not by xref. */
  byId: boolean;
}

/** The fields matching reads, not the member's whole data. */
const MATCH_DATA = sql`jsonb_strip_nulls(jsonb_build_object('gedcomId', data->'gedcomId',
  'firstName', data->'firstName', 'lastName', data->'lastName', 'lastNameAtBirth', data->'lastNameAtBirth')) as data`;

export const OWN_ID = /^CommunityMember-[1-9][0-9]*$/;

/** Record key (xref) → the member it updates, for one batch. `ownIds`: xref → _CKKID. */
export async function matchMembers(
  ex: Executor,
  who: { p: Principal; registry: Registry },
  owner: string,
  xrefs: readonly string[],
  ownIds: ReadonlyMap<string, string> = new Map(),
): Promise<Map<string, Found>> {
  const out = new Map<string, Found>();
  if (!xrefs.length) return out;
  const readable = readableSql(who.p, who.registry, 'items', ['CommunityMember']);
  const ids = [...new Set([...ownIds.values()].filter((v) => OWN_ID.test(v)))];
  if (ids.length) {
    const rows = await query<{ id: string; data: Record<string, unknown> }>(
      ex,
      sql`select id, ${MATCH_DATA} from items where type = 'CommunityMember' and ${readable}
            and owner = ${owner} and id = any(${textArray(ids)})`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [x, id] of ownIds) {
      const r = byId.get(id);
      if (r) out.set(x, { id: r.id, data: r.data, byId: true });
    }
  }
  const rest = xrefs.filter((x) => !out.has(x));
  if (!rest.length) return out;
  const rows = await query<{ id: string; data: Record<string, unknown> }>(
    ex,
    sql`select id, ${MATCH_DATA} from items
        where type = 'CommunityMember' and ${readable} and owner = ${owner}
          and data->>'gedcomId' = any(${textArray(rest)}) order by num`,
  );
  for (const r of rows) {
    const g = String(r.data.gedcomId);
    if (!out.has(g)) out.set(g, { id: r.id, data: r.data, byId: false });
  }
  return out;
}

const norm = (v: unknown) =>
  typeof v === 'string' ? v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim() : '';

/**
 * Whether a member found by xref is the record's person: a first name, or a last name (now or
 * at birth), in common. A record or member without names is taken as the same (nothing says
 * otherwise, and a re-import must still update it).
 */
export function samePerson(member: Record<string, unknown>, record: Record<string, unknown>): boolean {
  const a = [member.firstName, member.lastName, member.lastNameAtBirth].map(norm);
  const b = [record.firstName, record.lastName, record.lastNameAtBirth].map(norm);
  if (!a.some(Boolean) || !b.some(Boolean)) return true;
  if (a[0] && a[0] === b[0]) return true;
  const lasts = new Set([a[1], a[2]].filter(Boolean));
  return [b[1], b[2]].some((x) => x && lasts.has(x));
}
