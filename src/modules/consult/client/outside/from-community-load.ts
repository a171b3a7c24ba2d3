import type { QueryClient } from '@tanstack/react-query';
import { readMany, type Item, type SocketClient } from '../../../../client/module-api';
import {
  FROM_COMMUNITY_PURPOSES,
  firstOfEachThread,
  fromCommunityEntries,
  type FromCommunityEntry,
} from './from-community-model';

// What communities sent the reader (the "From the community" panel of one consultation, the
// desk's latest words over all of them): the outward threads the reader may read, then every
// message of those threads in one search (a rural link pays for each round trip), each thread's
// first message being its word. Read through search/ids and readMany, so only what was shared.

export async function loadFromCommunity(
  client: SocketClient,
  qc: QueryClient,
  o: { context?: string; newestFirst?: boolean; max: number },
): Promise<{ entries: FromCommunityEntry[]; total: number }> {
  const r = await client.request<{ ids: string[]; total: number }>('search/ids', {
    must: {
      _t: ['Thread'],
      ...(o.context ? { context: [o.context] } : {}),
      purpose: [...FROM_COMMUNITY_PURPOSES],
    },
    sort: [{ key: '_c.ts', order: o.newestFirst ? 'desc' : 'asc' }],
    max: o.max,
  });
  const threads = Object.values(await readMany(client, qc, r.ids));
  const m = threads.length
    ? await client.request<{ ids: string[] }>('search/ids', {
        must: { _t: ['Message'], thread: threads.map((th) => th.$id) },
        sort: [{ key: '_c.ts', order: 'asc' }],
        max: 500,
      })
    : { ids: [] };
  const messages = await readMany(client, qc, m.ids);
  const first = firstOfEachThread(m.ids.map((id) => messages[id]).filter((x): x is Item => !!x));
  return { entries: fromCommunityEntries(threads, first), total: r.total };
}
