import { matches } from '../../protocol/match';
import type { ItemService } from '../items/item-service';
import { ITEMS_CHANNEL, type ItemChange } from '../items/rows';
import { toWire } from '../items/wire';
import type { CommittedListener, Services } from '../services';
import type { Database } from '../db/open';
import type { Hub } from '../ws/hub';
import type { Session } from '../ws/session';
import { CLOSE_CODE_AUTH } from '../../protocol/constants';
import { ANONYMOUS } from '../access/principal';
import { PRINCIPALS_CHANNEL } from '../auth/accounts';
import { authenticate } from '../auth/authenticate';
import { userSession } from '../auth/user-session';

export interface FanoutLog {
  warn(obj: unknown, msg: string): void;
}

/** The modules' listeners on committed changes, by type (ServerModule.onCommitted). */
export interface CommittedListeners {
  services: Services;
  byType: ReadonlyMap<string, readonly CommittedListener[]>;
}

/**
 * Turns committed changes (NOTIFY from any node) into pushes for this node's sockets.
 * Each watcher is re-checked against the policy with its own principal before anything is sent.
 */
export async function startFanout(
  database: Database,
  items: ItemService,
  hub: Hub,
  log: FanoutLog,
  listeners?: CommittedListeners,
) {
  const pending = new Map<string, ItemChange>();
  let running: Promise<void> | null = null;

  async function deliver(change: ItemChange) {
    for (const listen of listeners?.byType.get(change.type) ?? []) {
      try {
        await listen(change, listeners!.services);
      } catch (e) {
        log.warn({ err: e, change }, 'committed-change listener failed');
      }
    }
    const direct = hub.itemWatchers(change.id);
    const typed = hub.typeWatchers(change.type);
    if (direct.size === 0 && typed.size === 0) return;
    const row = await items.systemRow(change.id);
    if (!row) return;
    // Access is judged on the item as it was readable, so a delete reaches those who could see it.
    const judged = { ...row, deleted: false };
    const wire = toWire(judged);
    const targets = new Set<Session>([...direct, ...typed]);
    for (const s of targets) {
      const seen = s.watches.get(change.id);
      if (seen !== undefined && seen >= row.u) continue;
      const typeWatches = s.typeWatches.get(change.type) ?? [];
      const wanted = direct.has(s) || typeWatches.some((w) => matches(wire, w.filter));
      if (!wanted) continue;
      if (!(await items.canRow(s.principal, 'read', judged))) continue;
      if (s.watches.has(change.id)) s.watches.set(change.id, row.u);
      if (row.deleted) s.push('item/action', { opAction: 'delete', itemID: row.id });
      else {
        const [labelled] = await items.withLabels(s.principal, [{ ...wire }]);
        s.push('itemUpdated', labelled);
      }
    }
  }

  // Changes are coalesced per item: a burst of updates to one item loads it once.
  async function drain() {
    while (pending.size) {
      const batch = [...pending.values()];
      pending.clear();
      for (const c of batch) {
        try {
          await deliver(c);
        } catch (e) {
          log.warn({ err: e, change: c }, 'fan-out failed');
        }
      }
    }
    running = null;
  }

  const offItems = await database.listen(
    ITEMS_CHANNEL,
    (payload) => {
      try {
        const c = JSON.parse(payload) as ItemChange;
        items.cache.invalidate(c.id, c.u);
        const prev = pending.get(c.id);
        if (!prev || prev.u < c.u) pending.set(c.id, c);
        running ??= drain();
      } catch (e) {
        log.warn({ err: e, payload }, 'bad change notification');
      }
    },
    // Changes announced while the listener was away are unknown: forget every cached row.
    () => items.cache.clear(),
  );

  const offPrincipals = await database.listen(PRINCIPALS_CHANNEL, (userId) => {
    // The person's own sockets, and the sockets masquerading from them (an admin blocked or
    // demoted takes their masquerades down with them).
    const sessions = [...hub.sessions].filter(
      (s) => s.userId === userId || s.principal.masqueradeFrom === userId,
    );
    for (const s of sessions) void refreshPrincipal(s, userId);
  });

  /**
   * Authenticates the socket's token again, as tokenAuth would now: a token revoked, an account
   * blocked, a masquerade whose admin is no longer an admin or is blocked, and the socket closes
   * (4401 identFailed, "Please sign in again"); otherwise it acts with the principal as it is now
   * (roles, organisations, admin flag, capabilities) and the client gets its session again.
   */
  async function refreshPrincipal(s: Session, userId: string): Promise<void> {
    try {
      const auth = s.token ? await authenticate(items.db, s.token) : null;
      if (!auth?.ok) {
        s.principal = ANONYMOUS;
        s.close(CLOSE_CODE_AUTH, 'identFailed');
        return;
      }
      s.principal = auth.principal;
      if (listeners)
        s.push('authed', await userSession(listeners.services, auth.principal, s.tokenExpiresAt));
    } catch (err) {
      // A database error here would otherwise be an unhandled rejection, which ends the process.
      log.warn({ err, userId }, 'principal change not applied');
    }
  }

  return {
    async stop() {
      await offItems();
      await offPrincipals();
      await running;
    },
    idle: () => running ?? Promise.resolve(),
  };
}
