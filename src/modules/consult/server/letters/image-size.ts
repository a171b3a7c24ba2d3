// The pixel size of a PNG or JPEG from its header, for the DOCX (Word needs the letterhead's
// size; the PDF's pdfkit reads it itself). Nothing is decoded: a PNG's IHDR, a JPEG's first
// start-of-frame marker.

export function imageSize(b: Buffer): { width: number; height: number } | null {
  // PNG: the signature, then IHDR's width and height (big-endian) at 16 and 20.
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('ascii', 12, 16) === 'IHDR')
    return positive(b.readUInt32BE(16), b.readUInt32BE(20));
  // JPEG: walk the markers to the first SOFn (C0–CF but not C4 DHT, C8 JPG, CC DAC).
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return positive(b.readUInt16BE(i + 7), b.readUInt16BE(i + 5));
    i += 2 + len;
  }
  return null;
}

const positive = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
