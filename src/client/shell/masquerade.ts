import type { ActBody } from '../../kernel/act-contract';
import type { AppActs } from '../../modules/contracts';
import type { SocketClient } from '../state/socket-client';

// Masquerade on the client (spec core §4): start or stop, store the new token, reload the page.
// The last users masqueraded as are kept in this browser (ids only, spec core §9: 5).

const KEY = 'ckk-masquerade-recent';
export const RECENT_MASQUERADE_MAX = 5;

export function recentMasquerades(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string').slice(0, RECENT_MASQUERADE_MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberMasquerade(userId: string): void {
  try {
    const list = [userId, ...recentMasquerades().filter((x) => x !== userId)];
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, RECENT_MASQUERADE_MAX)));
  } catch {
    /* storage blocked: nothing to remember */
  }
}

async function switchTo(client: SocketClient, body: ActBody<AppActs['masquerade']>) {
  const r = await client.act('masquerade', body);
  client.storeToken(r.newToken, r.userId);
  window.location.reload();
}

export function startMasquerade(client: SocketClient, targetUserID: string): Promise<void> {
  rememberMasquerade(targetUserID);
  return switchTo(client, { targetUserID });
}

export function stopMasquerade(client: SocketClient): Promise<void> {
  return switchTo(client, { stop: true });
}
