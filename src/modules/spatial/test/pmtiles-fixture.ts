import { deflateSync } from 'node:zlib';

// A tiny PMTiles v3 archive made in the test (no downloads): one raster tile at zoom 0, a
// solid-colour 256×256 PNG, so a map that draws it shows that colour everywhere. The format:
// https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md (a 127-byte header, a root
// directory of varint columns, JSON metadata, the tile data; no internal compression).

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 256×256 PNG of one RGB colour. */
export function solidPng([r, g, b]: [number, number, number], size = 256): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

/** A PMTiles v3 archive holding one PNG tile (z0/0/0) of the colour, over the whole world. */
export function solidPmtiles(rgb: [number, number, number]): Buffer {
  const tile = solidPng(rgb);
  // One entry: tile id 0, run length 1, its length, offset 0 (stored as offset + 1).
  const dir = Buffer.from([...varint(1), ...varint(0), ...varint(1), ...varint(tile.length), ...varint(1)]);
  const meta = Buffer.from(JSON.stringify({ name: 'test basemap', attribution: 'test' }));
  const h = Buffer.alloc(127);
  h.write('PMTiles', 0, 'latin1');
  h[7] = 3;
  const rootOffset = 127;
  const metaOffset = rootOffset + dir.length;
  const dataOffset = metaOffset + meta.length;
  const u64 = (at: number, v: number) => h.writeBigUInt64LE(BigInt(v), at);
  u64(8, rootOffset);
  u64(16, dir.length);
  u64(24, metaOffset);
  u64(32, meta.length);
  u64(40, dataOffset); // no leaf directories
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, tile.length);
  u64(72, 1); // addressed tiles
  u64(80, 1); // tile entries
  u64(88, 1); // tile contents
  h[96] = 1; // clustered
  h[97] = 1; // internal compression: none
  h[98] = 1; // tile compression: none
  h[99] = 2; // tile type: png
  h[100] = 0; // min zoom
  h[101] = 0; // max zoom
  h.writeInt32LE(-180e7, 102);
  h.writeInt32LE(-85e7, 106);
  h.writeInt32LE(180e7, 110);
  h.writeInt32LE(85e7, 114);
  h[118] = 0;
  h.writeInt32LE(0, 119);
  h.writeInt32LE(0, 123);
  return Buffer.concat([h, dir, meta, tile]);
}
