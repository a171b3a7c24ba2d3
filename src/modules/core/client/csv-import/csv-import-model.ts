import { parse } from 'csv-parse/browser/esm/sync';

// The dialog's pure parts (docs/csv-import.md): a preview of the file's head read in the browser
// (headers and a few rows, before anything is uploaded), the mapping's first guess, and the
// problems grouped by row for the table.

/** Bytes read for the preview: enough for the header and a few rows of any sane file. */
export const PREVIEW_BYTES = 64 * 1024;
export const SAMPLE_ROWS = 3;

export interface CsvPreview {
  headers: string[];
  rows: string[][];
}

/** The header and the first rows of a CSV's head (a cut last line is left out). */
export function previewCsv(head: string): CsvPreview {
  const cut = head.length >= PREVIEW_BYTES ? head.slice(0, head.lastIndexOf('\n') + 1) : head;
  const records = parse(cut, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    to: SAMPLE_ROWS + 1,
  }) as string[][];
  const [headers = [], ...rows] = records;
  return { headers: headers.map((h) => h.trim()), rows };
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Each column's property, guessed by name or label ("First name", "first_name" → firstName);
 * a property is given to one column only.
 */
export function autoMapping(
  headers: readonly string[],
  props: readonly { name: string; label: string; aliases?: readonly string[] }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const used = new Set<string>();
  for (const h of headers) {
    const n = norm(h);
    if (!n) continue;
    const hit = props.find(
      (p) =>
        !used.has(p.name) &&
        (norm(p.name) === n || norm(p.label) === n || (p.aliases ?? []).some((a) => norm(a) === n)),
    );
    if (hit) {
      out[h] = hit.name;
      used.add(hit.name);
    }
  }
  return out;
}

export interface RowProblems {
  row: number;
  problems: { column?: string; key: string }[];
}

/** Problems by row, in row order. */
export function problemsByRow(list: readonly { row: number; column?: string; key: string }[]): RowProblems[] {
  const by = new Map<number, RowProblems>();
  for (const p of list) {
    const r = by.get(p.row) ?? by.set(p.row, { row: p.row, problems: [] }).get(p.row)!;
    r.problems.push(p.column === undefined ? { key: p.key } : { column: p.column, key: p.key });
  }
  return [...by.values()].sort((a, b) => a.row - b.row);
}

/** The other names a geometry's stand-in column goes by in spreadsheets (lat, lng, WKT, …). */
export const PART_ALIASES: Readonly<Record<string, readonly string[]>> = {
  latitude: ['latitude', 'lat', 'y'],
  longitude: ['longitude', 'lon', 'lng', 'long', 'x'],
  shape: ['wkt', 'geojson', 'geometry', 'shape'],
};

/**
 * The targets a column may fill: the type's importable properties, a geometry as its stand-in
 * columns (`spatial:latitude`, …; csv-import.ts), each with its label; preset ones are left out.
 */
export function csvTargets(
  properties: Readonly<Record<string, { kind: string; write?: string; list?: boolean }>>,
  importable: readonly string[],
  parts: readonly string[],
  label: (name: string, part?: string) => string,
  preset: Readonly<Record<string, unknown>> = {},
): { name: string; label: string; aliases?: readonly string[] }[] {
  return Object.entries(properties)
    .filter(([name, p]) => !p.write && !(name in preset))
    .flatMap(([name, p]) =>
      p.kind === 'geometry' && !p.list
        ? parts.map((part) => ({
            name: `${name}:${part}`,
            label: label(name, part),
            aliases: PART_ALIASES[part] ?? [],
          }))
        : importable.includes(p.kind)
          ? [{ name, label: label(name) }]
          : [],
    );
}
