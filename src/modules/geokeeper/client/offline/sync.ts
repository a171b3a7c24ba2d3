import type { FieldDataEdit, FieldDataEditResult } from '../../contract';
import type { LocalFile, LocalRecord, OfflineDb, RecordFields } from './db';
import { fieldsOf, heldChanges } from './sync-changes';

// The sync of held records (docs/geokeeper.md "Offline collection"), framework-free so it is
// tested against a real server. In order: trips, then records, are created (a plain create; the
// device's id is mapped to the server's); their files upload (resumable); then the held edits of
// every record go through applyGeoKeeperFieldDataEdits at the version they were made on, in
// batches. Applied clears them; a conflict is kept with the server's record for the person to
// decide; a refusal is kept with its reason. A network failure stops the run: nothing is lost,
// the next run starts where it stopped.

/** What the sync needs of the server. */
export interface SyncApi {
  /** create/GeoKeeperFieldData: the new item's id and version. */
  create(data: Record<string, unknown>): Promise<{ $id: string; $version: number }>;
  applyEdits(edits: Record<string, FieldDataEdit>): Promise<Record<string, FieldDataEditResult>>;
  /** Uploads a file into the record's attachments (resumable). */
  upload(recordId: string, file: LocalFile): Promise<void>;
}

/** The server refused (an error key), as opposed to a network failure. */
export class Refused extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

export interface SyncReport {
  created: number;
  uploaded: number;
  applied: number;
  conflicts: number;
  failed: number;
  /** The run stopped on a network failure (offline again). */
  interrupted: boolean;
}

/** Records per applyGeoKeeperFieldDataEdits call (the act takes at most 200). */
export const EDITS_BATCH = 100;

const now = () => new Date().toISOString();

/** The create body of a record never sent (its trip mapped to the server id). */
function createBody(r: LocalRecord, tripId: string | undefined): Record<string, unknown> {
  const f = r.fields;
  return {
    label: r.label,
    formType: r.formType,
    formDef: r.formDef,
    formVersion: r.formVersion,
    program: r.program,
    state: 'ACTIVE',
    collected: r.collected,
    formInstance: { formData: f.formData },
    ...(r.workItem ? { workItem: r.workItem } : {}),
    ...(tripId ? { trip: tripId } : {}),
    ...(f.customLabel ? { customLabel: f.customLabel } : {}),
    ...(f.spatial ? { spatial: f.spatial } : {}),
    ...(f.categories?.length ? { categories: f.categories } : {}),
    // Finalized is sent after the files, as an edit: a finalized record takes no more changes.
  };
}

/** What the server holds right after the create (`finalized` still to come). */
function sentFields(f: RecordFields): RecordFields {
  const { finalized: _finalized, ...rest } = f;
  return structuredClone(rest);
}

function errorKey(e: unknown): string | null {
  if (e instanceof Refused) return e.key;
  return null;
}

/** Runs one sync of everything the device holds. */
export async function syncAll(db: OfflineDb, api: SyncApi, onStep?: () => void): Promise<SyncReport> {
  const report: SyncReport = {
    created: 0,
    uploaded: 0,
    applied: 0,
    conflicts: 0,
    failed: 0,
    interrupted: false,
  };
  const step = () => onStep?.();
  try {
    // 1. Creates: trips before their records.
    const unsent = (await db.records.where('sync').anyOf('new', 'failed').toArray()).filter(
      (r) => !r.serverId,
    );
    unsent.sort((a, b) =>
      a.formType === b.formType ? a.collected.localeCompare(b.collected) : a.formType === 'TRIP' ? -1 : 1,
    );
    for (const r of unsent) {
      let tripId: string | undefined;
      if (r.trip) {
        tripId = (await db.records.get(r.trip))?.serverId;
        if (!tripId) continue; // its trip is not on the server yet (failed): it waits for it
      }
      try {
        const made = await api.create(createBody(r, tripId));
        await db.records.update(r.localId, {
          serverId: made.$id,
          serverVersion: made.$version,
          base: sentFields(r.fields),
          sync: 'held',
          error: undefined,
        } as Partial<LocalRecord>);
        report.created++;
      } catch (e) {
        const key = errorKey(e);
        if (!key) throw e;
        await db.records.update(r.localId, { sync: 'failed', error: key });
        report.failed++;
      }
      step();
    }

    // 2. Files of the records on the server.
    const files = await db.files.where('uploaded').equals(0).toArray();
    for (const f of files) {
      const r = await db.records.get(f.record);
      if (!r?.serverId) continue;
      try {
        await api.upload(r.serverId, f);
        await db.files.update(f.id, { uploaded: 1, error: undefined } as Partial<LocalFile>);
        report.uploaded++;
      } catch (e) {
        const key = errorKey(e);
        if (!key) throw e;
        await db.files.update(f.id, { error: key });
        await db.records.update(r.localId, { sync: 'failed', error: key });
        report.failed++;
      }
      step();
    }

    // 3. Held edits, in batches, each record at the version its edits were made on.
    const held = (await db.records.where('sync').anyOf('held', 'failed').toArray()).filter(
      (r) => r.serverId && r.base && r.serverVersion,
    );
    const pendingFiles = new Set((await db.files.where('uploaded').equals(0).toArray()).map((f) => f.record));
    const toSend: { r: LocalRecord; edit: FieldDataEdit }[] = [];
    for (const r of held) {
      const changes = heldChanges(r.base!, r.fields);
      // A finalize waits for the record's files: a finalized record takes no more.
      const ready = pendingFiles.has(r.localId) ? changes.filter((c) => c.path !== 'finalized') : changes;
      if (ready.length) toSend.push({ r, edit: { version: r.serverVersion!, changes: ready } });
      else if (!changes.length && !pendingFiles.has(r.localId))
        await db.records.update(r.localId, { sync: 'synced', error: undefined } as Partial<LocalRecord>);
    }
    for (let i = 0; i < toSend.length; i += EDITS_BATCH) {
      const batch = toSend.slice(i, i + EDITS_BATCH);
      const results = await api.applyEdits(Object.fromEntries(batch.map((b) => [b.r.serverId!, b.edit])));
      for (const { r, edit } of batch) {
        const res = results[r.serverId!];
        if (!res) continue;
        await settle(db, r, edit, res, pendingFiles.has(r.localId), report);
      }
      step();
    }
  } catch (e) {
    // Offline again (or the server is away): everything not settled stays held.
    if (errorKey(e) === null) report.interrupted = true;
    else throw e;
  }
  return report;
}

async function settle(
  db: OfflineDb,
  r: LocalRecord,
  edit: FieldDataEdit,
  res: FieldDataEditResult,
  filesPending: boolean,
  report: SyncReport,
): Promise<void> {
  // The device may have changed the record while the call was out: read it again.
  const cur = (await db.records.get(r.localId)) ?? r;
  if (res.status === 'applied') {
    // The server now holds base + the sent changes: that is the new base.
    const base = structuredClone(cur.base ?? r.base!);
    const sent = { ...base, formData: { ...base.formData } } as RecordFields & Record<string, unknown>;
    for (const c of edit.changes) {
      if (c.path.startsWith('formInstance.formData.')) {
        const name = c.path.slice('formInstance.formData.'.length);
        if (c.value === null) delete sent.formData[name];
        else sent.formData[name] = c.value;
      } else if (c.value === null) delete sent[c.path];
      else sent[c.path] = c.value;
    }
    const left = heldChanges(sent, cur.fields).length > 0 || filesPending;
    await db.records.update(r.localId, {
      serverVersion: res.version,
      base: sent,
      sync: left ? 'held' : 'synced',
      error: undefined,
      conflict: undefined,
    } as Partial<LocalRecord>);
    report.applied++;
  } else if (res.status === 'conflict') {
    await db.records.update(r.localId, {
      sync: 'conflict',
      conflict: { currentVersion: res.currentVersion, current: res.current as Record<string, unknown> },
    });
    report.conflicts++;
  } else {
    // Refused because the person may no longer read it: the server's copy of a conflict goes too.
    const lost = res.error === 'notAllowed' || res.error === 'notFound';
    await db.records.update(r.localId, {
      sync: 'failed',
      error: res.error,
      ...(lost ? { conflict: undefined } : {}),
    } as Partial<LocalRecord>);
    report.failed++;
  }
}

/**
 * The person's answer to a conflict. Keep mine: the device's fields are sent again at the
 * server's new version (over the server's record as it now is). Take theirs: the device takes
 * the server's record and holds nothing.
 */
export async function resolveConflict(
  db: OfflineDb,
  localId: string,
  choice: 'mine' | 'theirs',
): Promise<void> {
  const r = await db.records.get(localId);
  if (!r?.conflict) return;
  const theirs = fieldsOf(r.conflict.current);
  const patch: Partial<LocalRecord> = {
    serverVersion: r.conflict.currentVersion,
    base: theirs,
    conflict: undefined,
    error: undefined,
    updated: now(),
  };
  if (choice === 'theirs') {
    patch.fields = structuredClone(theirs);
    patch.sync = 'synced';
  } else {
    patch.sync = heldChanges(theirs, r.fields).length ? 'held' : 'synced';
  }
  await db.records.update(localId, patch);
}
