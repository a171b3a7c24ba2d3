import { describe, expect, it } from 'vitest';
import { formatSize, mimeGroup, parseNumberRange, SIZE_BANDS, sizeBandValue } from '../../protocol/files';
import { parseRange } from './download-routes';
import { contentDisposition, sanitizeName } from './names';
import { decideType, sniffBytes } from './sniff';

describe('sniffing', () => {
  const b = (...xs: (number | string)[]) =>
    Buffer.concat(xs.map((x) => (typeof x === 'string' ? Buffer.from(x, 'latin1') : Buffer.from([x]))));
  it('knows formats by their first bytes', () => {
    expect(sniffBytes(b(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffBytes(b(0x89, 'PNG\r\n', 0x1a, '\n'))).toBe('image/png');
    expect(sniffBytes(b('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffBytes(b('ID3', 4, 0))).toBe('audio/mpeg');
    expect(sniffBytes(b('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBe('audio/wav');
    expect(sniffBytes(b(0, 0, 0, 0x20, 'ftypM4A ', 0))).toBe('audio/mp4');
    expect(sniffBytes(b(0, 0, 0, 0x20, 'ftypisom', 0))).toBe('video/mp4');
    expect(sniffBytes(b('glTF', 2, 0, 0, 0))).toBe('model/gltf-binary');
    expect(sniffBytes(b('PK', 3, 4, 'rest'))).toBe('application/zip');
    expect(sniffBytes(b('MZ', 0x90, 0))).toBe('application/octet-stream');
    expect(sniffBytes(Buffer.from('Plain words, ćśż, and numbers 123\n'))).toBe('text/plain');
    expect(sniffBytes(b(0, 1, 2, 3, 0xfe))).toBeNull();
  });
  it('the content beats the name; the name only refines text and zip', () => {
    expect(decideType('image/png', 'holiday.txt')).toBe('image/png');
    expect(decideType('application/octet-stream', 'photo.jpg')).toBe('application/octet-stream');
    expect(decideType('text/plain', 'sites.csv')).toBe('text/csv');
    expect(decideType('text/plain', 'pretend.docx')).toBe('text/plain');
    expect(decideType('application/zip', 'report.docx')).toContain('wordprocessingml');
    expect(decideType(null, 'shape.stl')).toBe('model/stl');
    expect(decideType(null, 'photo.jpg')).toBe('application/octet-stream');
  });
});

describe('names', () => {
  it('drops paths, controls, reserved characters and direction tricks', () => {
    expect(sanitizeName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeName('C:\\Users\\me\\map<1>.png')).toBe('map_1_.png');
    expect(sanitizeName('evil\u202Egnp.exe')).toBe('evilgnp.exe');
    expect(sanitizeName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(sanitizeName('  ..hidden  ')).toBe('hidden');
    expect(sanitizeName('CON.txt')).toBe('_CON.txt');
    expect(sanitizeName('')).toBe('file');
    expect(sanitizeName(`${'x'.repeat(300)}.pdf`)).toHaveLength(200);
    expect(sanitizeName(`${'x'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
  });
  it('writes Content-Disposition with an ASCII fallback and filename*', () => {
    expect(contentDisposition('attachment', 'Łąka "1".pdf')).toBe(
      `attachment; filename="__ka _1_.pdf"; filename*=UTF-8''%C5%81%C4%85ka%20%221%22.pdf`,
    );
  });
});

describe('sizes, groups and ranges', () => {
  it('shows sizes in steps of 1000 with one decimal', () => {
    expect(formatSize(999)).toBe('999 Bytes');
    expect(formatSize(1)).toBe('1 Byte');
    expect(formatSize(0)).toBe('0 Bytes');
    expect(formatSize(1000)).toBe('1.0 KB');
    expect(formatSize(1_536_000)).toBe('1.5 MB');
    expect(formatSize(999_960)).toBe('1.0 MB');
    expect(formatSize(2_000_000_000)).toBe('2.0 GB');
    expect(formatSize(3.2e12)).toBe('3.2 TB');
  });
  it('groups by mime prefix', () => {
    expect(mimeGroup('audio/mpeg')).toBe('audio');
    expect(mimeGroup('model/stl')).toBe('model');
    expect(mimeGroup('application/pdf')).toBe('application');
    expect(mimeGroup('x-unknown/thing')).toBe('application');
  });
  it('size bands are the spec bands and parse back', () => {
    expect(SIZE_BANDS.map(sizeBandValue)).toEqual([
      '0..1000',
      '1001..1000000',
      '1000001..10000000',
      '10000001..100000000',
      '100000001..1000000000',
      '1000000001..',
    ]);
    expect(parseNumberRange('1001..1000000')).toEqual({ min: 1001, max: 1_000_000 });
    expect(parseNumberRange('..')).toBeNull();
    expect(parseNumberRange('12')).toBeNull();
  });
  it('parses byte ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual([0, 99]);
    expect(parseRange('bytes=900-', 1000)).toEqual([900, 999]);
    expect(parseRange('bytes=-100', 1000)).toEqual([900, 999]);
    expect(parseRange('bytes=0-5000', 1000)).toEqual([0, 999]);
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
  });
});
