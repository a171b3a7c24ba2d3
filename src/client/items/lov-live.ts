import type { QueryClient } from '@tanstack/react-query';
import type { SocketClient } from '../state/socket-client';

/** The query key of one list of values: locale, list, owner (null: every owner). */
export function lovKey(language: string, list: string | undefined, owner: string | null) {
  return ['lov', language, list ?? '', owner ?? ''] as const;
}

const LOV_TYPE = 'LOVValue';
let users = 0;
let stop: (() => void) | null = null;

/**
 * While any list of values is shown, one type watch on LOVValue keeps every cached list fresh:
 * a pushed change marks the lists of that name stale (every locale and owner), and the shown
 * ones are fetched again. Returns the release function for the caller's effect.
 */
export function holdLovLive(client: SocketClient, qc: QueryClient): () => void {
  if (users++ === 0) {
    const handle = client.watchType(LOV_TYPE, {});
    const refresh = (list: unknown) =>
      void qc.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'lov' && (typeof list !== 'string' || q.queryKey[2] === list),
      });
    const offUpdated = client.on('itemUpdated', (b) => {
      const item = b as { _t?: unknown; list?: unknown };
      if (item._t === LOV_TYPE) refresh(item.list);
    });
    const offAction = client.on('item/action', (b) => {
      const id = (b as { itemID?: unknown }).itemID;
      if (typeof id === 'string' && id.startsWith(`${LOV_TYPE}-`)) refresh(undefined);
    });
    stop = () => {
      offUpdated();
      offAction();
      client.unwatchType(handle);
    };
  }
  return () => {
    if (--users === 0) {
      stop?.();
      stop = null;
    }
  };
}
