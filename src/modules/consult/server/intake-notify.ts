import { sql } from 'drizzle-orm';
import { capabilityNames } from '../../../kernel/capabilities';
import { roleRank } from '../../../protocol/access-levels';
import {
  highestRole,
  loadRowsAsSystem,
  notifyPerson,
  query,
  type Executor,
  type ItemRow,
  type ItemService,
} from '../../../server/module-api';

// A submitted referral tells the community's lands staff (issue 37, Deliver 9): everyone of
// staff rank or higher in the community who holds ConsultRespond (through the organisation or
// themselves), through core's notifications (the bell, and mail by each person's preference).

const STAFF = roleRank('staff');

/** The community's lands staff: the people `isConsultStaff` admits, found by their memberships. */
export async function landsStaffOf(tx: Executor, community: string): Promise<string[]> {
  const members = await query<{ user_id: string; roles: string[] }>(
    tx,
    sql`select user_id, roles from memberships where org_id = ${community} order by user_id`,
  );
  const staff = members.filter((m) => {
    const role = highestRole(m.roles);
    return role !== null && roleRank(role) >= STAFF;
  });
  if (staff.length === 0) return [];
  // As the system: the organisation's and the staff's capabilities, to find whom to tell; each
  // person's read of the consultation is checked before anything is written for them.
  const rows = await loadRowsAsSystem(tx, [community, ...staff.map((m) => m.user_id)]);
  const orgHolds = capabilityNames(rows.get(community)?.data.capabilities).includes('ConsultRespond');
  return staff
    .map((m) => m.user_id)
    .filter((u) => orgHolds || capabilityNames(rows.get(u)?.data.capabilities).includes('ConsultRespond'));
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
