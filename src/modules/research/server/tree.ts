import { sql, type SQL } from 'drizzle-orm';
import {
  grantedItemIds,
  query,
  readableSql,
  textArray,
  type ActHandler,
  type ItemRow,
  type Principal,
  type Services,
} from '../../../server/module-api';
import type {
  FamilyTree,
  TreeDate,
  TreeParentLink,
  TreePartnerLink,
  TreePerson,
  treeActs,
} from '../contract-tree';
import { TREE_MAX_PEOPLE } from '../tree-limits';
import {
  DATE_QUALIFIERS,
  FAMILY_RELATION_TYPES,
  MARITAL_END_TYPES,
  PARTNER_TYPES,
  type FamilyRelationType,
  type PartnerType,
} from '../types';

// resFamilyTree (docs/research-tree.md): walks a member's parents up and children down, a
// generation at a time, each step one query with the read rule's SQL form. A parent or partner
// the caller may not read is known only from the readable record that links to them: it comes
// back as { $id, hidden: true } and the walk stops there (their parents, partners, dates and
// label are never loaded into the answer). A child is found by its own `parents`, so a child the
// caller may not read is not found at all. The root is opened with the item service's read, so
// its error is the read's and a PRIVATE root's open is audited like any open.

const TYPE = 'CommunityMember';

type Ctx = { services: Services; readable: SQL };

/** The ids among `ids` the caller may read (live members). */
async function readableIds(c: Ctx, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await query<{ id: string }>(
    c.services.items.db,
    sql`select i.id from items i where i.id = any(${textArray(ids)}) and i.type = ${TYPE}
      and not i.deleted and ${c.readable}`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The ids among `ids` of live members, readable or not: a link to a deleted one is dropped. */
async function liveIds(c: Ctx, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await query<{ id: string }>(
    c.services.items.db,
    sql`select i.id from items i where i.id = any(${textArray(ids)}) and i.type = ${TYPE} and not i.deleted`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The readable members whose `field` (parents or partners) links to one of `ids`. */
async function linkingTo(c: Ctx, field: 'parents' | 'partners', ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await query<{ id: string }>(
    c.services.items.db,
    sql`select i.id from items i where i.type = ${TYPE} and not i.deleted and ${c.readable}
      and jsonb_typeof(i.data->${field}) = 'array'
      and exists (select 1 from jsonb_array_elements(i.data->${field}) l
        where jsonb_typeof(l) = 'object' and l->>'member' = any(${textArray(ids)}))
      order by i.num limit ${TREE_MAX_PEOPLE + 1}`,
  );
  return rows.map((r) => r.id);
}

function oneOf<T extends string>(values: readonly T[], v: unknown, fallback: T): T {
  return typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : fallback;
}

/** A record's links of one field, well formed ones only (json: the server checks no shape). */
function linksOf(row: ItemRow, field: 'parents' | 'partners'): Record<string, unknown>[] {
  const v = row.data[field];
  return Array.isArray(v)
    ? v.filter(
        (l): l is Record<string, unknown> =>
          typeof l === 'object' && l !== null && typeof (l as { member?: unknown }).member === 'string',
      )
    : [];
}

function dateOf(row: ItemRow, key: 'birth' | 'death'): TreeDate | undefined {
  const d = row.data[`${key}Date`];
  const q = row.data[`${key}DateQualifier`];
  const to = row.data[`${key}DateTo`];
  const out: TreeDate = {};
  if (typeof d === 'string' && d) out.date = d;
  if (typeof q === 'string' && (DATE_QUALIFIERS as readonly string[]).includes(q))
    out.qualifier = q as TreeDate['qualifier'];
  if (typeof to === 'string' && to) out.to = to;
  return out.date || out.to ? out : undefined;
}

function personOf(c: Ctx, row: ItemRow): TreePerson {
  const indigenousName = row.data.indigenousName;
  const birth = dateOf(row, 'birth');
  const death = dateOf(row, 'death');
  return {
    $id: row.id,
    hidden: false,
    label: c.services.items.labelOf(row),
    ...(typeof indigenousName === 'string' && indigenousName ? { indigenousName } : {}),
    ...(birth ? { birth } : {}),
    ...(death ? { death } : {}),
    deceased: row.data.deceased === true || !!death,
  };
}

export async function familyTree(
  services: Services,
  p: Principal,
  body: { member: string; up: number; down: number },
): Promise<FamilyTree> {
  const { items, registry } = services;
  // The read's own check and error (notFound, notAllowed), and its audit of a PRIVATE open.
  const root = await items.read(p, body.member);
  if (root._t !== TYPE) throw new Error('unreachable: the contract takes member ids only');
  const granted = await grantedItemIds(items.db, p);
  const c: Ctx = { services, readable: readableSql(p, registry, 'i', [TYPE], { granted }) };

  const rows = new Map<string, ItemRow>();
  const hidden = new Set<string>();
  const partners: TreePartnerLink[] = [];
  const partnerSeen = new Set<string>();
  let truncated = false;
  const full = () => rows.size + hidden.size >= TREE_MAX_PEOPLE;

  /** Loads readable ids as people, the others (live) as hidden; returns the readable ones. */
  const admit = async (ids: readonly string[]): Promise<string[]> => {
    const fresh = [...new Set(ids)].filter((id) => !rows.has(id) && !hidden.has(id));
    const readable = await readableIds(c, fresh);
    const live = await liveIds(
      c,
      fresh.filter((id) => !readable.has(id)),
    );
    // As the system: only the ids readableIds found readable (readableSql) above.
    const loaded = await items.readRows([...readable]);
    const out: string[] = [];
    for (const id of fresh) {
      if (full()) {
        truncated = true;
        break;
      }
      const row = loaded.get(id);
      if (row && readable.has(id)) {
        rows.set(id, row);
        out.push(id);
      } else if (live.has(id)) hidden.add(id);
    }
    return out;
  };
  const known = (id: string) => rows.has(id) || hidden.has(id);

  await admit([root.$id]);

  // Up: each generation's parents, from the readable records' own links.
  let frontier = [root.$id];
  let moreUp = false;
  for (let gen = 0; frontier.length; gen++) {
    const wanted = frontier.flatMap((id) => linksOf(rows.get(id)!, 'parents').map((l) => l.member as string));
    if (gen >= body.up || full()) {
      moreUp = wanted.length > 0;
      break;
    }
    frontier = await admit(wanted);
  }

  // Down: the readable members naming one of this generation as a parent, with their partners.
  const addPartners = async (ids: readonly string[]) => {
    const reverse = await linkingTo(c, 'partners', ids);
    const outward = ids.flatMap((id) => linksOf(rows.get(id)!, 'partners').map((l) => l.member as string));
    await admit([...outward, ...reverse]);
    for (const a of [...ids, ...reverse]) {
      const row = rows.get(a);
      if (!row) continue;
      for (const l of linksOf(row, 'partners')) {
        const b = l.member as string;
        const key = [a, b].sort().join(' ');
        if (!known(b) || partnerSeen.has(key)) continue;
        if (!ids.includes(a) && !ids.includes(b)) continue;
        partnerSeen.add(key);
        partners.push({
          a,
          b,
          type: oneOf<PartnerType>(PARTNER_TYPES, l.type, 'UNKNOWN'),
          ...(typeof l.endType === 'string'
            ? { endType: oneOf(MARITAL_END_TYPES, l.endType, 'UNKNOWN') }
            : {}),
        });
      }
    }
  };
  await addPartners([root.$id]);
  frontier = [root.$id];
  let moreDown = false;
  const walked = new Set<string>();
  for (let gen = 0; frontier.length; gen++) {
    frontier.forEach((id) => walked.add(id));
    const children = await linkingTo(c, 'parents', frontier);
    if (gen >= body.down || full()) {
      moreDown = children.length > 0;
      break;
    }
    const fresh = children.filter((id) => !walked.has(id));
    await admit(fresh);
    const next = fresh.filter((id) => rows.has(id));
    await addPartners(next);
    frontier = next;
  }

  // Every parent link a readable record holds to someone in the tree: a descendant's to both
  // partners of a couple, an ancestor's to their parents. Nothing new is named: both ends are in.
  const parents: TreeParentLink[] = [];
  for (const [child, row] of rows)
    for (const l of linksOf(row, 'parents'))
      if (known(l.member as string) && l.member !== child)
        parents.push({
          child,
          parent: l.member as string,
          type: oneOf<FamilyRelationType>(FAMILY_RELATION_TYPES, l.type, 'UNKNOWN'),
        });

  const people: TreePerson[] = [
    ...[...rows.values()].map((row) => personOf(c, row)),
    ...[...hidden].map((id) => ({ $id: id, hidden: true as const })),
  ];
  return { root: root.$id, people, parents, partners, moreUp, moreDown, truncated };
}

export const resFamilyTree: ActHandler<(typeof treeActs)['resFamilyTree']> = ({
  services,
  principal,
  body,
}) => familyTree(services, principal, body);
