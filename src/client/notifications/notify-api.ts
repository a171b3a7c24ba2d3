import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Item } from '../state/items';
import { useApp, useSession } from '../state/app-context';
import { TOKEN_VALID_STATES } from '../state/auth-state';
import type { SocketClient } from '../state/socket-client';

// Notifications on the wire (docs/protocol.md): markNotifications answers the unread pairs,
// fetchNotifications the items; item/notify announces a new one.

export type NotifyPair = [number, string | null];

/** How many unread notifications the bell lists (spec core §9). */
export const BELL_MENU_SIZE = 5;

export const pairsKey = (userId: string | undefined) => ['notifyPairs', userId] as const;

export async function markNotifications(
  client: SocketClient,
  body: { indexes?: number[]; asUnread?: boolean; all?: boolean },
): Promise<NotifyPair[]> {
  return (await client.request<{ notifyPairs: NotifyPair[] }>('act/markNotifications', body)).notifyPairs;
}

export async function fetchNotifications(client: SocketClient, ids: (string | number)[]): Promise<Item[]> {
  if (ids.length === 0) return [];
  return (await client.request<{ items: Item[] }>('act/fetchNotifications', { query: { must: { id: ids } } }))
    .items;
}

/** The signed-in user's unread pairs, refreshed at once when a notification arrives or changes. */
export function useUnreadPairs() {
  const { client } = useApp();
  const qc = useQueryClient();
  const session = useSession();
  const userId = session.user?.$id;
  const valid =
    !!userId && TOKEN_VALID_STATES.has(session.authState) && session.authState !== 'CONNECTION_LOST';
  useEffect(() => {
    if (!userId) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: ['notifyPairs', userId] });
    return client.on('item/notify', refresh);
  }, [client, qc, userId]);
  const q = useQuery({
    queryKey: pairsKey(userId),
    queryFn: () => markNotifications(client, {}),
    enabled: valid,
  });
  return { pairs: q.data ?? [], valid, userId };
}
