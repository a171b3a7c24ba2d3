import { createHash } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/open';
import { query } from '../db/query';
import { fileKey, isFileId, type FileStorage } from '../files/storage';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  MANIFEST,
  type BackupManifest,
  type FileEntry,
  type TableEntry,
} from './manifest';
import { backupTables, ident, identList, migrationLevel, type TableShape } from './tables';

// A backup (docs/backup.md): every table's rows read in one repeatable-read, read-only
// transaction, so the copy is the database as it was at one instant however many people write
// meanwhile; then the bytes of every file that instant names. Files are never changed in place
// (a file id names one upload's bytes), so copying them after the transaction ends is copying
// what the snapshot names.

/** Rows fetched from the cursor at a time: a table of millions never sits in memory. */
const FETCH = 1000;

export interface BackupOptions {
  appVersion: string;
  /** A line of progress (a table done, every hundredth file). */
  log?: (line: string) => void;
}

/** Takes a backup of `database` and its files into `dir`, which must be new or empty. */
export async function backupTo(
  database: Database,
  files: FileStorage,
  dir: string,
  opts: BackupOptions,
): Promise<BackupManifest> {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new BackupError(`${dir} is not empty: a backup goes into a new or empty directory.`);
  // The backup holds everything, a sacred site's location and every PRIVATE record among it:
  // only the account that took it may read it (docs/backup.md "Keeping a backup safe").
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  mkdirSync(path.join(dir, 'db'), { mode: 0o700 });
  mkdirSync(path.join(dir, 'files'), { mode: 0o700 });
  const log = opts.log ?? (() => undefined);
  const createdAt = new Date().toISOString();

  const { migrations, tables, fileIds } = await database.db.transaction(
    async (tx) => {
      const level = await migrationLevel(tx);
      const entries: TableEntry[] = [];
      for (const shape of await backupTables(tx)) {
        const started = Date.now();
        const entry = await dumpTable(tx, shape, dir);
        entries.push(entry);
        log(`${shape.table}: ${entry.rows.toLocaleString('en')} rows (${Date.now() - started} ms)`);
      }
      const ids = await query<{ f: string }>(
        tx,
        sql`select distinct data->>'fileID' as f from items
          where type = 'Attachment' and data->>'fileID' is not null order by 1`,
      );
      return { migrations: level, tables: entries, fileIds: ids.map((r) => r.f).filter(isFileId) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const copied: FileEntry[] = [];
  const missingFiles: string[] = [];
  for (const [i, id] of fileIds.entries()) {
    const entry = await copyFile(files, id, dir);
    if (entry) copied.push(entry);
    else missingFiles.push(id);
    if ((i + 1) % 100 === 0 || i + 1 === fileIds.length) log(`files: ${i + 1} of ${fileIds.length}`);
  }
  if (missingFiles.length)
    log(`files: ${missingFiles.length} named by the database were not in the store (listed in the manifest)`);

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: opts.appVersion,
    createdAt,
    database: database.kind,
    migrations,
    tables,
    files: copied,
    missingFiles,
  };
  // Written last, and whole: a directory without it is a backup that did not finish.
  const tmp = path.join(dir, `${MANIFEST}.tmp`);
  await writeFile(tmp, JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  await rename(tmp, path.join(dir, MANIFEST));
  return manifest;
}

async function dumpTable(tx: Executor, shape: TableShape, dir: string): Promise<TableEntry> {
  const rel = `db/${shape.table}.jsonl`;
  const out = createWriteStream(path.join(dir, rel), { mode: 0o600 });
  const hash = createHash('sha256');
  let bytes = 0;
  let rows = 0;
  await query(
    tx,
    sql`declare ckk_backup no scroll cursor for
      select row_to_json(r)::text as j from (select ${identList(shape.columns)} from ${ident(shape.table)}) r`,
  );
  try {
    for (;;) {
      const batch = await query<{ j: string }>(tx, sql.raw(`fetch ${FETCH} from ckk_backup`));
      if (!batch.length) break;
      // row_to_json escapes line breaks inside values, so a row is one line.
      const chunk = Buffer.from(batch.map((r) => r.j).join('\n') + '\n');
      hash.update(chunk);
      bytes += chunk.length;
      rows += batch.length;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    await query(tx, sql`close ckk_backup`);
    out.end();
    await once(out, 'close');
  }
  return { table: shape.table, columns: shape.columns, rows, path: rel, bytes, sha256: hash.digest('hex') };
}

/** Copies one stored file into the backup; null when the store has no such bytes. */
async function copyFile(files: FileStorage, id: string, dir: string): Promise<FileEntry | null> {
  const key = fileKey(id);
  if (!(await files.stat(key))) return null;
  const rel = `files/${id}`;
  const hash = createHash('sha256');
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(await files.read(key), count, createWriteStream(path.join(dir, rel), { mode: 0o600 }));
  return { fileID: id, path: rel, bytes, sha256: hash.digest('hex') };
}
