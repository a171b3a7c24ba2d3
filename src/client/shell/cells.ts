import { tryParseId } from '../../protocol/ids';

// Routing model of spec core §2: the path is split into segments, each a cell. A first segment
// without i- names the view v-{segment}; i-{Type}-{n}[~context] is an item cell. Per-cell
// parameters travel in c0, c1, … An empty path is the home view.

export interface ViewCell {
  kind: 'view';
  key: string;
  /** The view name without the v- prefix, e.g. 'sign-in' or 'admin.all-items'. */
  view: string;
  /** Further path segments of a noColumns view (e.g. /docs/{docKey}). */
  rest: string[];
  param: string | null;
  segment: string;
}

export interface ItemCell {
  kind: 'item';
  key: string;
  itemId: string;
  context: string | null;
  param: string | null;
  segment: string;
}

export interface InvalidCell {
  kind: 'invalid';
  key: string;
  path: string;
  param: string | null;
  segment: string;
}

export type Cell = ViewCell | ItemCell | InvalidCell;

export const ITEM_PREFIX = 'i-';
export const CONTEXT_SEPARATOR = '~';

export function parseItemSegment(segment: string, param: string | null): ItemCell | InvalidCell {
  const body = segment.slice(ITEM_PREFIX.length);
  const [idPart, context] = body.split(CONTEXT_SEPARATOR, 2) as [string, string | undefined];
  const id = tryParseId(idPart);
  if (!id || id.num === 0 || id.tmp !== undefined)
    return { kind: 'invalid', key: segment, path: segment, param, segment };
  return { kind: 'item', key: `i-${idPart}`, itemId: idPart, context: context ?? null, param, segment };
}

/**
 * Parses a pathname and search string into cells. `isView(name)` tells which views exist;
 * `noColumns(name)` marks views that take the rest of the path as their own parameters.
 */
export function parseCells(
  pathname: string,
  search: string,
  isView: (name: string) => boolean,
  noColumns: (name: string) => boolean,
): Cell[] {
  const params = new URLSearchParams(search);
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => safeDecode(s));
  if (segments.length === 0) segments.push('home');
  const cells: Cell[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const param = params.get(`c${cells.length}`);
    if (segment.startsWith(ITEM_PREFIX)) {
      cells.push(parseItemSegment(segment, param));
      continue;
    }
    if (i === 0 && isView(segment)) {
      const rest = noColumns(segment) ? segments.slice(1) : [];
      cells.push({ kind: 'view', key: `v-${segment}`, view: segment, rest, param, segment });
      if (rest.length) break;
      continue;
    }
    cells.push({ kind: 'invalid', key: `x-${i}-${segment}`, path: segment, param, segment });
  }
  return cells;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Builds the URL of a list of cells, carrying each cell's parameter as c{n}. */
export function cellsToUrl(cells: readonly Pick<Cell, 'segment' | 'param'>[]): string {
  const path = '/' + cells.map((c) => encodeURIComponent(c.segment).replace(/%7E/g, '~')).join('/');
  const params = new URLSearchParams();
  cells.forEach((c, i) => {
    if (c.param !== null && c.param !== undefined) params.set(`c${i}`, c.param);
  });
  const q = params.toString();
  return (path === '/home' ? '/' : path) + (q ? `?${q}` : '');
}

/** Opens a cell after `index`, replacing the cells to its right (the usual drill-down). */
export function openAfter<T extends Pick<Cell, 'segment' | 'param'>>(
  cells: readonly T[],
  index: number,
  cell: T,
): T[] {
  return [...cells.slice(0, index + 1), cell];
}

export function closeAt<T>(cells: readonly T[], index: number): T[] {
  return cells.filter((_, i) => i !== index);
}
