import { sql } from 'drizzle-orm';
import {
  activePrincipal,
  notifyPerson,
  query,
  type Executor,
  type ItemRow,
  type ItemService,
} from '../../../server/module-api';
import { isConsultStaff } from './rules';

// A submitted referral tells the community's lands staff (issue 37, Deliver 9): everyone the
// consultation rules call its staff (isConsultStaff: staff rank or higher holding ConsultRespond,
// through the organisation or themselves), through core's notifications (the bell, and mail by
// each person's preference).

/** The community's lands staff, found among its members by the one rule that admits them. */
export async function landsStaffOf(tx: Executor, community: string): Promise<string[]> {
  const members = await query<{ user_id: string }>(
    tx,
    sql`select user_id from memberships where org_id = ${community} order by user_id`,
  );
  const staff: string[] = [];
  for (const { user_id } of members) {
    const p = await activePrincipal(tx, user_id);
    // A site admin who is a member counts as staff by isConsultStaff; here only the community's
    // own role does, so admins are not told of every referral of every community they belong to.
    if (p && (await isConsultStaff(tx, { ...p, admin: false }, community))) staff.push(user_id);
  }
  return staff;
}

/** Notifies the lands staff of a consultation just submitted to `community`; returns how many. */
export async function notifySubmitted(
  tx: Executor,
  items: ItemService,
  consultation: ItemRow,
  community: string,
  by: { actor: string | null; realActor: string | null },
): Promise<number> {
  let n = 0;
  for (const user of await landsStaffOf(tx, community))
    if (await notifyPerson(tx, items, { user, item: consultation, kind: 'submitted', ...by })) n++;
  return n;
}
