import { closeSync, createReadStream, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';

// A zip's wanted entries written to a folder as they are inflated, never whole in memory: a
// 100 MB zipped shapefile costs its chunks, not its size (issue 15 "A 100 MB file streams").
// Each inflated chunk is written synchronously before the next is pushed, so nothing piles up.

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
  const open: number[] = [];
  let failure: Error | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (!want(file.name) || file.name.endsWith('/')) return;
    // Entries keep no folders on disk (a name is only what they hold); `n-` keeps them apart.
    const target = path.join(dir, `${out.size}-${path.basename(file.name).replace(/[^\w.-]/g, '_')}`);
    const fd = openSync(target, 'w');
    open.push(fd);
    out.set(file.name, target);
    file.ondata = (err, data, final) => {
      if (err) failure ??= err;
      else if (data.length) writeSync(fd, data);
      if (final || err) {
        closeSync(fd);
        open.splice(open.indexOf(fd), 1);
      }
    };
    file.start();
  };
  let read = 0;
  try {
    for await (const chunk of createReadStream(zipPath, { highWaterMark: 256 * 1024 })) {
      unzip.push(chunk as Uint8Array);
      read += (chunk as Uint8Array).length;
      onBytes?.(read);
      if (failure) throw failure;
    }
    unzip.push(new Uint8Array(0), true);
    if (failure) throw failure;
  } finally {
    for (const fd of open) closeSync(fd);
  }
  return out;
}
