import { sql } from 'drizzle-orm';
import { activePrincipal } from '../auth/principals';
import { SYSTEM } from '../access/principal';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import type { ItemService } from './item-service';
import type { ItemRow } from './rows';

/**
 * Tells one person about an item through core's notifications: a Notify item (the bell, pushed
 * live), which core's mailer then mails by the person's notify preference (IMMEDIATE, DIGEST or
 * NONE). Nobody is told about their own act, no blocked account is told anything, and nobody who
 * may not read the item (the Notify follows its context, so it would be hidden anyway). `kind`
 * names the notification's words (`notifications.kind.*`). Returns whether a Notify was made.
 */
export async function notifyPerson(
  tx: Executor,
  items: ItemService,
  n: { user: string; item: ItemRow; kind: string; actor: string | null; realActor?: string | null },
): Promise<boolean> {
  if (n.user === n.actor || n.user === n.realActor) return false;
  if (!items.registry.type('Notify')) return false;
  const p = await activePrincipal(tx, n.user);
  if (!p || !(await items.policy.can(p, 'read', n.item, items.loaderFor(tx)))) return false;
  // The notification points at the event that made it: the item's latest, written just before.
  const [ev] = await query<{ id: number }>(
    tx,
    sql`select max(id) as id from events where item_id = ${n.item.id}`,
  );
  await items.createIn(
    tx,
    SYSTEM,
    'Notify',
    {
      kind: n.kind,
      recipient: n.user,
      context: n.item.id,
      ...(ev?.id ? { event: Number(ev.id) } : {}),
      unread: true,
    },
    { actor: n.actor, realActor: n.realActor ?? null, owner: null, access: 'PRIVATE' },
  );
  return true;
}
