import { sql } from 'drizzle-orm';
import {
  activePrincipal,
  query,
  SYSTEM,
  type Executor,
  type ItemRow,
  type Services,
} from '../../../server/module-api';

/**
 * Tells one person about a step of an item through core's notifications: a Notify item (the
 * bell, pushed live), which core's mailer then mails by the person's notify preference
 * (IMMEDIATE, DIGEST or NONE). Nobody is told about their own act, and nobody who may not read
 * the item (the Notify follows its context, so it would be hidden anyway).
 */
export async function notifyUser(
  tx: Executor,
  services: Services,
  user: string,
  item: ItemRow,
  kind: 'assigned' | 'due',
  actor: string | null,
  realActor: string | null,
): Promise<boolean> {
  if (user === actor || user === realActor) return false;
  if (!services.registry.type('Notify')) return false;
  // A blocked account is told nothing (the reminder names the item).
  const p = await activePrincipal(tx, user);
  if (!p || !(await services.items.policy.can(p, 'read', item, services.items.loaderFor(tx)))) return false;
  // The notification points at the event that made it: the item's latest, written just before.
  const [ev] = await query<{ id: number }>(
    tx,
    sql`select max(id) as id from events where item_id = ${item.id}`,
  );
  await services.items.createIn(
    tx,
    SYSTEM,
    'Notify',
    { kind, recipient: user, context: item.id, ...(ev?.id ? { event: Number(ev.id) } : {}), unread: true },
    { actor, realActor, owner: null, access: 'PRIVATE' },
  );
  return true;
}
