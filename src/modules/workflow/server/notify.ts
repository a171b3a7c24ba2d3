import { notifyPerson, type Executor, type ItemRow, type Services } from '../../../server/module-api';

/**
 * Tells one person about a step of an item ('assigned', or 'due' from the reminders) through
 * core's notifications, by the module API's notifyPerson: nobody about their own act, no blocked
 * account, nobody who may not read the item.
 */
export function notifyUser(
  tx: Executor,
  services: Services,
  user: string,
  item: ItemRow,
  kind: 'assigned' | 'due',
  actor: string | null,
  realActor: string | null,
): Promise<boolean> {
  return notifyPerson(tx, services.items, { user, item, kind, actor, realActor });
}
