import type { CellWidth } from './cell-api';

// How the row of cells uses the space right of the drawer (spec core §2 "Layout" names the
// widths and leaves the thresholds open; docs/layout.md "Columns and cells" writes them down).
// Pure maths on the measured row width, so it is tested without a browser.

/** The space between columns side by side, and around the row. */
export const COLUMN_GAP_PX = 8;
/** No column is made narrower than this; below it the row scrolls sideways instead. */
export const MIN_CELL_PX = 360;
/** Several columns show only on a row at least this wide (two 476 px columns); else one at a time. */
export const MULTI_MIN_ROW_PX = 960;
/** A lone cell grows to the row's width up to this readable measure, then is centred. */
export const READABLE_MAX_PX = 1200;

/** Below this (a phone) the cell runs edge to edge: no padding around the row, no side borders. */
export const EDGE_TO_EDGE_BELOW_PX = 600;

/** The padding around the row, from its full width. */
export function rowPadding(outerWidth: number): number {
  return outerWidth < EDGE_TO_EDGE_BELOW_PX ? 0 : COLUMN_GAP_PX;
}

export const WIDTH_FRACTION: Record<CellWidth, number> = {
  THIRD: 1 / 3,
  HALF: 1 / 2,
  TWO_THIRDS: 2 / 3,
  FULL: 1,
};

/** Whether the row shows every open cell side by side (the user's setting and the row's width). */
export function showsSeveral(rowWidth: number, setting: boolean): boolean {
  return setting && rowWidth >= MULTI_MIN_ROW_PX;
}

/**
 * The width in px of each shown cell on a row `rowWidth` wide (inside its padding).
 * - One cell fills the row up to the readable measure (a FULL view, such as a wide editor, fills it all).
 * - Several cells share the row in proportion to their declared widths: HALF + HALF are equal,
 *   TWO_THIRDS + HALF are 4:3, and widths that add up to less than the row grow to fill it (no
 *   dead third). Where a share would fall below MIN_CELL_PX, each cell keeps its declared part of
 *   the row (at least the minimum) and the row scrolls sideways.
 * - A cell widened to FULL takes the whole row; the others keep their declared part and the
 *   row scrolls to the focused cell.
 */
export function cellWidths(widths: readonly CellWidth[], rowWidth: number): number[] {
  const row = Math.max(0, Math.floor(rowWidth));
  if (widths.length === 0) return [];
  if (widths.length === 1) return [widths[0] === 'FULL' ? row : Math.min(row, READABLE_MAX_PX)];
  const avail = row - COLUMN_GAP_PX * (widths.length - 1);
  const own = (w: CellWidth) =>
    w === 'FULL' ? row : Math.min(row, Math.max(MIN_CELL_PX, Math.floor(avail * WIDTH_FRACTION[w])));
  if (widths.includes('FULL')) return widths.map(own);
  const sum = widths.reduce((s, w) => s + WIDTH_FRACTION[w], 0);
  const shared = widths.map((w) => Math.floor((avail * WIDTH_FRACTION[w]) / sum));
  return shared.every((px) => px >= MIN_CELL_PX) ? shared : widths.map(own);
}
