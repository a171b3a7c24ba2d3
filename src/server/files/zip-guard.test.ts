import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inflateZip, ZIP_LIMITS, ZipLimitError, type ZipLimits } from './zip-guard';

// The server's one zip guard (issue 36 "Heavy files are bounded"): what a zip really inflates
// to is counted as it comes out, whatever its directory declares, and inflating stops at the
// first limit passed with nothing past it handed on.

async function inflateAll(zip: Uint8Array, limits?: ZipLimits) {
  let out = 0;
  const names: string[] = [];
  await inflateZip(
    [zip],
    (name) => {
      names.push(name);
      return { data: (c) => (out += c.length), end: () => {} };
    },
    limits ? { limits } : {},
  );
  return { out, names };
}

/** A zip whose directory says `declared` bytes for an entry that inflates to `real`. */
function lying(real: number, declared: number): Uint8Array {
  const zip = zipSync({ 'a.xml': new Uint8Array(real) }, { level: 9 });
  const b = Buffer.from(zip);
  // The size in the local header (offset 22) and in the central directory entry (offset 24).
  b.writeUInt32LE(declared, 22);
  const cd = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  b.writeUInt32LE(declared, cd + 24);
  return new Uint8Array(b);
}

describe('zip guard', () => {
  it('inflates a plain zip whole', async () => {
    const zip = zipSync({ 'a.txt': new Uint8Array(1000).fill(65), 'b/c.txt': new Uint8Array(10) });
    expect(await inflateAll(zip)).toEqual({ out: 1010, names: ['a.txt', 'b/c.txt'] });
  });

  it('stops a zip bomb by its ratio, long before it has inflated', async () => {
    const bomb = zipSync({ 'bomb.bin': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    const err = await inflateAll(bomb).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZipLimitError);
    expect(err).toMatchObject({ limit: 'ratio', max: ZIP_LIMITS.maxRatio });
  });

  it('counts the bytes that come out, not the sizes the zip declares', async () => {
    const zip = lying(3 * 1024 * 1024, 100);
    const limits = { ...ZIP_LIMITS, maxInflatedBytes: 1024 * 1024 };
    let handed = 0;
    const err = await inflateZip([zip], () => ({ data: (c) => (handed += c.length), end: () => {} }), {
      limits,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ limit: 'inflatedBytes', max: 1024 * 1024 });
    expect(handed).toBeLessThanOrEqual(1024 * 1024);
  });

  it('refuses more entries than the limit, skipped ones too', async () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`e${i}.txt`, new Uint8Array(1)]));
    const err = await inflateZip([zipSync(files)], () => null, {
      limits: { ...ZIP_LIMITS, maxEntries: 20 },
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ limit: 'entries', max: 20 });
  });
});
