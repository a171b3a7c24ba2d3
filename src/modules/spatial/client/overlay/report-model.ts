import type { OverlaySummary } from '../../overlay-summary';

// A stored report as the screens read it (server/overlay/run.ts writes it).

export interface OverlayResult {
  id: string;
  spatialType: string | null;
  shape: 'point' | 'line' | 'polygon';
  intersects: boolean;
  overlapM2?: number | null;
  overlapM?: number | null;
  distanceM: number;
  /** Some reader of the response may not read it: shown to the community's staff only, marked. */
  restricted?: boolean;
}

/** The restricted places of a report, as the server tells the community's staff (judge.ts). */
export interface RestrictedCount {
  total: number;
  hidden: number;
}

export const restrictedOf = (v: unknown): RestrictedCount | null => {
  const o = v && typeof v === 'object' ? (v as Partial<RestrictedCount>) : null;
  return o && typeof o.total === 'number' && typeof o.hidden === 'number' && o.total > 0
    ? { total: o.total, hidden: o.hidden }
    : null;
};

export const resultsOf = (v: unknown): OverlayResult[] =>
  Array.isArray(v)
    ? (v.filter(
        (x) => x && typeof x === 'object' && typeof (x as OverlayResult).id === 'string',
      ) as OverlayResult[])
    : [];

export const summaryOf = (v: unknown): OverlaySummary | null =>
  v && typeof v === 'object' && Array.isArray((v as OverlaySummary).byType) ? (v as OverlaySummary) : null;

const nf = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const nf1 = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

type T = (key: string, v: Record<string, string>) => string;

/** Metres in m under 1 km, else in km (the units' words are the bundle's). */
export function metres(t: T, m: number): string {
  return m < 1000
    ? t('spatial.overlay.units.m', { n: nf.format(m) })
    : t('spatial.overlay.units.km', { n: nf1.format(m / 1000) });
}

/** Square metres in m² under a hectare, else in ha (10,000 m²). */
export function squareMetres(t: T, m2: number): string {
  return m2 < 10_000
    ? t('spatial.overlay.units.m2', { n: nf.format(m2) })
    : t('spatial.overlay.units.ha', { n: nf1.format(m2 / 10_000) });
}

/** The buffer field: a whole number of metres from 0 to 50,000, or null. */
export function parseBuffer(s: string): number | null {
  if (!/^\s*\d+\s*$/.test(s)) return null;
  const n = Number(s.trim());
  return n <= 50_000 ? n : null;
}
