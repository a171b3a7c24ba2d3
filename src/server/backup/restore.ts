import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Registry } from '../../kernel/registry';
import { foldKeptCounts } from '../search/kept-counts';
import { ensureKeptFacets, keptTypes } from '../search/kept-facets';
import type { Database, Executor } from '../db/open';
import { ensureSearchDataKeys } from '../db/search-data-keys';
import { query } from '../db/query';
import { readLines } from '../files/read-lines';
import { fileKey, type FileStorage } from '../files/storage';
import {
  BACKUP_FORMAT_VERSION,
  BackupError,
  digestFile,
  isManifest,
  MANIFEST,
  type BackupEntry,
  type BackupManifest,
  type TableEntry,
} from './manifest';
import { backupTables, ident, identList, migrationLevel } from './tables';

// A restore (docs/backup.md): every checksum is checked before anything is written, and a
// mismatch names the file; the target must be an empty database migrated as far as the backup's
// was. Files go in first, then every table in one transaction, so a restore that fails part way
// leaves an empty database behind (and at worst stored bytes nothing names).

/** Rows inserted a statement at a time; a batch is also cut at this many bytes of JSON. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

const SAFE_PATH = /^(db\/[a-z0-9_]+\.jsonl|files\/[a-f0-9]{32})$/;

/** Reads the manifest and checks every file it names: their presence, sizes and checksums. */
export async function verifyBackup(
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file))
    throw new BackupError(`${dir} has no ${MANIFEST}: it is not a backup, or one that did not finish.`);
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new BackupError(`${MANIFEST} in ${dir} is not readable JSON: the backup is damaged.`);
  }
  if (!isManifest(manifest)) throw new BackupError(`${MANIFEST} in ${dir} is not a backup's manifest.`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `The backup's format (${manifest.formatVersion}) is newer than this version reads (${BACKUP_FORMAT_VERSION}).`,
    );
  const entries: BackupEntry[] = [...manifest.tables, ...manifest.files];
  for (const [i, e] of entries.entries()) {
    if (!SAFE_PATH.test(e.path)) throw new BackupError(`${MANIFEST} names ${e.path}, which no backup holds.`);
    const p = path.join(dir, e.path);
    if (!existsSync(p)) throw new BackupError(`${e.path} is missing from the backup.`);
    const got = await digestFile(p);
    if (got.bytes !== e.bytes || got.sha256 !== e.sha256)
      throw new BackupError(`${e.path} does not match its checksum in ${MANIFEST}: the backup is damaged.`);
    if ((i + 1) % 100 === 0) log(`checked ${i + 1} of ${entries.length} files`);
  }
  log(`checked ${entries.length} files: every checksum matches`);
  return manifest;
}

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
}

/**
 * Restores the backup in `dir` into `database` (empty, migrated) and `files`. The registry is
 * the app's: the search copy keeps the keys its types name (db/search-data-keys.ts), and the kept
 * facet counts its types' facets (search/kept-facets.ts), which the triggers must know before the
 * items go in.
 */
export async function restoreFrom(
  database: Database,
  files: FileStorage,
  dir: string,
  registry: Registry,
  opts: { log?: (line: string) => void } = {},
): Promise<RestoreResult> {
  const log = opts.log ?? (() => undefined);
  const manifest = await verifyBackup(dir, log);
  await checkTarget(database.db, manifest);
  await ensureSearchDataKeys(database.db, registry);
  await ensureKeptFacets(database.db, registry);

  for (const [i, f] of manifest.files.entries()) {
    await files.writeFrom(fileKey(f.fileID), createReadStream(path.join(dir, f.path)), f.bytes);
    if ((i + 1) % 100 === 0 || i + 1 === manifest.files.length)
      log(`files: ${i + 1} of ${manifest.files.length}`);
  }

  let rows = 0;
  await database.db.transaction(async (tx) => {
    for (const t of manifest.tables) {
      const started = Date.now();
      const n = await loadTable(tx, dir, t);
      if (n !== t.rows) throw new BackupError(`${t.path} holds ${n} rows, its manifest says ${t.rows}.`);
      rows += n;
      log(`${t.table}: ${n.toLocaleString('en')} rows (${Date.now() - started} ms)`);
    }
    // bigserial columns: the next id follows the restored ones.
    for (const shape of await backupTables(tx))
      for (const col of shape.serials)
        await query(
          tx,
          sql`select setval(pg_get_serial_sequence(${shape.table}, ${col}),
            coalesce((select max(${ident(col)}) from ${ident(shape.table)}), 0) + 1, false)`,
        );
  });
  // The triggers counted each restored entry on its own row: fold them, so the first search does not.
  for (const { type } of keptTypes(registry)) await foldKeptCounts(database.db, type.name);
  return { tables: manifest.tables.length, rows, files: manifest.files.length };
}

/** The target is migrated as the backup's database was, and holds nothing yet. */
async function checkTarget(ex: Executor, manifest: BackupManifest): Promise<void> {
  const level = await migrationLevel(ex);
  if (level.count !== manifest.migrations.count || level.last !== manifest.migrations.last)
    throw new BackupError(
      `The backup was taken at migration ${manifest.migrations.count} (version ${manifest.appVersion}); ` +
        `this database is at migration ${level.count}. Restore with the version that took the backup, ` +
        'then start the new version on the restored data to migrate it.',
    );
  const shapes = new Map((await backupTables(ex)).map((s) => [s.table, s]));
  for (const t of manifest.tables) {
    const shape = shapes.get(t.table);
    const missing = t.columns.filter((c) => !shape?.columns.includes(c));
    if (!shape || missing.length)
      throw new BackupError(
        `This database has no ${shape ? `column ${missing[0]} in ` : ''}table ${t.table}.`,
      );
    const [r] = await query<{ any: boolean }>(
      ex,
      sql`select exists (select 1 from ${ident(t.table)}) as any`,
    );
    if (r?.any)
      throw new BackupError(
        `This database is not empty (${t.table} has rows): restore into a new DATA_DIR or an empty PostgreSQL database.`,
      );
  }
}

/** Inserts a table's rows from its JSON lines, a batch a statement. */
async function loadTable(tx: Executor, dir: string, t: TableEntry): Promise<number> {
  // Read as they are used: readline reads ahead up to 1,024 lines, each a whole row.
  const lines = readLines(path.join(dir, t.path));
  let batch: string[] = [];
  let size = 0;
  let n = 0;
  const flush = async () => {
    if (!batch.length) return;
    const cols = identList(t.columns);
    await query(
      tx,
      sql`insert into ${ident(t.table)} (${cols})
        select ${cols} from json_populate_recordset(null::${ident(t.table)}, ${`[${batch.join(',')}]`}::json)`,
    );
    n += batch.length;
    batch = [];
    size = 0;
  };
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    size += line.length;
    if (batch.length >= BATCH_ROWS || size >= BATCH_BYTES) await flush();
  }
  await flush();
  return n;
}
