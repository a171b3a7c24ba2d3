import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

// What a backup directory holds (docs/backup.md): manifest.json, written last, names every
// other file of it with its size and SHA-256, so a restore can tell a damaged or incomplete
// backup before it writes anything.
//   db/<table>.jsonl   one row a line (the table's own columns as JSON; generated ones left out)
//   files/<fileID>     the bytes of each Attachment the database names

export const BACKUP_FORMAT = 'ckk-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

export interface BackupEntry {
  /** Relative to the backup directory, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface TableEntry extends BackupEntry {
  table: string;
  rows: number;
  columns: string[];
}

export interface FileEntry extends BackupEntry {
  fileID: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  /** The database it was taken from; a restore may go into either kind. */
  database: 'pglite' | 'postgres';
  /** The schema's migrations at the time: a restore needs a database migrated to the same. */
  migrations: MigrationLevel;
  tables: TableEntry[];
  files: FileEntry[];
  /** Files the database names whose bytes the store did not have when the backup was taken. */
  missingFiles: string[];
}

export interface MigrationLevel {
  count: number;
  last: string | null;
}

/** A backup that cannot be taken or restored, in words for the person at the command line. */
export class BackupError extends Error {}

/** Size and SHA-256 of a file, streamed. */
export async function digestFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

export function isManifest(v: unknown): v is BackupManifest {
  const m = v as Partial<BackupManifest> | null;
  return (
    !!m &&
    m.format === BACKUP_FORMAT &&
    typeof m.formatVersion === 'number' &&
    Array.isArray(m.tables) &&
    Array.isArray(m.files) &&
    typeof m.migrations === 'object'
  );
}
