/** Every leaf of a nested message object as a dotted key, in bundle order. */
export function flattenMessages(obj: unknown, prefix = '', out: [string, string][] = []): [string, string][] {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flattenMessages(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof obj === 'string' && prefix) out.push([prefix, obj]);
  return out;
}

/**
 * Every message of bundles that share sections (the English bundle's start and on-demand parts),
 * each section's messages together, sections in the order they first appear.
 */
export function bundleMessages(...bundles: object[]): [string, string][] {
  const sections = [...new Set(bundles.flatMap((b) => Object.keys(b)))];
  const section = (key: string) => sections.indexOf(key.split('.')[0]!);
  // Array.prototype.sort is stable: within a section the bundles' own order stays.
  return bundles.flatMap((b) => flattenMessages(b)).sort((a, b) => section(a[0]) - section(b[0]));
}

/** Rows whose key, English text or current wording contain every word of the filter. */
export function filterRows(
  rows: readonly [string, string][],
  filter: string,
  current: (key: string) => string,
): [string, string][] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...rows];
  return rows.filter(([k, en]) => {
    const hay = `${k} ${en} ${current(k)}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** What to send: changed keys only; an emptied field removes the override. */
export function changedValues(
  edits: Record<string, string>,
  saved: Record<string, string>,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(edits)) {
    const was = saved[k] ?? '';
    if (v.trim() === was) continue;
    out[k] = v.trim() === '' ? null : v.trim();
  }
  return out;
}
