import { sql } from 'drizzle-orm';
import { roleRank } from '../../../protocol/access-levels';
import { AppError } from '../../../protocol/errors';
import {
  type ActHandlers,
  loadRowAsSystem,
  loadRowsAsSystem,
  query,
  rankIn,
  SYSTEM,
} from '../../../server/module-api';
import type { CoreActs } from '../contract';
import { blockUser } from './block-user';
import { invite } from './invite';
import { masquerade } from './masquerade';
import type { CoreCall } from './act-input';

// Acts about people: masquerade, invitations, and an organisation's members for its admins.

const ORG_ADMIN = roleRank('orgAdmin');

/** The members of an organisation with their roles and account state, for its orgAdmins and admins. */
async function orgMembers({ services, principal, body: b }: CoreCall<'orgMembers'>) {
  if (!principal.admin && rankIn(principal, b.org) < ORG_ADMIN)
    throw new AppError('notAllowed', `members of ${b.org}`);
  const rows = await query<{ user_id: string; roles: string[]; blocked: boolean | null }>(
    services.items.db,
    sql`select m.user_id, m.roles, c.blocked from memberships m
      join items i on i.id = m.user_id and not i.deleted
      left join credentials c on c.user_id = m.user_id
      where m.org_id = ${b.org} order by m.user_id`,
  );
  // As the system: an orgAdmin's member list (checked above); membership by consent is issue 36 finding 7
  // (its own branch).
  const users = await services.items.readRows(rows.map((r) => r.user_id));
  const members = rows.map((r) => {
    const u = users.get(r.user_id);
    return {
      userId: r.user_id,
      roles: [...r.roles].sort(),
      label: u ? services.items.labelOf(u) : r.user_id,
      email: typeof u?.data.email === 'string' ? u.data.email : null,
      blocked: r.blocked === true,
    };
  });
  members.sort((a, b2) => a.label.localeCompare(b2.label));
  return { org: b.org, members };
}

/**
 * The signed-in user's own Contact cards and their notify preference (profile page). A member may
 * not read the Contact itself (PROTECTED), but may see and set how they are notified.
 */
async function contactNotify({ services, principal, body }: CoreCall<'contactNotify'>) {
  if (!principal.userId) throw new AppError('notAllowed', 'sign in first');
  const { items } = services;
  // The contract takes contact and notify together or neither.
  if (body.contact !== undefined && body.notify !== undefined) {
    const b = { contact: body.contact, notify: body.notify };
    // As the system: only the caller's own Contact (checked just below) is changed.
    const row = await loadRowAsSystem(items.db, b.contact);
    if (!row || row.deleted || row.data.user !== principal.userId)
      throw new AppError('notAllowed', `notify of ${b.contact}`);
    await items.update(
      SYSTEM,
      { $id: row.id, $version: row.version, notify: b.notify },
      { actor: principal.userId },
    );
  }
  const rows = await query<{ id: string }>(
    items.db,
    sql`select id from items where type = 'Contact' and not deleted and data->>'user' = ${principal.userId} order by num`,
  );
  // As the system: the caller's own Contact cards (data.user is them); their organisations' labels are read
  // as the caller.
  const found = await loadRowsAsSystem(
    items.db,
    rows.map((r) => r.id),
  );
  const orgs = [...found.values()].flatMap((r) => (Array.isArray(r.data._related) ? r.data._related : []));
  const $labels = await items.labelsFor(
    principal,
    orgs.filter((o): o is string => typeof o === 'string'),
  );
  const contacts = [...found.values()].map((r) => ({
    id: r.id,
    orgs: Array.isArray(r.data._related) ? r.data._related : [],
    notify: typeof r.data.notify === 'string' ? r.data.notify : null,
  }));
  return { contacts, $labels };
}

export const peopleActs: ActHandlers<
  Pick<CoreActs, 'masquerade' | 'invite' | 'orgMembers' | 'contactNotify' | 'blockUser'>
> = {
  masquerade,
  invite,
  orgMembers,
  contactNotify,
  blockUser,
};
