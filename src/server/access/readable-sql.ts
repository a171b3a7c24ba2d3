import { sql, type SQL } from 'drizzle-orm';
import { roleRank } from '../../protocol/access-levels';
import { SYSTEM_TYPE_PREFIX } from '../../protocol/ids';
import type { Registry } from '../../kernel/registry';
import { query, textArray } from '../db/query';
import type { Executor } from '../db/open';
import type { Principal } from './principal';

// The read rule of AccessPolicy, written as SQL for search, facets and exports: filtering in
// the database keeps paging and counts honest. test/access-matrix.test.ts (search and text
// search, every principal and item) and test/search.test.ts (search = readMany for every demo
// principal, with and without words) check that this and AccessPolicy.can(…, 'read', …) agree.

/** Parent chains followed: Notify → Message → Thread is two steps. */
const DEPTH = 2;

function orgsWithRank(p: Principal, min: number): string[] {
  return [...p.orgs.entries()].filter(([, r]) => roleRank(r) >= min).map(([o]) => o);
}

/**
 * Items of the given types (null: any type) that the principal may read. Only the clauses of
 * types in scope are written out, so the planner sees a small expression.
 */
export function readableSql(
  p: Principal,
  registry: Registry,
  alias = 'i',
  types: readonly string[] | null = null,
  opts: {
    /** The ids of the items granted to the principal or its organisations, read beforehand (see grantAny). */
    granted?: readonly string[] | null;
    /** The table has an index on type (items does; item_search does not). */
    typeIndexed?: boolean;
  } = {},
): SQL {
  const ctx = {
    p,
    registry,
    granted: opts.granted ?? null,
    typeIndexed: opts.typeIndexed ?? true,
    member: orgsWithRank(p, roleRank('member')),
    staff: orgsWithRank(p, roleRank('staff')),
    orgAdmin: orgsWithRank(p, roleRank('orgAdmin')),
  };
  return readable(ctx, alias, DEPTH, types);
}

/** Above this many grants the rule keeps its sub-query instead of carrying the list. */
const GRANTED_LIST_MAX = 500;

/**
 * The items granted to the principal or to an organisation it is a member of, for readableSql's
 * `granted`; null when there are too many to carry (the rule then asks the grants table itself).
 */
export async function grantedItemIds(ex: Executor, p: Principal): Promise<string[] | null> {
  if (p.admin || !p.userId) return [];
  const principals = [p.userId, ...orgsWithRank(p, roleRank('member'))];
  const rows = await query<{ id: string }>(
    ex,
    sql`select distinct item_id as id from grants where principal = any(${textArray(principals)}) limit ${GRANTED_LIST_MAX + 1}`,
  );
  return rows.length > GRANTED_LIST_MAX ? null : rows.map((r) => r.id);
}

interface Ctx {
  p: Principal;
  registry: Registry;
  granted: readonly string[] | null;
  typeIndexed: boolean;
  member: string[];
  staff: string[];
  orgAdmin: string[];
}

function readable(c: Ctx, a: string, depth: number, types: readonly string[] | null): SQL {
  const x = sql.raw(a);
  if (c.p.admin) return sql`not ${x}.deleted`;
  const inScope = [...c.registry.types.values()].filter((t) => types === null || types.includes(t.name));
  const clauses: SQL[] = [];
  const plain: string[] = [];
  const followers: Follower[] = [];
  for (const t of inScope) {
    const { follows, recipientField } = t.access;
    if (t.access.read === 'signedIn' && c.p.userId) {
      clauses.push(sql`(${x}.type = ${t.name})`);
      continue;
    }
    if (!follows && !recipientField) {
      plain.push(t.name);
      continue;
    }
    // Each derived type's own part here; the "its parent is readable" part of all of them is
    // one clause below (parentReadable).
    if (recipientField) {
      if (!c.p.userId) continue;
      const mine = sql`${x}.data->>${recipientField} = ${c.p.userId}`;
      clauses.push(
        sql`(${x}.type = ${t.name} and ${mine}${follows ? sql` and ${x}.data->>${follows} is null` : sql``})`,
      );
      if (follows) followers.push({ type: t.name, follows, only: mine });
    } else followers.push({ type: t.name, follows: follows!, only: null });
  }
  // The derived types that follow a parent for everyone: without a parent their own level and
  // grants decide; with one, the parent alone (below), as in AccessPolicy.can: a grant on the
  // derived row never opens it.
  const open = followers.filter((f) => !f.only);
  const ownTests: SQL[] = [];
  if (plain.length) ownTests.push(plainTypeTest(c, x, plain, inScope, types));
  if (open.length) ownTests.push(sql`(${typeIn(x, open)} and ${followKey(x, open)} is null)`);
  if (followers.length && depth > 0) clauses.push(parentReadable(c, a, followers, depth));
  // The level, role and grant rule is written once per level for every type it decides: each
  // copy is more expression for the planner to read on every search (~0.3 ms a copy at 10k).
  // First: most rows are of plain types, and OR stops at the first clause that holds.
  if (ownTests.length)
    clauses.unshift(
      sql`(${ownTests.length === 1 ? ownTests[0]! : sql`(${sql.join(ownTests, sql` or `)})`} and ${own(c, a)})`,
    );
  if (clauses.length === 0) return sql`false`;
  return sql`(not ${x}.deleted and ${x}.type not like ${SYSTEM_TYPE_PREFIX + '%'} and ${inProtocols(c, x)} and (${sql.join(clauses, sql` or `)}))`;
}

/**
 * AccessPolicy.inProtocols as SQL: an item restricted to protocols is read by their members only
 * (any one listed, or all when strict) and its creator. Written once per rule, above the level
 * clauses, since it holds for every type and every path.
 */
function inProtocols(c: Ctx, x: SQL): SQL {
  if (!c.p.userId) return sql`${x}.protocols is null`;
  const mine = [...(c.p.protocols ?? [])];
  if (mine.length === 0) return sql`(${x}.protocols is null or ${x}.created_by = ${c.p.userId})`;
  const list = sql`${pgTextArrayLiteral(mine)}::text[]`;
  return sql`(${x}.protocols is null or ${x}.created_by = ${c.p.userId}
    or (${x}.protocol_strict and ${x}.protocols <@ ${list}) or (not ${x}.protocol_strict and ${x}.protocols && ${list}))`;
}

/** The test "of one of these plain types", written so the planner does not misuse an index on type. */
function plainTypeTest(
  c: Ctx,
  x: SQL,
  plain: string[],
  inScope: { name: string }[],
  types: readonly string[] | null,
): SQL {
  const list = (names: string[]) =>
    sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    );
  if (types === null && plain.length > inScope.length / 2)
    return inScope.length === plain.length
      ? sql`true`
      : sql`${x}.type not in (${list(inScope.filter((t) => !plain.includes(t.name)).map((t) => t.name))})`;
  // Most types pass: an index on type would select nearly every row, and the planner was ANDing
  // a million-row bitmap into the text match (EXPLAIN at 1M: 250 ms). `|| ''` keeps this test
  // off the index; the row test itself is the same.
  if (plain.length > inScope.length / 2 && c.typeIndexed) return sql`(${x}.type || '') in (${list(plain)})`;
  return sql`${x}.type in (${list(plain)})`;
}

/** A derived type: the relation it follows, and the condition under which it does (a Notify: only for its recipient). */
interface Follower {
  type: string;
  follows: string;
  only: SQL | null;
}

/**
 * The parent a derived item follows is readable (limited to the relations' target types). One
 * sub-query serves every derived type, the parent's id picked by type: each sub-query costs the
 * planner the whole rule again (five of them were ~3.5 ms of every search's planning).
 */
function parentReadable(c: Ctx, a: string, followers: Follower[], depth: number): SQL {
  const x = sql.raw(a);
  const parent = sql.raw(`${a}p`);
  const key = followKey(x, followers);
  const targets = followers.flatMap((f) => c.registry.type(f.type)?.allProperties[f.follows]?.types ?? ['*']);
  const scope = targets.includes('*') ? null : [...new Set(targets)];
  return sql`(${typeIn(x, followers)} and exists (select 1 from items ${parent} where ${parent}.id = ${key} and ${readable(c, `${a}p`, depth - 1, scope)}))`;
}

/** The id of the parent each row follows, by its type (null when the row follows none). */
function followKey(x: SQL, followers: Follower[]): SQL {
  const keyOf = (f: Follower) =>
    f.only ? sql`(case when ${f.only} then ${x}.data->>${f.follows} end)` : sql`${x}.data->>${f.follows}`;
  if (followers.length === 1) return keyOf(followers[0]!);
  return sql`(case ${x}.type ${sql.join(
    followers.map((f) => sql`when ${f.type} then ${keyOf(f)}`),
    sql` `,
  )} end)`;
}

function typeIn(x: SQL, followers: Follower[]): SQL {
  return sql`${x}.type in (${sql.join(
    followers.map((f) => sql`${f.type}`),
    sql`, `,
  )})`;
}

function grantAny(c: Ctx, a: string): SQL {
  if (!c.p.userId) return sql`false`;
  // With the granted ids known, the test is a lookup in a constant list: the rule is written ~30
  // times (once per branch), and 30 correlated sub-queries cost ~6 ms of planning per search.
  if (c.granted)
    return c.granted.length
      ? sql`${sql.raw(a)}.id = any(${pgTextArrayLiteral(c.granted)}::text[])`
      : sql`false`;
  return sql`exists (select 1 from grants g where g.item_id = ${sql.raw(a)}.id and (g.principal = ${c.p.userId} or g.principal = any(${textArray(c.member)})))`;
}

/** One parameter holding a whole text[] ('{"a","b"}'), so a long list is not one parameter per id. */
function pgTextArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`).join(',')}}`;
}

/**
 * The rows of a plain type (one that follows no parent) on which being their creator can change
 * the rule's answer: those restricted to protocols (inProtocols exempts the creator), those
 * without an owner, and PRIVATE ones (own). Elsewhere the creator reads exactly what anyone of
 * their roles reads. Kept facet counts (search/kept-facets.ts cellCreator) keep the creator in
 * the cells of these rows only; it is written here, beside the clauses it mirrors, so that a new
 * creator clause comes with it (test/kept-facets.test.ts compares kept and live counts for a
 * creator).
 */
export function creatorMattersSql(alias = 'i'): SQL {
  const x = sql.raw(alias);
  return sql`(${x}.access = 'PRIVATE' or ${x}.owner is null or ${x}.protocols is not null)`;
}

/** The level, role and grant rules of an item that does not follow another. */
function own(c: Ctx, a: string): SQL {
  const x = sql.raw(a);
  if (!c.p.userId) return sql`${x}.access = 'PUBLIC'`;
  const u = c.p.userId;
  return sql`(${x}.access = 'PUBLIC'
    or ${grantAny(c, a)}
    or (${x}.owner is null and ${x}.created_by = ${u})
    or (${x}.access = 'PRIVATE' and (${x}.created_by = ${u} or ${x}.owner = any(${textArray(c.orgAdmin)})))
    or (${x}.access = 'COMMUNITY' and ${x}.owner = any(${textArray(c.member)}))
    or (${x}.access = 'PROTECTED' and ${x}.owner = any(${textArray(c.staff)})))`;
}
