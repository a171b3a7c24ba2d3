import type { LocalFile, LocalRecord, OfflineDb, RecordFields } from './db';
import { heldChanges } from './sync-changes';

// The device's own writes of held records: each change is kept at once (nothing typed is lost
// when the phone sleeps or the page reloads), and marks the record as holding changes.

const now = () => new Date().toISOString();

export function newLocalId(): string {
  return crypto.randomUUID();
}

export type NewRecord = Pick<LocalRecord, 'formType' | 'program' | 'formDef' | 'formVersion' | 'label'> &
  Partial<Pick<LocalRecord, 'workItem' | 'trip' | 'accuracy'>> & { fields: RecordFields };

export async function createLocal(db: OfflineDb, r: NewRecord): Promise<LocalRecord> {
  const rec: LocalRecord = { ...r, localId: newLocalId(), collected: now(), updated: now(), sync: 'new' };
  await db.records.add(rec);
  return rec;
}

/** Whether the fields hold changes the server does not have. */
function stateAfter(r: LocalRecord, fields: RecordFields): LocalRecord['sync'] {
  if (r.sync === 'conflict') return 'conflict';
  if (!r.serverId) return r.sync === 'failed' ? 'failed' : 'new';
  return r.base && heldChanges(r.base, fields).length === 0 ? 'synced' : 'held';
}

/** Keeps the record's new fields (and label, accuracy) on the device. */
export async function saveLocal(
  db: OfflineDb,
  localId: string,
  patch: { fields?: RecordFields; label?: string; accuracy?: number },
): Promise<void> {
  await db.transaction('rw', db.records, async () => {
    const r = await db.records.get(localId);
    if (!r || (r.fields.finalized && r.sync === 'synced')) return;
    const fields = patch.fields ?? r.fields;
    await db.records.update(localId, {
      ...patch,
      fields,
      sync: stateAfter(r, fields),
      updated: now(),
      ...(r.sync === 'failed' && r.serverId ? { error: undefined } : {}),
    } as Partial<LocalRecord>);
  });
}

/** Keeps a captured file; its name is the answer of the field. */
export async function addLocalFile(
  db: OfflineDb,
  record: string,
  field: string,
  blob: Blob,
  type: string,
  extension: string,
): Promise<LocalFile> {
  const id = newLocalId();
  const file: LocalFile = {
    id,
    record,
    field,
    name: `${field}-${id.slice(0, 8)}.${extension}`,
    type,
    size: blob.size,
    blob,
    uploaded: 0,
  };
  await db.files.add(file);
  return file;
}

/** Drops a file not yet uploaded (an uploaded one stays in the record's attachments). */
export async function removeLocalFile(db: OfflineDb, record: string, name: string): Promise<void> {
  await db.files
    .where({ record })
    .filter((f) => f.name === name && f.uploaded === 0)
    .delete();
}

/** Removes a record from the device, with its files, only once the server holds it all. */
export async function forgetLocal(db: OfflineDb, localId: string): Promise<void> {
  await db.transaction('rw', [db.records, db.files], async () => {
    await db.files.where({ record: localId }).delete();
    await db.records.delete(localId);
  });
}
