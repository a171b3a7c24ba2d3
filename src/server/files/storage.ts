import { mkdirSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';

// Uploaded bytes live on disk under FILES_DIR: `<fileID>` (the bytes), `<fileID>.json` (the tus
// upload record) and `variants/<fileID>.<variant>` (image variants made once). Several nodes
// share it by mounting the same directory.

/** An upload not finished within a week is given up: its partial bytes are removed. */
export const UNFINISHED_UPLOAD_TTL_MS = 7 * 24 * 3_600_000;

/** tus names uploads with 32 hex characters; nothing else may reach the disk as a path. */
const FILE_ID = /^[a-f0-9]{32}$/;

export function isFileId(id: unknown): id is string {
  return typeof id === 'string' && FILE_ID.test(id);
}

export class FileStorage {
  readonly variantsDir: string;
  private tusStore: FileStore | null = null;

  constructor(readonly dir: string) {
    this.variantsDir = path.join(dir, 'variants');
  }

  /** The tus store; the directories are made on first use, so a node that never sees a file makes none. */
  get store(): FileStore {
    if (!this.tusStore) {
      mkdirSync(this.variantsDir, { recursive: true });
      this.tusStore = new FileStore({ directory: this.dir });
    }
    return this.tusStore;
  }

  filePath(fileID: string): string {
    if (!isFileId(fileID)) throw new Error(`bad file id ${fileID}`);
    return path.join(this.dir, fileID);
  }

  variantPath(fileID: string, variant: string): string {
    if (!isFileId(fileID)) throw new Error(`bad file id ${fileID}`);
    return path.join(this.variantsDir, `${fileID}.${variant}`);
  }

  /**
   * Removes unfinished uploads past their week; finished files are never touched. (tus's own
   * deleteExpired is not used: its record keeps the offset of creation, so it would take a
   * finished file for an unfinished one and delete it.)
   */
  async removeExpired(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.dir).catch(() => [])) {
      const id = name.endsWith('.json') ? name.slice(0, -5) : '';
      if (!isFileId(id)) continue;
      try {
        const info = JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as {
          size?: number;
          creation_date?: string;
        };
        const created = Date.parse(info.creation_date ?? '');
        if (!Number.isFinite(created) || now - created < UNFINISHED_UPLOAD_TTL_MS) continue;
        const bytes = await stat(this.filePath(id)).then(
          (st) => st.size,
          () => -1,
        );
        if (typeof info.size === 'number' && bytes === info.size) continue;
        await this.removeBytes(id);
        removed++;
      } catch {
        // A record being written right now, or already gone: the next sweep looks again.
      }
    }
    return removed;
  }

  /** Deletes the bytes, the upload record and every variant of one file. */
  async removeBytes(fileID: string): Promise<void> {
    const p = this.filePath(fileID);
    await rm(p, { force: true });
    await rm(`${p}.json`, { force: true });
    for (const f of await readdir(this.variantsDir).catch(() => []))
      if (f.startsWith(`${fileID}.`)) await rm(path.join(this.variantsDir, f), { force: true });
  }
}
