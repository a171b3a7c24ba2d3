import type { Item } from '../../../client/module-api';

/** A word's recordings: the Attachment ids in its `media`, in the order they were added. */
export function mediaIds(item: Item): string[] {
  const m = item.media;
  return Array.isArray(m) ? m.filter((x): x is string => typeof x === 'string') : [];
}

/** Where the browser fetches a recording (the server checks access on each request). */
export function recordingUrl(attachmentId: string): string {
  return `/attachment/${encodeURIComponent(attachmentId)}`;
}
