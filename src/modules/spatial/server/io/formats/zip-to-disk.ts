import { closeSync, createReadStream, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { inflateZip } from '../../../../../server/module-api';

// A zip's wanted entries written to a folder as they are inflated, never whole in memory: a
// 100 MB zipped shapefile costs its chunks, not its size (issue 15 "A 100 MB file streams").
// Each inflated chunk is written synchronously before the next is pushed, so nothing piles up.
// The server's zip limits (inflateZip: inflated bytes, entries, ratio) stop a zip bomb before
// it fills the disk; their ZipLimitError is the caller's to name.

/** Whether the file starts as a zip does (a local entry, or an empty zip's end record). */
function looksLikeZip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const b = Buffer.alloc(4);
    return readSync(fd, b, 0, 4, 0) === 4 && [0x04034b50, 0x06054b50].includes(b.readUInt32LE(0));
  } finally {
    closeSync(fd);
  }
}

/** Extracts the entries `want` accepts into `dir`; returns entry name → path on disk. */
export async function unzipToDisk(
  zipPath: string,
  dir: string,
  want: (name: string) => boolean,
  onBytes?: (read: number) => void,
): Promise<Map<string, string>> {
  // A streamed unzip finds no entry in what is not a zip: say so rather than "no layers".
  if (!looksLikeZip(zipPath)) throw new Error('not a zip file');
  mkdirSync(dir, { recursive: true });
  const out = new Map<string, string>();
  await inflateZip(
    createReadStream(zipPath, { highWaterMark: 256 * 1024 }) as AsyncIterable<Uint8Array>,
    (name) => {
      if (!want(name) || name.endsWith('/')) return null;
      // Entries keep no folders on disk (a name is only what they hold); `n-` keeps them apart.
      const target = path.join(dir, `${out.size}-${path.basename(name).replace(/[^\w.-]/g, '_')}`);
      const fd = openSync(target, 'w');
      out.set(name, target);
      let open = true;
      return {
        data: (chunk) => writeSync(fd, chunk),
        end: () => {
          if (open) closeSync(fd);
          open = false;
        },
      };
    },
    { onBytes },
  );
  return out;
}
