// The relative date bands of spec core §3: today, yesterday, last week, tomorrow, within a week,
// 7-30, 30-60, 60-90, 90-180 and over 180 days (up to 100 years back). Days start at midnight UTC.

export const DATE_BANDS = [
  'withinWeek',
  'tomorrow',
  'today',
  'yesterday',
  'lastWeek',
  'd7_30',
  'd30_60',
  'd60_90',
  'd90_180',
  'over180',
] as const;
export type DateBand = (typeof DATE_BANDS)[number];

const DAY = 86_400_000;

/** [from, to) of each band, in days from today's midnight. */
const OFFSETS: Record<DateBand, [number, number]> = {
  withinWeek: [2, 8],
  tomorrow: [1, 2],
  today: [0, 1],
  yesterday: [-1, 0],
  lastWeek: [-7, -1],
  d7_30: [-30, -7],
  d30_60: [-60, -30],
  d60_90: [-90, -60],
  d90_180: [-180, -90],
  over180: [-36_525, -180],
};

export interface BandRange {
  band: DateBand;
  from: string;
  to: string;
  /** The filter value for a date key: "from..to". */
  value: string;
}

export function dateBands(now: Date = new Date()): BandRange[] {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return DATE_BANDS.map((band) => {
    const [a, b] = OFFSETS[band];
    const from = new Date(midnight + a * DAY).toISOString();
    const to = new Date(midnight + b * DAY).toISOString();
    return { band, from, to, value: `${from}..${to}` };
  });
}
