import Dexie, { type EntityTable } from 'dexie';

// What a monitor keeps on the device (docs/geokeeper.md "Offline collection"): one IndexedDB
// database per user (`ckk-geokeeper-<user id>`), so a different person signing in on the same
// phone opens another database and never sees the first one's programs or held records.

/** A server item kept for offline use (a program, form, work item, reference, map feature). */
export interface KeptItem {
  id: string;
  /** The program it belongs to ('' for a program itself and for map features). */
  program: string;
  item: Record<string, unknown>;
}

/** A list of values a form or the record uses, as the form's selects need it. */
export interface KeptLov {
  /** `<list>@<owner org>` */
  key: string;
  entries: { key: string; label: string }[];
}

/** Where a held record stands against the server. */
export type SyncState =
  /** Never sent: created on the next sync. */
  | 'new'
  /** Sent, with local changes held (or files) waiting. */
  | 'held'
  /** The server holds exactly what the device holds. */
  | 'synced'
  /** The server refused it (the reason in `error`); Retry sends it again. */
  | 'failed'
  /** Changed on the server meanwhile: the person decides (keep mine / take theirs). */
  | 'conflict';

/** The record's properties the device edits: what a sync compares and sends. */
export interface RecordFields {
  customLabel?: string | null;
  formData: Record<string, unknown>;
  spatial?: { type: string; coordinates: unknown } | null;
  categories?: string[] | null;
  finalized?: string | null;
}

/** A trip or a record collected on the device. */
export interface LocalRecord {
  /** The device's own id (a UUID): the server's id is `serverId` once created. */
  localId: string;
  serverId?: string;
  /** The server's `$version` that `base` holds: held edits are sent at it. */
  serverVersion?: number;
  formType: 'TRIP' | 'RECORD';
  program: string;
  formDef: string;
  formVersion: number;
  workItem?: string;
  /** A record's trip: its local id (mapped to the trip's server id when sent). */
  trip?: string;
  label: string;
  fields: RecordFields;
  /** The fields as the server held them at `serverVersion` (absent before the create). */
  base?: RecordFields;
  /** The GPS fix's accuracy in metres, shown beside the point. */
  accuracy?: number;
  collected: string;
  sync: SyncState;
  /** The error key of the last refusal (failed), or of a file that would not upload. */
  error?: string;
  conflict?: { currentVersion: number; current: Record<string, unknown> };
  /** When it last changed on the device (ISO). */
  updated: string;
}

/** A photo, video or sound recorded for a record, kept as a Blob until it is uploaded. */
export interface LocalFile {
  id: string;
  record: string;
  /** The form field that holds its name (the answer is the file's name). */
  field: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  uploaded: 0 | 1;
  error?: string;
}

export interface KeptMeta {
  key: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  programs: EntityTable<KeptItem, 'id'>;
  forms: EntityTable<KeptItem, 'id'>;
  workItems: EntityTable<KeptItem, 'id'>;
  references: EntityTable<KeptItem, 'id'>;
  features: EntityTable<KeptItem, 'id'>;
  lovs: EntityTable<KeptLov, 'key'>;
  records: EntityTable<LocalRecord, 'localId'>;
  files: EntityTable<LocalFile, 'id'>;
  meta: EntityTable<KeptMeta, 'key'>;
};

const open = new Map<string, OfflineDb>();

/** The database name of a user: per user, so held data never crosses people. */
export function dbName(userId: string): string {
  return `ckk-geokeeper-${userId}`;
}

/** Opens (once per page) the user's offline database. */
export function offlineDb(userId: string): OfflineDb {
  let db = open.get(userId);
  if (!db) {
    db = new Dexie(dbName(userId)) as OfflineDb;
    db.version(1).stores({
      programs: 'id',
      forms: 'id, program',
      workItems: 'id, program',
      references: 'id, program',
      features: 'id',
      lovs: 'key',
      records: 'localId, serverId, sync, trip, updated',
      files: 'id, record, uploaded',
      meta: 'key',
    });
    open.set(userId, db);
  }
  return db;
}

/** Closes a person's database if this page opened it (before it is deleted on sign-out). */
export function closeOfflineDb(userId: string): void {
  open.get(userId)?.close();
  open.delete(userId);
}

/** Closes the open databases (tests; a sign-out of the page). */
export function closeOfflineDbs(): void {
  for (const db of open.values()) db.close();
  open.clear();
}
