import { useEffect, useSyncExternalStore } from 'react';
import { useApp, useSession, type SocketClient } from '../../../../client/module-api';
import type { OfflineDb } from './db';
import { browserSyncApi } from './sync-api';
import { syncAll, type SyncReport } from './sync';

// One sync at a time per page: started when the person is signed in with a connection (the
// session arrives, the browser says it is online again), and by Retry. The sync status reads
// its state here and the held records from the database.

export interface RunnerState {
  running: boolean;
  lastRun: string | null;
  last: SyncReport | null;
  /** A failure outside the records (the server away): its message. */
  error: string | null;
}

let state: RunnerState = { running: false, lastRun: null, last: null, error: null };
const listeners = new Set<() => void>();
const set = (patch: Partial<RunnerState>) => {
  state = { ...state, ...patch };
  for (const fn of listeners) fn();
};
let again = false;

/** Runs a sync now (or once more after the running one). */
export async function runSync(db: OfflineDb, client: SocketClient): Promise<void> {
  if (state.running) {
    again = true;
    return;
  }
  set({ running: true, error: null });
  try {
    do {
      again = false;
      const report = await syncAll(db, browserSyncApi(client));
      set({ last: report, lastRun: new Date().toISOString() });
    } while (again);
  } catch (e) {
    set({ error: e instanceof Error ? e.message : String(e) });
  } finally {
    set({ running: false });
  }
}

export function useSyncRunner(): RunnerState {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => state,
  );
}

const subscribeOnline = (fn: () => void) => {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
};

/** The browser's own view of the connection (the socket notices a lost one only at its next ping). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** Whether a request now would reach the server: online, and the session signed in. */
export function useCanSync(): boolean {
  const { authState } = useSession();
  const online = useOnline();
  return online && (authState === 'USER_VALID' || authState === 'TOKEN_WARNING');
}

/** Syncs whenever the session becomes usable (signed in, reconnected). */
export function useAutoSync(db: OfflineDb | null): void {
  const { client } = useApp();
  const can = useCanSync();
  useEffect(() => {
    if (db && can) void runSync(db, client);
  }, [db, can, client]);
  // Back in range: reconnect at once rather than at the end of the socket's back-off (which
  // grows over days offline); the session then becomes usable and the sync above runs.
  useEffect(() => {
    const online = () => {
      if (!can) client.retryNow();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [client, can]);
}
