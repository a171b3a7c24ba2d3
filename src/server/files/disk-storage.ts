import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { fileKey, isFileId, UNFINISHED_UPLOAD_TTL_MS, type FileStorage, type StoredObject } from './storage';

// Uploaded bytes on disk under FILES_DIR: `<fileID>` (the bytes), `<fileID>.json` (the tus
// upload record) and `variants/<fileID>.<variant>`. Several nodes share it by mounting the same
// directory.

export class DiskStorage implements FileStorage {
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

  localPath(key: string): string {
    // Keys are made by fileKey/variantKey only; this guards against any other shape.
    if (!/^(variants\/)?[a-f0-9]{32}(\.[a-z]+)?$/.test(key)) throw new Error(`bad key ${key}`);
    return path.join(this.dir, key);
  }

  async stat(key: string): Promise<StoredObject | null> {
    const st = await stat(this.localPath(key)).catch(() => null);
    return st?.isFile() ? { size: st.size, mtime: st.mtime } : null;
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const stream = createReadStream(this.localPath(key), range);
    // Open now, so a missing file is an error of this call rather than of the stream later.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    await this.writeFrom(key, Readable.from([bytes]));
  }

  async writeFrom(key: string, source: Readable): Promise<void> {
    const target = this.localPath(key);
    mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await pipeline(source, createWriteStream(tmp));
      await rename(tmp, target);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /**
   * tus's own deleteExpired is not used: its record keeps the offset of creation, so it would
   * take a finished file for an unfinished one and delete it.
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
        const bytes = (await this.stat(id))?.size ?? -1;
        if (typeof info.size === 'number' && bytes === info.size) continue;
        await this.removeBytes(id);
        removed++;
      } catch {
        // A record being written right now, or already gone: the next sweep looks again.
      }
    }
    return removed;
  }

  async removeBytes(fileID: string): Promise<void> {
    const p = this.localPath(fileKey(fileID));
    await rm(p, { force: true });
    await rm(`${p}.json`, { force: true });
    for (const f of await readdir(this.variantsDir).catch(() => []))
      if (f.startsWith(`${fileID}.`)) await rm(path.join(this.variantsDir, f), { force: true });
  }
}
