import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActBody, ActReply } from '../../kernel/act-contract';
import type { AppActs } from '../../modules/contracts';
import { useEffect } from 'react';
import type { Item } from '../state/items';
import { useApp, useSession } from '../state/app-context';
import { TOKEN_VALID_STATES } from '../state/auth-state';
import type { SocketClient } from '../state/socket-client';

// Notifications on the wire (docs/protocol.md): markNotifications answers the unread pairs,
// fetchNotifications the items; item/notify announces a new one.

/** [index, context id or null]: an unread notification as the bell knows it. */
export type NotifyPair = ActReply<AppActs['markNotifications']>['notifyPairs'][number];

/** How many unread notifications the bell lists (spec core §9). */
export const BELL_MENU_SIZE = 5;

export const pairsKey = (userId: string | undefined) => ['notifyPairs', userId] as const;

export async function markNotifications(
  client: SocketClient,
  body: ActBody<AppActs['markNotifications']>,
): Promise<NotifyPair[]> {
  return (await client.act('markNotifications', body)).notifyPairs;
}

export async function fetchNotifications(client: SocketClient, ids: (string | number)[]): Promise<Item[]> {
  if (ids.length === 0) return [];
  return (await client.act('fetchNotifications', { query: { must: { id: ids } } })).items;
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
