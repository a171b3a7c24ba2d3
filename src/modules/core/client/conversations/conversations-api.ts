import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { formatDate, type Item, readMany, type SocketClient } from '../../../../client/module-api';

// Conversations on the wire: threads by latest activity (`sortTS`), a thread's messages oldest
// first. Both are plain search/ids queries, so the access rule runs inside the SQL.

export type ThreadFilter = 'open' | 'resolved' | 'mine' | 'all';

interface SearchResult {
  ids: string[];
  total?: number;
}

export async function listThreads(
  client: SocketClient,
  qc: QueryClient,
  filter: ThreadFilter,
  userId: string | undefined,
): Promise<Item[]> {
  const must: Record<string, unknown[]> = { _t: ['Thread'] };
  const mustNot: Record<string, unknown[]> = {};
  if (filter === 'resolved') must.resolved = [true];
  if (filter === 'open') mustNot.resolved = [true];
  if (filter === 'mine' && userId) must.assignedTo = [userId];
  const r = await client.request<SearchResult>('search/ids', {
    must,
    mustNot,
    sort: [
      { key: 'sortTS', order: 'desc' },
      { key: '_c.ts', order: 'desc' },
    ],
    max: 50,
  });
  const got = await readMany(client, qc, r.ids);
  return r.ids.map((id) => got[id]).filter((x): x is Item => !!x);
}

export async function listMessages(client: SocketClient, threadId: string): Promise<Item[]> {
  const r = await client.request<SearchResult>('search/ids', {
    must: { _t: ['Message'], thread: [threadId] },
    sort: [{ key: '_c.ts', order: 'asc' }],
    max: 500,
  });
  if (r.ids.length === 0) return [];
  const got = await client.request<Record<string, Item & { erred?: boolean }>>('readMany/object', r.ids);
  return r.ids.map((id) => got[id]).filter((x): x is Item => !!x && !x.erred);
}

/** A thread's line under its subject in a list: resolved, the assignee, the latest activity. */
export function threadSummary(t: TFunction, th: Item): string {
  const assignee = typeof th.assignedTo === 'string' ? th.$labels?.[th.assignedTo] : undefined;
  const when = typeof th.sortTS === 'string' ? th.sortTS : th._c.ts;
  return [
    th.resolved === true ? t('conversations.resolved') : null,
    assignee ? t('conversations.assignedTo', { name: assignee }) : null,
    when ? formatDate(when) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
