import Dexie from 'dexie';
import { closeOfflineDb, dbName, offlineDb, type LocalRecord, type OfflineDb } from './db';
import { forgetLocal } from './records';

// What stays on a device, and when it goes (docs/geokeeper.md "What stays on a device"): the
// person's offline database is deleted on sign-out, after a warning when it holds anything the
// server does not have; and what the person may no longer read is dropped when the collection
// screen refreshes, except their own unsent work, which is kept until they discard it.

/** What the device holds that the server does not have: unsent or unsettled records, files not uploaded. */
export async function unsynced(db: OfflineDb): Promise<{ records: number; files: number }> {
  const records = await db.records.where('sync').anyOf('new', 'held', 'failed', 'conflict').count();
  const files = await db.files.where('uploaded').equals(0).count();
  return { records, files };
}

/** unsynced() of a person's database, without making one for a person who never collected. */
export async function unsyncedOf(userId: string): Promise<number> {
  if (!(await Dexie.exists(dbName(userId)))) return 0;
  const { records, files } = await unsynced(offlineDb(userId));
  return records + files;
}

/** Deletes the person's offline database: everything kept and held for them on this device. */
export async function clearDevice(userId: string): Promise<void> {
  closeOfflineDb(userId);
  await Dexie.delete(dbName(userId));
}

/** Which of these server ids the person may no longer read (the server answers notAllowed or notFound). */
export type GoneCheck = (serverIds: readonly string[]) => Promise<ReadonlySet<string>>;

type ReadManyAnswer = Record<string, { erred?: boolean; userMessage?: string } | undefined>;

/**
 * A GoneCheck on readMany, 200 ids a call. Only an answer of the server counts: an item it does
 * not answer for, or a failed call, says nothing (the call throws and nothing is dropped).
 */
export function goneByReadMany(readMany: (ids: string[]) => Promise<ReadManyAnswer>): GoneCheck {
  return async (ids) => {
    const gone = new Set<string>();
    for (let i = 0; i < ids.length; i += 200) {
      const batch = ids.slice(i, i + 200);
      const got = await readMany(batch);
      for (const id of batch) {
        const it = got[id];
        if (it?.erred && (it.userMessage === 'notAllowed' || it.userMessage === 'notFound')) gone.add(id);
      }
    }
    return gone;
  };
}

export interface DropReport {
  /** Records removed from the device: the server held them whole, and the person may not read them now. */
  dropped: number;
  /** Records kept because they hold the person's unsent work, now marked refused (notAllowed). */
  kept: number;
}

/**
 * Drops what the person may no longer read from the records the device keeps (kept reference
 * data is replaced by refreshKept). A record the server holds whole goes, with its files. A
 * record with held changes or files stays: it is the person's own unsent work, so it is never
 * lost silently; it is marked refused with `notAllowed` (the sync status shows it, and signing
 * out asks before discarding it), and the server's copy kept for a conflict goes with the access.
 */
export async function dropUnreadable(db: OfflineDb, gone: GoneCheck): Promise<DropReport> {
  const onServer = (await db.records.toArray()).filter((r) => r.serverId);
  if (!onServer.length) return { dropped: 0, kept: 0 };
  const lost = await gone(onServer.map((r) => r.serverId!));
  const report: DropReport = { dropped: 0, kept: 0 };
  const pendingFiles = new Set((await db.files.where('uploaded').equals(0).toArray()).map((f) => f.record));
  // A trip whose records are not all on the server yet stays with them (they are sent under it).
  const tripsOfHeld = new Set(
    (await db.records.where('sync').anyOf('new', 'held', 'failed', 'conflict').toArray())
      .map((r) => r.trip)
      .filter((t): t is string => !!t),
  );
  for (const r of onServer) {
    if (!lost.has(r.serverId!)) continue;
    // Read again: the person may have changed it while the check was out.
    const cur = await db.records.get(r.localId);
    if (!cur) continue;
    if (cur.sync === 'synced' && !pendingFiles.has(cur.localId) && !tripsOfHeld.has(cur.localId)) {
      await forgetLocal(db, cur.localId);
      report.dropped++;
    } else {
      await db.records.update(cur.localId, {
        sync: 'failed',
        error: 'notAllowed',
        conflict: undefined,
      } as Partial<LocalRecord>);
      report.kept++;
    }
  }
  return report;
}
