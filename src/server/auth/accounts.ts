import { sql } from 'drizzle-orm';
import { ROLES, type Role } from '../../protocol/access-levels';
import { AppError } from '../../protocol/errors';
import { parseId } from '../../protocol/ids';
import { SYSTEM } from '../access/principal';
import type { Executor } from '../db/open';
import { loadRow } from '../items/rows';
import { query, textArray } from '../db/query';
import type { ItemService } from '../items/item-service';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';
import { principalType } from './principal-type';

export interface NewAccount {
  email: string;
  password: string;
  name?: string;
  admin?: boolean;
  memberships?: { org: string; roles: Role[] }[];
  /**
   * Whether the e-mail counts as proven. Accounts made by an admin, the CLI, the seed or the
   * first-admin bootstrap are (default true); self-registration passes false until the
   * confirm link is opened.
   */
  confirmed?: boolean;
}

/**
 * Creates the person's item (of the principal type, core's User), its credentials and
 * memberships. Used by the CLI, the seed and the first admin.
 */
export async function createAccount(
  items: ItemService,
  a: NewAccount,
  actor: string | null = null,
): Promise<string> {
  const email = a.email.trim().toLowerCase();
  if (a.password.length < MIN_PASSWORD_LENGTH)
    throw new AppError('invalidInput', `the password needs at least ${MIN_PASSWORD_LENGTH} characters`, {
      fields: [{ path: 'password', key: 'errors.invalidValue' }],
    });
  if (await findUserByEmail(items.db, email))
    throw new AppError('alreadyExists', `a user with e-mail ${email} exists`);
  for (const m of a.memberships ?? [])
    for (const r of m.roles)
      if (!(ROLES as readonly string[]).includes(r)) throw new AppError('invalidInput', `unknown role ${r}`);
  const user = await items.create(
    SYSTEM,
    items.registry.principalType,
    { name: a.name ?? email.split('@')[0], email, admin: a.admin === true },
    { actor },
  );
  const hash = await hashPassword(a.password);
  const confirmedAt = a.confirmed === false ? sql`null` : sql`now()`;
  // Two registrations of one address can both pass the check above; the unique index lets only
  // one keep its credentials, and the other's User is removed again.
  const inserted = await query(
    items.db,
    sql`insert into credentials (user_id, email, password_hash, email_confirmed_at)
      values (${user.$id}, ${email}, ${hash}, ${confirmedAt})
      on conflict do nothing returning user_id`,
  );
  if (inserted.length === 0) {
    await items.delete(SYSTEM, user.$id);
    throw new AppError('alreadyExists', `a user with e-mail ${email} exists`);
  }
  for (const m of a.memberships ?? [])
    await items.transaction((tx) => setMembership(items, tx, user.$id, m.org, m.roles, { actor }));
  return user.$id;
}

export async function findUserByEmail(
  ex: Executor,
  email: string,
): Promise<{ userId: string; passwordHash: string; blocked: boolean; confirmed: boolean } | null> {
  const [row] = await query<{ user_id: string; password_hash: string; blocked: boolean; confirmed: boolean }>(
    ex,
    sql`select user_id, password_hash, blocked, email_confirmed_at is not null as confirmed
      from credentials where lower(email) = ${email.trim().toLowerCase()}`,
  );
  return row
    ? { userId: row.user_id, passwordHash: row.password_hash, blocked: row.blocked, confirmed: row.confirmed }
    : null;
}

export const PRINCIPALS_CHANNEL = 'ckk_principals';

/** The grantedBy of grants that follow from memberships. */
export const MEMBERSHIP_GRANTER = 'membership';

/**
 * Sets (or with no roles, removes) a membership, and tells every node to reload that user's
 * rights. The user's item records it as a 'membershipChanged' event by `by.actor` (through the
 * item service, so its watchers read it again). Pass the transaction's `tx`.
 */
export async function setMembership(
  items: ItemService,
  ex: Executor,
  userId: string,
  org: string,
  roles: readonly string[],
  by: { actor: string | null; realActor?: string | null },
): Promise<void> {
  // An organisation is an item of a type that owns itself.
  const orgRow = ownerType(items, org) ? await loadRow(ex, org) : undefined;
  if (!orgRow || orgRow.deleted) throw new AppError('invalidInput', `${org} is not an organisation`);
  // Members of an organisation see each other's User item (name, e-mail) so they can assign
  // and address one another: the membership carries a read grant to the organisation.
  if (roles.length === 0) {
    await ex.execute(sql`delete from memberships where user_id = ${userId} and org_id = ${org}`);
    await ex.execute(
      sql`delete from grants where item_id = ${userId} and principal = ${org} and granted_by = ${MEMBERSHIP_GRANTER}`,
    );
  } else {
    await ex.execute(sql`insert into memberships (user_id, org_id, roles) values (${userId}, ${org}, ${textArray(roles)})
      on conflict (user_id, org_id) do update set roles = excluded.roles`);
    await ex.execute(sql`insert into grants (item_id, principal, actions, granted_by)
      values (${userId}, ${org}, ${textArray(['read'])}, ${MEMBERSHIP_GRANTER}) on conflict do nothing`);
  }
  const user = await loadRow(ex, userId);
  if (user && !user.deleted)
    await items.touchIn(ex, SYSTEM, userId, {
      event: 'membershipChanged',
      data: { org, roles: [...roles].sort() },
      actor: by.actor,
      realActor: by.realActor ?? null,
    });
  await ex.execute(sql`select pg_notify(${PRINCIPALS_CHANNEL}, ${userId})`);
}

/** Whether `id` names an item of a type that owns itself (an organisation). */
function ownerType(items: ItemService, id: string): boolean {
  try {
    return items.registry.type(parseId(id).type)?.access.ownsItself === true;
  } catch {
    return false;
  }
}

export async function countAdmins(ex: Executor): Promise<number> {
  const [r] = await query<{ n: number }>(
    ex,
    sql`select count(*)::int as n from items
      where type = ${principalType()} and not deleted and (data->>'admin')::boolean is true`,
  );
  return Number(r?.n ?? 0);
}

export async function countUsers(ex: Executor): Promise<number> {
  const [r] = await query<{ n: number }>(
    ex,
    sql`select count(*)::int as n from items where type = ${principalType()} and not deleted`,
  );
  return Number(r?.n ?? 0);
}
