import { sql, type SQL } from 'drizzle-orm';
import { roleRank } from '../../protocol/access-levels';
import { SYSTEM_TYPE_PREFIX } from '../../protocol/ids';
import type { Registry } from '../../kernel/registry';
import { textArray } from '../db/query';
import type { Principal } from './principal';

// The read rule of AccessPolicy, written as SQL for search, facets and exports: filtering in
// the database keeps paging and counts honest. test/search-access.test.ts checks that this and
// AccessPolicy.can(…, 'read', …) agree on every principal and item of the access matrix.

const DEPTH = 3;

function orgsWithRank(p: Principal, min: number): string[] {
  return [...p.orgs.entries()].filter(([, r]) => roleRank(r) >= min).map(([o]) => o);
}

export function readableSql(p: Principal, registry: Registry, alias = 'i'): SQL {
  const ctx = {
    p,
    registry,
    member: orgsWithRank(p, roleRank('member')),
    staff: orgsWithRank(p, roleRank('staff')),
    orgAdmin: orgsWithRank(p, roleRank('orgAdmin')),
  };
  return readable(ctx, alias, DEPTH);
}

interface Ctx {
  p: Principal;
  registry: Registry;
  member: string[];
  staff: string[];
  orgAdmin: string[];
}

function readable(c: Ctx, a: string, depth: number): SQL {
  const x = sql.raw(a);
  if (c.p.admin) return sql`not ${x}.deleted`;
  const clauses: SQL[] = [];
  const derived: string[] = [];
  for (const t of c.registry.types.values()) {
    const { follows, recipientField } = t.access;
    if (!follows && !recipientField) continue;
    derived.push(t.name);
    if (depth <= 0) continue;
    const parentOk = follows ? parentReadable(c, a, follows, depth) : sql`true`;
    if (recipientField) {
      if (!c.p.userId) continue;
      const f = follows ? sql`(${x}.data->>${follows} is null or ${parentOk})` : sql`true`;
      clauses.push(sql`(${x}.type = ${t.name} and ${x}.data->>${recipientField} = ${c.p.userId} and ${f})`);
    } else {
      clauses.push(
        sql`(${x}.type = ${t.name} and ((${x}.data->>${follows!} is null and ${own(c, a)}) or (${x}.data->>${follows!} is not null and (${grantAny(c, a)} or ${parentOk}))))`,
      );
    }
  }
  clauses.push(
    sql`(${x}.type not in (${sql.join(
      derived.map((d) => sql`${d}`),
      sql`, `,
    )}) and ${own(c, a)})`,
  );
  return sql`(not ${x}.deleted and ${x}.type not like ${SYSTEM_TYPE_PREFIX + '%'} and (${sql.join(clauses, sql` or `)}))`;
}

function parentReadable(c: Ctx, a: string, prop: string, depth: number): SQL {
  const parent = `${a}p`;
  return sql`exists (select 1 from items ${sql.raw(parent)} where ${sql.raw(parent)}.id = ${sql.raw(a)}.data->>${prop} and ${readable(c, parent, depth - 1)})`;
}

function grantAny(c: Ctx, a: string): SQL {
  if (!c.p.userId) return sql`false`;
  return sql`exists (select 1 from grants g where g.item_id = ${sql.raw(a)}.id and (g.principal = ${c.p.userId} or g.principal = any(${textArray(c.member)})))`;
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
