import { sql } from 'drizzle-orm';
import { capabilityNames, capabilityValue } from '../../../kernel/capabilities';
import { CORE_CAPABILITY } from '../../../protocol/constants';
import { AppError } from '../../../protocol/errors';
import { parseId } from '../../../protocol/ids';
import { type Executor, PRINCIPALS_CHANNEL, query, type WriteEvent } from '../../../server/module-api';
import type { CoreCall } from './act-input';

// Capabilities granted by admins (spec core §3): act/setCapabilities writes an organisation's or
// a user's list through the item service (event, NOTIFY, history), and the write hook below
// tells every node that the sessions of the people concerned changed, so they are pushed again.

/**
 * act/setCapabilities {id, capabilities}: admins only. Replaces the item's capabilities with
 * these names (Core is everyone's, so it is never stored); a name no module registered is refused.
 */
export async function setCapabilities({ services, principal, body: b }: CoreCall<'setCapabilities'>) {
  if (!principal.admin) throw new AppError('notAllowed', 'admins only');
  const known = services.registry.capabilities;
  const unknown = b.capabilities.filter((c) => !known.has(c));
  if (unknown.length > 0)
    throw new AppError('invalidInput', `unknown capabilities: ${unknown.join(', ')}`, {
      fields: [{ path: 'capabilities', key: 'errors.invalidValue', params: { value: unknown.join(', ') } }],
    });
  const type = services.items.typeOf(parseId(b.id).type);
  const prop = type.properties.capabilities;
  if (!prop) throw new AppError('invalidId', `${type.name} has no capabilities`);
  const names = b.capabilities.filter((c) => c !== CORE_CAPABILITY);
  const row = await services.database.db.transaction((tx) =>
    services.items.patchIn(tx, principal, b.id, {
      capabilities: capabilityValue(prop.kind === 'json' ? 'json' : 'list', names),
    }),
  );
  return { $id: row.id, capabilities: capabilityNames(row.data.capabilities) };
}

/**
 * After a write that changed an item's capabilities, or an organisation's kind (Organization
 * `type`, its `kindField`: where its members may create what, TypeAccess.createIn): the
 * principals notification for the user, or for each member of the organisation (every node
 * re-reads those principals and pushes the session again; realtime/fanout.ts). Inside the
 * write's transaction, so it goes out on commit.
 */
export async function capabilitiesChanged(tx: Executor, e: WriteEvent): Promise<void> {
  const kindChanged = e.row.type === 'Organization' && !!e.changes && 'type' in e.changes;
  if (!e.changes || !('capabilities' in e.changes || kindChanged)) return;
  const users =
    e.row.type === 'Organization'
      ? (
          await query<{ user_id: string }>(
            tx,
            sql`select user_id from memberships where org_id = ${e.row.id} order by user_id`,
          )
        ).map((r) => r.user_id)
      : [e.row.id];
  for (const u of users) await tx.execute(sql`select pg_notify(${PRINCIPALS_CHANNEL}, ${u})`);
}

/**
 * After a write of a User: a changed admin flag (or capabilities) is told to every node, so the
 * person's open sockets act with the new rights at once, and the sessions masquerading from a
 * demoted admin close (realtime/fanout.ts).
 */
export async function userChanged(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.changes && 'admin' in e.changes && !('capabilities' in e.changes))
    await tx.execute(sql`select pg_notify(${PRINCIPALS_CHANNEL}, ${e.row.id})`);
  await capabilitiesChanged(tx, e);
}
