import type { ImageVariant, MimeGroup } from '../../protocol/files';
import type { Item } from '../state/items';

// Where the browser fetches a file. The token cookie goes with these requests, so <img>,
// <audio>, <video> and downloads work without scripts; the server checks access on each.

export function attachmentUrl(item: Item, opts: { download?: boolean } = {}): string {
  const name = typeof item.originalName === 'string' ? item.originalName : 'file';
  return `/attachment/${encodeURIComponent(item.$id)}/${encodeURIComponent(name)}${opts.download ? '?download=1' : ''}`;
}

export function variantUrl(idOrUppy: string, variant: ImageVariant): string {
  return `/attachment/${encodeURIComponent(idOrUppy)}?variant=${variant}`;
}

export function groupOf(item: Item): MimeGroup {
  const g = item.mimeGroup;
  return typeof g === 'string' ? (g as MimeGroup) : 'application';
}

export function isPdf(item: Item): boolean {
  return item.filetype === 'application/pdf';
}

/** Raster images have variants (thumbnail, small, large, webp); SVG does not. */
export function hasVariants(item: Item): boolean {
  return groupOf(item) === 'image' && item.filetype !== 'image/svg+xml';
}
