import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';
import type { ServerConfig } from '../config';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';

// Where uploaded bytes live: a directory on disk (the default) or an S3-compatible bucket
// (FILE_STORE=s3). Every read path (downloads, variants, the zip, purge, the sweep) goes
// through this one interface, so the two stores behave alike. Keys: `<fileID>` (the bytes) and
// `variants/<fileID>.<variant>` (image variants made once); tus keeps its own records beside them.

/** An upload not finished within a week is given up: its partial bytes are removed. */
export const UNFINISHED_UPLOAD_TTL_MS = 7 * 24 * 3_600_000;

/** tus names uploads with 32 hex characters; nothing else may reach the store as a key. */
const FILE_ID = /^[a-f0-9]{32}$/;

export function isFileId(id: unknown): id is string {
  return typeof id === 'string' && FILE_ID.test(id);
}

export function fileKey(fileID: string): string {
  if (!isFileId(fileID)) throw new Error(`bad file id ${fileID}`);
  return fileID;
}

export function variantKey(fileID: string, variant: string): string {
  return `variants/${fileKey(fileID)}.${variant}`;
}

export interface StoredObject {
  size: number;
  mtime: Date;
}

export interface FileStorage {
  /** The tus data store that receives uploads. */
  readonly store: DataStore;
  /** Size and time of a finished object; null when there is none (an unfinished upload has none on S3). */
  stat(key: string): Promise<StoredObject | null>;
  /** A stream of the object's bytes, or of the inclusive byte range; never buffered whole. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Stores a small object whole (an image variant); readers never see half of it. */
  write(key: string, bytes: Buffer): Promise<void>;
  /** Stores an object of `size` bytes from a stream (a restored file); readers never see half of it. */
  writeFrom(key: string, source: Readable, size: number): Promise<void>;
  /** The object's path on this machine, for readers that are faster with a file; null on S3. */
  localPath(key: string): string | null;
  /** Deletes the bytes, the upload record and every variant of one file. */
  removeBytes(fileID: string): Promise<void>;
  /** Removes unfinished uploads past their week; finished files are never touched. */
  removeExpired(now?: number): Promise<number>;
}

export function makeFileStorage(config: ServerConfig): FileStorage {
  return config.fileStore === 's3' ? new S3Storage(config.s3) : new DiskStorage(config.filesDir);
}

/** The first `bytes` bytes of an object (fewer if it is shorter), for sniffing its type. */
export async function readHead(files: FileStorage, key: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of await files.read(key, { start: 0, end: bytes - 1 })) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(b);
    n += b.length;
  }
  return Buffer.concat(chunks, n).subarray(0, bytes);
}
