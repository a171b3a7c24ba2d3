import { sql } from 'drizzle-orm';
import type { ItemAction } from '../../protocol/access-levels';
import { AppError } from '../../protocol/errors';
import type { Principal } from '../access/principal';
import type { Tx } from '../db/open';
import { textArray } from '../db/query';
import type { ItemService } from './item-service';
import { parseIdOrThrow } from './item-service';
import { appendEvent, loadRow, queueNotify } from './rows';

/**
 * Grant changes alter who may read, so they bump `_u` and queue a NOTIFY: every node
 * re-judges its watchers. Only holders of the `grant` right may change grants, never on
 * their own User item.
 */
async function changeGrants<T extends Record<string, unknown>>(
  items: ItemService,
  p: Principal,
  id: string,
  kind: 'granted' | 'grantRemoved',
  write: (tx: Tx, grantedBy: string) => Promise<T>,
): Promise<{ $id: string } & T> {
  parseIdOrThrow(id);
  if (!p.userId) throw new AppError('notAllowed', 'sign in first');
  const grantedBy = p.userId;
  const result = await items.db.transaction(async (tx) => {
    const row = await loadRow(tx, id, true);
    if (!row || row.deleted) throw new AppError('notFound', `${id} not found`);
    if (!(await items.policy.can(p, 'grant', row, items.loaderFor(tx))))
      throw new AppError('notAllowed', `grant on ${id}`);
    if (row.id === p.userId) throw new AppError('notAllowed', 'grants on your own user are not applied');
    const data = await write(tx, grantedBy);
    await tx.execute(sql`update items set u = u + 1 where id = ${id}`);
    await appendEvent(tx, { itemId: id, kind, actor: p.userId, realActor: p.masqueradeFrom, data });
    await queueNotify(tx, { id, type: row.type, u: row.u + 1, op: 'update' });
    return { u: row.u + 1, body: { $id: id, ...data } };
  });
  // Access changed: this node forgets the row at once; the others on the NOTIFY.
  items.cache.invalidate(id, result.u);
  return result.body;
}

export function grantAccess(
  items: ItemService,
  p: Principal,
  id: string,
  principal: string,
  actions: readonly ItemAction[],
) {
  return changeGrants(items, p, id, 'granted', async (tx, grantedBy) => {
    await tx.execute(sql`insert into grants (item_id, principal, actions, granted_by)
      values (${id}, ${principal}, ${textArray(actions)}, ${grantedBy})
      on conflict (item_id, principal, granted_by) do update set actions = excluded.actions, at = now()`);
    return { principal, actions: [...actions] };
  });
}

export function revokeAccess(
  items: ItemService,
  p: Principal,
  id: string,
  principal: string,
  grantedBy?: string,
) {
  return changeGrants(items, p, id, 'grantRemoved', async (tx) => {
    if (grantedBy)
      await tx.execute(
        sql`delete from grants where item_id = ${id} and principal = ${principal} and granted_by = ${grantedBy}`,
      );
    else await tx.execute(sql`delete from grants where item_id = ${id} and principal = ${principal}`);
    return { principal, grantedBy: grantedBy ?? null };
  });
}
