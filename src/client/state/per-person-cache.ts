import type { QueryClient } from '@tanstack/react-query';
import type { SessionSnapshot, SocketClient } from './socket-client';

/**
 * Who reads, as far as the server's answers depend on it: the person and their rights. A change
 * of either (a role taken away, an organisation left, admin revoked, pushed as a new session)
 * makes every cached answer one the reader may no longer be owed.
 */
function readerKey(s: SessionSnapshot): string {
  const u = s.user;
  if (!u) return '';
  const orgs = (u.memberships ?? []).map((m) => `${m.org}:${[...m.roles].sort().join('+')}`).sort();
  const caps = Object.keys(u.capabilities ?? {})
    .filter((c) => u.capabilities[c])
    .sort();
  return JSON.stringify([u.$id, u.admin, !!u.masquerading, orgs, caps]);
}

/**
 * Drops every cached answer when the person at the keyboard changes, or their rights do:
 * sign-out, another person signing in on the same tab, roles or memberships changed. Signing out does not reload the page,
 * and readMany serves cached items without asking the server, so the next person on a shared
 * office computer was handed the items (and labels, counts, search answers) the last one could
 * read. Subscribed outside React, so the cache is empty before the first render of the new
 * session, not an effect later. Returns the unsubscribe.
 *
 * The first sign-in of the page counts as a change too: what was asked before it was asked signed out.
 */
export function clearCacheOnPersonChange(client: SocketClient, qc: QueryClient): () => void {
  let reader = readerKey(client.getSnapshot());
  return client.subscribe(() => {
    const now = readerKey(client.getSnapshot());
    if (now === reader) return;
    reader = now;
    // Reset rather than clear: every answer is dropped, and the screens still showing ask again
    // as the new reader (a cleared query would leave a mounted screen with the old answer).
    void qc.resetQueries();
  });
}
