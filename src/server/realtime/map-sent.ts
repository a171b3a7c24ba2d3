import type { ActCall, CommittedListener } from '../services';

type Session = NonNullable<ActCall['session']>;

// A map open on a socket (spatial's streamFeatures, GeoKeeper's streamFieldDataForMap) must lose a place the moment its viewer may no longer read it (made
// PRIVATE, its grant revoked). The generic fan-out sends nothing to someone who may not read the
// changed item, so it cannot say "gone". Each socket's streamed ids are remembered here, and a
// change to one of them that the socket may no longer read is pushed as a delete: only ever an
// id the socket was already sent, so a new hidden place is never named to anyone.

/** The most ids remembered per socket; beyond it the oldest are forgotten (a map reloads). */
export const SENT_MAX = 200_000;

const sentBySession = new WeakMap<Session, Set<string>>();

export function rememberSent(session: Session, ids: readonly string[]): void {
  let set = sentBySession.get(session);
  if (!set) sentBySession.set(session, (set = new Set()));
  for (const id of ids) set.add(id);
  if (set.size > SENT_MAX) {
    const drop = set.size - SENT_MAX;
    let n = 0;
    for (const id of set) {
      if (n++ >= drop) break;
      set.delete(id);
    }
  }
}

/** Pushes `item/action` delete to sockets that were sent the item and may no longer read it. */
export const forgetHidden: CommittedListener = async (change, services) => {
  const { hub, items } = services;
  const watchers = hub.typeWatchers(change.type);
  if (watchers.size === 0) return;
  const row = await items.systemRow(change.id);
  for (const s of watchers) {
    const sent = sentBySession.get(s);
    if (!sent?.has(change.id)) continue;
    // A delete is the generic fan-out's to send (to those who could read it).
    if (!row || row.deleted) continue;
    if (await items.canRow(s.principal, 'read', row)) continue;
    sent.delete(change.id);
    s.push('item/action', { opAction: 'delete', itemID: change.id });
  }
};
