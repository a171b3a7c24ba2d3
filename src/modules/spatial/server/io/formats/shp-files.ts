import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import parseDbf from 'parsedbf';
import proj4 from 'proj4';
import { loadParseShp, type ParseShpLike } from './shp-rows';

// A shapefile layer's .shp and .dbf read from disk record by record (positioned reads of one
// file handle each), so a 100 MB layer costs one record's bytes and one block of .dbf rows at a
// time, never the files (issue 15 "A 100 MB file streams").

/**
 * The largest .shp record read: 64 MiB is four million vertices, eighty times what one place may
 * hold (GEOMETRY_MAX_VERTICES), so no real record is refused; a record header is a number the
 * file's maker wrote, and without this one header could ask for 4 GiB (issue 36).
 */
export const SHP_RECORD_MAX_BYTES = 64 * 1024 * 1024;

/** A .shp record that declares more than SHP_RECORD_MAX_BYTES. */
export class ShpRecordTooBig extends Error {}

/** .dbf rows parsed per block: parsedbf parses whole buffers, so each block is a small one. */
const DBF_BLOCK = 500;

function readAt(fd: number, position: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}

/**
 * Whether a .prj is plain WGS 84 longitude/latitude, what the map stores: then its records are
 * taken as they are. proj4 would turn each vertex into radians and back, which costs a new object
 * a vertex (a third of a large import's garbage) and can move the last digit.
 */
export function isWgs84(prj: string): boolean {
  const p = proj4.Proj(prj) as {
    projName?: string;
    datumCode?: string;
    axis?: string;
    from_greenwich?: number;
  };
  return (
    p.projName === 'longlat' &&
    p.datumCode?.toLowerCase() === 'wgs84' &&
    p.axis === 'enu' &&
    !p.from_greenwich
  );
}

const view = (b: Buffer) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** The geometries of a .shp on disk, one record at a time, reprojected from the .prj. */
export async function* shpFileGeometries(file: string, prj: string | undefined): AsyncGenerator<unknown> {
  const { ParseShp } = await loadParseShp();
  const fd = openSync(file, 'r');
  try {
    const header = readAt(fd, 0, 100);
    if (header.length < 100) throw new Error('no header');
    const p = Object.create(ParseShp.prototype) as ParseShpLike;
    p.buffer = view(header);
    p.headers = p.parseHeader();
    p.shpFuncs(prj && !isWgs84(prj) ? proj4(prj) : false);
    const size = fstatSync(fd).size;
    let offset = 100;
    for (;;) {
      const head = readAt(fd, offset, 8);
      if (head.length < 8) break;
      const len = head.readInt32BE(4) * 2;
      if (len < 0) throw new Error(`a record of ${len} bytes at byte ${offset}`);
      if (len > SHP_RECORD_MAX_BYTES)
        throw new ShpRecordTooBig(
          `a record of ${len} bytes at byte ${offset}; at most ${SHP_RECORD_MAX_BYTES}`,
        );
      // What the header declares is only allocated where the file really holds it.
      if (offset + 8 + len > size) break; // a cut last record: as shpjs, the rows before it stand
      const rec = len ? readAt(fd, offset, 8 + len) : head;
      if (rec.length < 8 + len) break; // a cut last record: as shpjs, the rows before it stand
      p.buffer = view(rec);
      const row = p.getRow(0);
      if (!row) break;
      offset += 8 + row.len;
      yield row.type && row.data ? p.parseFunc(row.data) : null;
    }
  } finally {
    closeSync(fd);
  }
}

/** The rows of a .dbf on disk, a block at a time (its header with the block's count, then the rows). */
export function* dbfFileRows(file: string, cpg: string | undefined): Generator<Record<string, unknown>> {
  const fd = openSync(file, 'r');
  try {
    const top = readAt(fd, 0, 32);
    if (top.length < 32) throw new Error('no header');
    const records = top.readUInt32LE(4);
    const headerLen = top.readUInt16LE(8);
    const recLen = top.readUInt16LE(10);
    const header = readAt(fd, 0, headerLen);
    if (header.length < headerLen || recLen < 1) throw new Error('a broken header');
    for (let start = 0; start < records; start += DBF_BLOCK) {
      const n = Math.min(DBF_BLOCK, records - start);
      const body = readAt(fd, headerLen + start * recLen, n * recLen);
      const whole = Math.floor(body.length / recLen);
      const block = Buffer.concat([header, body.subarray(0, whole * recLen), Buffer.alloc(1)]);
      block.writeUInt32LE(whole, 4);
      yield* parseDbf(view(block), cpg) as Record<string, unknown>[];
      if (whole < n) return; // a cut .dbf: the rows it holds
    }
  } finally {
    closeSync(fd);
  }
}
