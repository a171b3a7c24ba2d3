import { Readable } from 'node:stream';
import { S3 } from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore } from '@tus/utils';
import type { S3Config } from '../config';
import { fileKey, isFileId, UNFINISHED_UPLOAD_TTL_MS, type FileStorage, type StoredObject } from './storage';

// Uploaded bytes in an S3-compatible bucket (FILE_STORE=s3). @tus/s3-store writes `<fileID>` as
// a multipart upload and keeps `<fileID>.info` (its record) and `<fileID>.part` (a tail shorter
// than a part); the object `<fileID>` exists only once the upload is complete. Variants are
// `variants/<fileID>.<variant>`. Reads stream from GetObject, with a Range when asked.

const NOT_FOUND = new Set(['NotFound', 'NoSuchKey', 'NoSuchUpload']);

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    NOT_FOUND.has(err.name ?? '') || NOT_FOUND.has(err.Code ?? '') || err.$metadata?.httpStatusCode === 404
  );
}

export class S3Storage implements FileStorage {
  private readonly client: S3;
  private readonly bucket: string;
  private readonly clientConfig: ConstructorParameters<typeof S3>[0];
  private tusStore: S3Store | null = null;
  /**
   * tus's cache of upload records keeps none: each request reads `<fileID>.info` from the bucket.
   * A node's memory would go stale when the upload goes on through another node (a length
   * declared there, the file removed there), and one GetObject a request is cheap beside its bytes.
   */
  private readonly records: KvStore<MetadataValue> = {
    get: () => Promise.resolve(undefined),
    set: () => Promise.resolve(),
    delete: () => Promise.resolve(),
  };

  constructor(config: S3Config) {
    if (!config.bucket) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
    this.bucket = config.bucket;
    this.clientConfig = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    };
    this.client = new S3(this.clientConfig);
  }

  get store(): S3Store {
    this.tusStore ??= new S3Store({
      partSize: 8 * 1024 * 1024,
      cache: this.records,
      s3ClientConfig: { ...this.clientConfig, bucket: this.bucket },
    });
    return this.tusStore;
  }

  localPath(): null {
    return null;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const h = await this.client.headObject({ Bucket: this.bucket, Key: key });
      return { size: h.ContentLength ?? 0, mtime: h.LastModified ?? new Date(0) };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const res = await this.client.getObject({
      Bucket: this.bucket,
      Key: key,
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    if (!(res.Body instanceof Readable)) throw new Error(`no stream for ${key}`);
    return res.Body;
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    await this.client.putObject({ Bucket: this.bucket, Key: key, Body: bytes, ContentLength: bytes.length });
  }

  async writeFrom(key: string, source: Readable, size: number): Promise<void> {
    // One PUT with its length: S3 takes a stream of known length whole (up to 5 GB).
    await this.client.putObject({ Bucket: this.bucket, Key: key, Body: source, ContentLength: size });
  }

  /** The keys under a prefix, page by page. */
  private async *list(prefix: string): AsyncGenerator<{ key: string; modified: Date | undefined }> {
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: prefix,
        ContinuationToken: token,
      });
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modified: o.LastModified };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeExpired(now = Date.now()): Promise<number> {
    let removed = 0;
    for await (const { key, modified } of this.list('')) {
      const id = key.endsWith('.info') ? key.slice(0, -5) : '';
      // The record is written when the upload is made, so its time is the creation time.
      if (!isFileId(id) || !modified || now - modified.getTime() < UNFINISHED_UPLOAD_TTL_MS) continue;
      try {
        if (await this.stat(id)) continue; // finished: never touched
        await this.removeBytes(id);
        removed++;
      } catch {
        // The store is unreachable for a moment: the next sweep looks again.
      }
    }
    return removed;
  }

  async removeBytes(fileID: string): Promise<void> {
    const id = fileKey(fileID);
    // An unfinished upload holds parts in S3 until its multipart upload is aborted.
    const info = await this.client.headObject({ Bucket: this.bucket, Key: `${id}.info` }).catch(() => null);
    const uploadId = info?.Metadata?.['upload-id'];
    if (uploadId)
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
        .catch((e: unknown) => {
          if (!isNotFound(e)) throw e;
        });
    const keys = [id, `${id}.info`, `${id}.part`];
    for await (const { key } of this.list(`variants/${id}.`)) keys.push(key);
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: keys.map((Key) => ({ Key })) },
    });
  }
}
