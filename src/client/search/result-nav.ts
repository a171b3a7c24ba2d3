// Previous/next through a result list (spec core §2 "Layout": an item opened from search results
// walks them, wrapping around). A list opens an item as i-{id} with the cell parameter
// r:{listKey}; the list's ids wait in sessionStorage under that key.

export const RESULT_PARAM_PREFIX = 'r:';
const STORAGE_PREFIX = 'ckk-results:';

export type Direction = 'previous' | 'next';

/** The list key of a cell parameter, or null when the item was not opened from a list. */
export function resultListKey(param: string | null | undefined): string | null {
  if (!param?.startsWith(RESULT_PARAM_PREFIX)) return null;
  const key = param.slice(RESULT_PARAM_PREFIX.length);
  return key || null;
}

export const resultParam = (listKey: string) => RESULT_PARAM_PREFIX + listKey;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function storeResults(storage: Store | null, listKey: string, ids: readonly string[]): void {
  try {
    storage?.setItem(STORAGE_PREFIX + listKey, JSON.stringify(ids));
  } catch {
    /* storage full or blocked: previous/next is simply not offered */
  }
}

export function loadResults(storage: Store | null, listKey: string): string[] {
  try {
    const v = JSON.parse(storage?.getItem(STORAGE_PREFIX + listKey) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The neighbour of `current` in `ids`, wrapping around at both ends. An id no longer in the list
 * (deleted since) steps to the first or the last. Null when there is nowhere else to go.
 */
export function neighbour(ids: readonly string[], current: string, dir: Direction): string | null {
  const n = ids.length;
  if (n === 0) return null;
  const i = ids.indexOf(current);
  if (i < 0) return dir === 'next' ? ids[0]! : ids[n - 1]!;
  if (n === 1) return null;
  return ids[(i + (dir === 'next' ? 1 : n - 1)) % n]!;
}

/** 1-based position of `current`, or 0 when it is not in the list. */
export function positionOf(ids: readonly string[], current: string): number {
  return ids.indexOf(current) + 1;
}

/**
 * The URL with the cell at `index` replaced by `segment`: the cells after it close (they were
 * opened from the old item), the cell keeps its parameter c{index}.
 */
export function replaceCellUrl(pathname: string, search: string, index: number, segment: string): string {
  const parts = pathname.split('/').filter(Boolean);
  const kept = parts.slice(0, index);
  kept.push(encodeURIComponent(segment).replace(/%7E/g, '~'));
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const [k, v] of params) {
    const m = /^c(\d+)$/.exec(k);
    if (!m || Number(m[1]) <= index) out.set(k, v);
  }
  const q = out.toString();
  return '/' + kept.join('/') + (q ? `?${q}` : '');
}

/**
 * The URL with `segment` opened after the cell at `index` (cells further right close), its
 * parameter as c{index+1}. Other query parameters (a saved view's h) stay.
 */
export function openAfterUrl(
  pathname: string,
  search: string,
  index: number,
  segment: string,
  param: string | null,
): string {
  const parts = pathname.split('/').filter(Boolean);
  const kept = parts.length ? parts.slice(0, index + 1) : ['home'];
  kept.push(encodeURIComponent(segment).replace(/%7E/g, '~'));
  const out = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(search)) {
    const m = /^c(\d+)$/.exec(k);
    if (!m || Number(m[1]) <= index) out.set(k, v);
  }
  if (param !== null) out.set(`c${index + 1}`, param);
  const q = out.toString();
  return '/' + kept.join('/') + (q ? `?${q}` : '');
}

/** The path segment of the cell at `index` (decoded), e.g. i-Contact-3. */
export function segmentAt(pathname: string, index: number): string | null {
  const s = pathname.split('/').filter(Boolean)[index];
  if (s === undefined) return null;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The URL parameter naming the preset filter that is on in the list of cell `index` (p0, p1…). */
export function presetParam(index: number): string {
  return `p${index}`;
}
