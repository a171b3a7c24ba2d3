import { toWire, type ItemChange, type Services } from '../../../../server/module-api';

/**
 * A committed new Notify goes to its recipient's sockets on this node, if they may still read it
 * (the `item/notify` push; the generic watcher pushes follow in the fan-out).
 */
export async function pushNewNotify(change: ItemChange, services: Services): Promise<void> {
  if (change.op !== 'create') return;
  const { items, hub } = services;
  // As the system: the new Notify goes only to its recipient's sessions that may read it (canRow below).
  const row = await items.systemRow(change.id);
  const recipient = row?.data.recipient;
  if (!row || row.deleted || typeof recipient !== 'string') return;
  const sessions = hub.sessionsOf(recipient);
  if (sessions.length === 0) return;
  const wire = toWire(row);
  for (const s of sessions) {
    if (!(await items.canRow(s.principal, 'read', row))) continue;
    const [labelled] = await items.withLabels(s.principal, [{ ...wire }]);
    s.push('item/notify', labelled);
  }
}
