import { storedUserId, useSession } from '../../../../client/module-api';
import { offlineDb, type OfflineDb } from './db';

/**
 * The signed-in person's offline database. On a page loaded offline the session has not arrived
 * (the socket cannot open), so the person is the one the stored token belongs to: the monitor
 * keeps collecting, and never opens another person's database.
 */
export function useOfflineDb(): { db: OfflineDb | null; userId: string | null } {
  const { user } = useSession();
  const userId = user?.$id ?? storedUserId();
  return { db: userId ? offlineDb(userId) : null, userId };
}

let persistAsked: Promise<boolean> | null = null;

/** Asks once per page that the browser keep this site's storage (no eviction under pressure). */
export function askPersistentStorage(): Promise<boolean> {
  persistAsked ??= (async () => {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return navigator.storage.persist();
  })().catch(() => false);
  return persistAsked;
}
