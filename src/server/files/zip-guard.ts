import { Unzip, UnzipInflate } from 'fflate';

// Every zip the server opens from a person's upload (a KMZ, a zipped shapefile, an XLSForm
// workbook) is inflated through here, under limits on what it really inflates to: a zip's
// directory declares sizes the uploader chose, so only the inflated bytes counted as they come
// out are believed (issue 36 "Heavy files are bounded"). One node serves every community: a
// 40 KB zip that inflates to 40 GB must stop at the limit, not at a full disk.

export interface ZipLimits {
  /** Bytes inflated from all the zip's entries together. */
  maxInflatedBytes: number;
  /** Entries in the zip, inflated or skipped (each costs a header parse and a file on disk). */
  maxEntries: number;
  /** Inflated bytes per byte of the zip read so far, once past RATIO_GRACE_BYTES. */
  maxRatio: number;
}

/**
 * The limits for map files. 2 GiB inflated: a real zipped shapefile of a province's parcels is a
 * few hundred MB inflated, and the upload limit is far below this. 10,000 entries: a zip of
 * 2,500 shapefile layers. A ratio of 400: deflate's best is about 1,032:1, which zip bombs
 * reach; real .dbf files padded with blank text fields reach 100–200:1, so 400 leaves them be.
 */
export const ZIP_LIMITS: ZipLimits = {
  maxInflatedBytes: 2 * 1024 ** 3,
  maxEntries: 10_000,
  maxRatio: 400,
};

/** Below this many inflated bytes the ratio is not judged: a tiny zip of blank text may be 1,000:1. */
export const RATIO_GRACE_BYTES = 16 * 1024 * 1024;

/**
 * Bytes of the zip pushed to the inflater at once. What one push inflates is handed over whole
 * before the limits are looked at again, and deflate inflates at most ~1,032× its input: 1 KB
 * pushed is at most ~1 MB out between two checks, never a whole bomb's worth.
 */
const PUSH_BYTES = 1024;
/**
 * Inflated bytes handed to the sinks between two turns of the event loop: a sink writes them
 * synchronously (a disk at 25 MB/s takes 40 ms a MB), and every community's requests wait on
 * this loop, so a read chunk that inflates to 100 MB must not be one synchronous stretch.
 */
const YIELD_BYTES = 1024 * 1024;

export type ZipLimit = 'inflatedBytes' | 'entries' | 'ratio';

/** A zip past one of its limits: `limit` names which, `max` its number. */
export class ZipLimitError extends Error {
  constructor(
    readonly limit: ZipLimit,
    readonly max: number,
  ) {
    super(
      limit === 'inflatedBytes'
        ? `unpacks to more than ${max} bytes`
        : limit === 'entries'
          ? `holds more than ${max} entries`
          : `unpacks to more than ${max} times its size`,
    );
    this.name = 'ZipLimitError';
  }
}

/** Where one wanted entry's inflated bytes go. */
export interface ZipSink {
  data(chunk: Uint8Array): void;
  end(): void;
}

/**
 * Inflates the zip read from `source` entry by entry (its local headers in order, as a streamed
 * zip is read). `open` is asked for each entry's sink, or null to skip it uninflated. Throws a
 * ZipLimitError as soon as a limit is passed (no byte past the inflated limit reaches a sink),
 * or the inflater's own error for a broken zip. Sinks not ended are ended before it returns.
 */
export async function inflateZip(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  open: (name: string) => ZipSink | null,
  opts: { limits?: ZipLimits; onBytes?: (read: number) => void } = {},
): Promise<void> {
  const limits = opts.limits ?? ZIP_LIMITS;
  let read = 0;
  let inflated = 0;
  let entries = 0;
  let failure: Error | null = null;
  const live = new Set<ZipSink>();
  const fail = (e: Error) => {
    failure ??= e;
  };
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (failure) return;
    if (++entries > limits.maxEntries) return fail(new ZipLimitError('entries', limits.maxEntries));
    const sink = open(file.name);
    if (!sink) return;
    live.add(sink);
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) return fail(err);
      inflated += data.length;
      if (inflated > limits.maxInflatedBytes)
        return fail(new ZipLimitError('inflatedBytes', limits.maxInflatedBytes));
      if (inflated > RATIO_GRACE_BYTES && inflated > limits.maxRatio * Math.max(read, 1))
        return fail(new ZipLimitError('ratio', limits.maxRatio));
      if (data.length) sink.data(data);
      if (final) {
        live.delete(sink);
        sink.end();
      }
    };
    file.start();
  };
  let yielded = 0;
  try {
    for await (const chunk of source) {
      for (let at = 0; at < chunk.length; at += PUSH_BYTES) {
        const piece = chunk.subarray(at, Math.min(chunk.length, at + PUSH_BYTES));
        read += piece.length;
        unzip.push(piece);
        if (failure) throw failure;
        if (inflated - yielded > YIELD_BYTES) {
          yielded = inflated;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      opts.onBytes?.(read);
    }
    unzip.push(new Uint8Array(0), true);
    if (failure) throw failure;
  } finally {
    for (const sink of live) sink.end();
  }
}
