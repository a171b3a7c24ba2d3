// Files and media, shared by server and client: the mime groups, the size bands and size
// display of spec core §3, the image variants and the zip names of spec capability §3.

/** Attachment file types grouped by mime prefix (spec core §3). */
export const MIME_GROUPS = ['audio', 'image', 'model', 'text', 'video', 'application'] as const;
export type MimeGroup = (typeof MIME_GROUPS)[number];

/** The group of a mime type; anything unknown is `application`. */
export function mimeGroup(mime: string | null | undefined): MimeGroup {
  const prefix = (mime ?? '').split('/')[0]?.toLowerCase() ?? '';
  return (MIME_GROUPS as readonly string[]).includes(prefix) ? (prefix as MimeGroup) : 'application';
}

/**
 * File size bands (spec core §3), inclusive at both ends. A bucket's value is "min..max"
 * (max empty for the last band): the filter value of a number key.
 */
export const SIZE_BANDS = [
  { band: 'upTo1k', min: 0, max: 1000 },
  { band: 'upTo1m', min: 1001, max: 1_000_000 },
  { band: 'upTo10m', min: 1_000_001, max: 10_000_000 },
  { band: 'upTo100m', min: 10_000_001, max: 100_000_000 },
  { band: 'upTo1g', min: 100_000_001, max: 1_000_000_000 },
  { band: 'over1g', min: 1_000_000_001, max: null },
] as const;
export type SizeBand = (typeof SIZE_BANDS)[number]['band'];

export function sizeBandValue(b: { min: number; max: number | null }): string {
  return `${b.min}..${b.max ?? ''}`;
}

/** Parses a "min..max" number range (either side may be empty); null when it is not one. */
export function parseNumberRange(v: unknown): { min: number | null; max: number | null } | null {
  if (typeof v !== 'string') return null;
  const m = /^(-?\d+(?:\.\d+)?)?\.\.(-?\d+(?:\.\d+)?)?$/.exec(v);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return { min: m[1] === undefined ? null : Number(m[1]), max: m[2] === undefined ? null : Number(m[2]) };
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Sizes in steps of 1000 with one decimal (spec core §3): 999 Bytes, 1.5 KB, 2.0 GB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  // The spec names the unit "Bytes"; a single one reads "1 Byte".
  if (bytes < 1000) return Math.round(bytes) === 1 ? '1 Byte' : `${Math.round(bytes)} Bytes`;
  let v = bytes;
  let i = 0;
  while (v >= 1000 && i < SIZE_UNITS.length - 1) {
    v /= 1000;
    i++;
  }
  // 999.96 KB rounds to "1000.0 KB": step up instead.
  if (Number(v.toFixed(1)) >= 1000 && i < SIZE_UNITS.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v.toFixed(1)} ${SIZE_UNITS[i]}`;
}

/** Image variants served by /attachment/{uppyID}?variant= and the item image paths. */
export const IMAGE_VARIANTS = ['thumbnail', 'small', 'large', 'webp'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

/** Zip names of spec capability-modules §3 (consultation and archive attachments). */
export const ZIP_NAMES = ['consult-attachments.zip', 'archive-attachments.zip'] as const;
export type ZipName = (typeof ZIP_NAMES)[number];

/** The tus endpoint; metadata keys the client sends with each upload. */
export const UPLOAD_PATH = '/api/upload';

/** Media shown in the page rather than downloaded. */
export function isInlineMime(mime: string): boolean {
  const g = mimeGroup(mime);
  return (
    ((g === 'image' || g === 'audio' || g === 'video') && mime !== 'image/svg+xml') ||
    mime === 'application/pdf' ||
    mime === 'text/plain'
  );
}
