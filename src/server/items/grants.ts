import { sql } from 'drizzle-orm';
import type { ItemAction } from '../../protocol/access-levels';
import { AppError } from '../../protocol/errors';
import { SYSTEM, type Principal } from '../access/principal';
import { notFoundError, refusedRead } from '../access/refused-read';
import type { Executor } from '../db/open';
import { query, textArray } from '../db/query';
import type { ItemService } from './item-service';
import { parseIdOrThrow } from './item-service';
import { loadRow } from './rows';

/**
 * Grant changes alter who may read, so they are an event on the item through the item service
 * (`touchIn`): `_u` moves and a NOTIFY is queued, so every node re-judges its watchers and drops
 * the row from its cache. Only holders of the `grant` right may change grants, never on their
 * own principal item.
 */
async function changeGrants<T extends Record<string, unknown>>(
  items: ItemService,
  p: Principal,
  id: string,
  kind: 'granted' | 'grantRemoved',
  /** Writes the change; `changed: false` when it changed nothing (no event is then recorded). */
  write: (tx: Executor, grantedBy: string) => Promise<{ data: T; changed: boolean }>,
): Promise<{ $id: string } & T> {
  parseIdOrThrow(id);
  if (!p.userId) throw new AppError('notAllowed', 'sign in first');
  const grantedBy = p.userId;
  return items.transaction(async (tx) => {
    const row = await loadRow(tx, id, true);
    if (!row || row.deleted) throw notFoundError(id);
    // Read first: the answers below name the item's source, which is no outsider's to learn.
    if (!(await items.policy.can(p, 'read', row, items.loaderFor(tx)))) throw refusedRead(p, row);
    const source = items.policy.sourceOf(row);
    if (source) throw new AppError('notAllowed', `${id} follows ${source}: share ${source} instead`);
    if (!(await items.policy.can(p, 'grant', row, items.loaderFor(tx))))
      throw new AppError('notAllowed', `grant on ${id}`);
    if (row.id === p.userId) throw new AppError('notAllowed', 'grants on your own user are not applied');
    const { data, changed } = await write(tx, grantedBy);
    // A removal that removed nothing is no event: the history reads a grant removed as one that
    // was there before (access-history.ts), and would open the past to its principal.
    if (changed)
      await items.touchIn(tx, SYSTEM, id, {
        event: kind,
        data,
        actor: p.userId,
        realActor: p.masqueradeFrom,
      });
    return { $id: id, ...data };
  });
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
    return { data: { principal, actions: [...actions] }, changed: true };
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
    const removed = await query<{ principal: string }>(
      tx,
      grantedBy
        ? sql`delete from grants where item_id = ${id} and principal = ${principal} and granted_by = ${grantedBy} returning principal`
        : sql`delete from grants where item_id = ${id} and principal = ${principal} returning principal`,
    );
    return { data: { principal, grantedBy: grantedBy ?? null }, changed: removed.length > 0 };
  });
}

/**
 * Sets a grant inside an ongoing transaction, for a module that has already decided the change is
 * allowed (a consultation's role grants, given by its acts as the system): replaces the actions
 * of the grant (`principal`, `grantedBy`), or removes it when `actions` is null, and records the
 * change as an event on the item (`touchIn`), so watchers are re-judged on every node.
 */
export async function setGrantIn(
  tx: Executor,
  items: ItemService,
  id: string,
  principal: string,
  actions: readonly ItemAction[] | null,
  opts: { grantedBy: string; actor: string | null; realActor?: string | null },
): Promise<void> {
  if (actions && actions.length) {
    // A grant on a derived row would count for nothing (AccessPolicy.can): a module that writes
    // one meant to share the source.
    const row = await loadRow(tx, id);
    const source = row && items.policy.sourceOf(row);
    if (source) throw new Error(`setGrantIn: ${id} follows ${source}; grant on the source`);
  }
  if (actions && actions.length)
    await tx.execute(sql`insert into grants (item_id, principal, actions, granted_by)
      values (${id}, ${principal}, ${textArray(actions)}, ${opts.grantedBy})
      on conflict (item_id, principal, granted_by) do update set actions = excluded.actions, at = now()`);
  else {
    const removed = await query<{ principal: string }>(
      tx,
      sql`delete from grants where item_id = ${id} and principal = ${principal} and granted_by = ${opts.grantedBy} returning principal`,
    );
    // Nothing removed, no event (see changeGrants).
    if (removed.length === 0) return;
  }
  await items.touchIn(tx, SYSTEM, id, {
    event: actions && actions.length ? 'granted' : 'grantRemoved',
    data: { principal, actions: actions ? [...actions] : [], grantedBy: opts.grantedBy },
    actor: opts.actor,
    realActor: opts.realActor ?? null,
  });
}
