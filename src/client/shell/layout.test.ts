import { describe, expect, it } from 'vitest';
import {
  cellWidths,
  COLUMN_GAP_PX,
  MIN_CELL_PX,
  MULTI_MIN_ROW_PX,
  READABLE_MAX_PX,
  rowPadding,
  showsSeveral,
} from './layout';

// The row at 1440 px with the 240 px drawer open, less the row's 8 px padding each side.
const ROW_1440 = 1440 - 240 - 2 * 8;
const total = (ws: number[]) => ws.reduce((s, w) => s + w, 0) + COLUMN_GAP_PX * (ws.length - 1);

describe('cellWidths', () => {
  it('lets a lone cell fill the row, up to the readable measure', () => {
    expect(cellWidths(['HALF'], ROW_1440)).toEqual([ROW_1440]);
    expect(cellWidths(['TWO_THIRDS'], 800)).toEqual([800]);
    expect(cellWidths(['HALF'], 1900)).toEqual([READABLE_MAX_PX]);
    // A view declared FULL (a wide editor) is not held to the measure.
    expect(cellWidths(['FULL'], 1900)).toEqual([1900]);
  });

  it('shares the row between two halves equally, filling it', () => {
    const ws = cellWidths(['HALF', 'HALF'], ROW_1440);
    expect(ws[0]).toBe(ws[1]);
    expect(total(ws)).toBeGreaterThan(ROW_1440 - 2);
    expect(total(ws)).toBeLessThanOrEqual(ROW_1440);
  });

  it('shares by the declared widths: two thirds beside a half is 4:3', () => {
    const [a, b] = cellWidths(['TWO_THIRDS', 'HALF'], ROW_1440) as [number, number];
    expect(a / b).toBeCloseTo(4 / 3, 1);
    expect(total([a, b])).toBeLessThanOrEqual(ROW_1440);
  });

  it('grows widths that add up to less than the row (no dead third)', () => {
    const ws = cellWidths(['THIRD', 'HALF'], ROW_1440);
    expect(total(ws)).toBeGreaterThan(ROW_1440 - 2);
    expect(ws[1]! / ws[0]!).toBeCloseTo(1.5, 1);
  });

  it('fits three thirds on a 1440 px screen', () => {
    const ws = cellWidths(['THIRD', 'THIRD', 'THIRD'], ROW_1440);
    expect(Math.min(...ws)).toBeGreaterThanOrEqual(MIN_CELL_PX);
    expect(total(ws)).toBeLessThanOrEqual(ROW_1440);
  });

  it('keeps each cell at least the minimum and lets the row scroll when too many are open', () => {
    const ws = cellWidths(['THIRD', 'THIRD', 'THIRD', 'THIRD'], ROW_1440);
    expect(Math.min(...ws)).toBe(Math.max(MIN_CELL_PX, Math.floor((ROW_1440 - 3 * COLUMN_GAP_PX) / 3)));
    expect(total(ws)).toBeGreaterThan(ROW_1440);
  });

  it('gives a cell widened to FULL the whole row, the others their declared part', () => {
    const [a, b] = cellWidths(['HALF', 'FULL'], ROW_1440) as [number, number];
    expect(b).toBe(ROW_1440);
    expect(a).toBe(Math.floor((ROW_1440 - COLUMN_GAP_PX) / 2));
  });

  it('never returns a width wider than the row, nor a negative one', () => {
    expect(cellWidths(['HALF', 'HALF'], 300).every((w) => w <= 300)).toBe(true);
    expect(cellWidths(['HALF'], -5)).toEqual([0]);
    expect(cellWidths([], 1000)).toEqual([]);
  });
});

describe('rowPadding', () => {
  it('runs a phone’s cell edge to edge, and pads the row elsewhere', () => {
    expect(rowPadding(390)).toBe(0);
    expect(rowPadding(800)).toBe(COLUMN_GAP_PX);
  });
});

describe('showsSeveral', () => {
  it('shows several columns on a wide row when the setting is on', () => {
    expect(showsSeveral(ROW_1440, true)).toBe(true);
    expect(showsSeveral(ROW_1440, false)).toBe(false);
    expect(showsSeveral(MULTI_MIN_ROW_PX - 1, true)).toBe(false);
    // A phone, or an 800 px window: one column at a time.
    expect(showsSeveral(390, true)).toBe(false);
    expect(showsSeveral(784, true)).toBe(false);
  });
});
