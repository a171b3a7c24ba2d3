import { expect } from 'vitest';
import { WS_MAX_MSG_SIZE } from '../../src/protocol/constants';
import type { Frame, WsClient } from './ws-client';

/**
 * Four saved searches of 300 KB each, made by `client`: a readMany of their ids is a reply over
 * the socket's message limit, so the server sends it as lrg/{key}.
 */
export async function savedSearchesOverLimit(client: WsClient, name: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const s = await client.call<{ $id: string }>('create/SavedSearch', {
      name: `${name} ${i}`,
      displayAs: 'LIST',
      criteria: { filters: [], groups: [], groupsShould: [], note: 'x'.repeat(300_000) },
    });
    ids.push(s.$id);
  }
  return ids;
}

/** `res` (a GET of /ws-lrg/{key}) is the whole reply `f` announced: the readMany of `ids`. */
export async function expectLargeReply(res: Response, f: Frame, ids: readonly string[]): Promise<void> {
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text.length).toBeGreaterThan(WS_MAX_MSG_SIZE);
  const frame = JSON.parse(text) as Frame;
  expect(frame.s).toBe(f.s);
  expect(Object.keys(frame.b as object).sort()).toEqual([...ids].sort());
}
