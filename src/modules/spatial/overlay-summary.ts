// The redacted summary of an impact overlay (docs/spatial-overlay.md "Who sees what"): what a
// community may choose to send its proponent. Shared by the server, which writes the message
// (server/overlay/share.ts), and the client, which shows the very text before it is sent. It
// is record content, written once into a Message in the community's words, so its English
// lives here beside the one function that fills it, with counts and list-of-values labels only.

/** Counts by spatial type: all a redacted summary may say. */
export interface OverlaySummary {
  buffer: number;
  total: number;
  intersecting: number;
  nearby: number;
  byType: { spatialType: string | null; intersecting: number; nearby: number }[];
}

export const SUMMARY_WORDS = {
  subject: 'Summary of the impact overlay',
  none: 'Within {{buffer}} m of the project area, the community’s overlay found no areas of cultural importance it shares.',
  some: 'Within {{buffer}} m of the project area, the community’s overlay found {{total}} {{areas}} of cultural importance ({{intersecting}} on the project area itself).',
  area: 'area',
  areas: 'areas',
  line: '{{label}}: {{count}}',
  untyped: 'Other',
};

const fill = (s: string, v: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k] ?? ''));
const num = (n: number) => n.toLocaleString('en-CA');

/** The summary as the proponent reads it: the buffer, counts and type labels, nothing more. */
export function summaryText(s: OverlaySummary, labels: ReadonlyMap<string, string>): string {
  const W = SUMMARY_WORDS;
  if (s.total === 0) return fill(W.none, { buffer: num(s.buffer) });
  const lines = [
    fill(W.some, {
      buffer: num(s.buffer),
      total: num(s.total),
      areas: s.total === 1 ? W.area : W.areas,
      intersecting: num(s.intersecting),
    }),
  ];
  for (const b of s.byType)
    lines.push(
      fill(W.line, {
        label: (b.spatialType && labels.get(b.spatialType)) || W.untyped,
        count: num(b.intersecting + b.nearby),
      }),
    );
  return lines.join('\n');
}
