// Shared by both halves of the CSV import (docs/csv-import.md); no zod, so the client may load it.

/** The Import kind of a CSV file (Import kinds are uppercase, registered in core's manifest). */
export const CSV_IMPORT_KIND = 'CSV';

/**
 * The Import kinds importCsv reads: core's CSV, and a module's own CSV kind (registered, ending
 * in `_CSV`, like the archive's ARCHIVE_CSV) so its imports screen lists only its own.
 */
export function isCsvImportKind(kind: unknown): boolean {
  return kind === CSV_IMPORT_KIND || (typeof kind === 'string' && /^[A-Z][A-Z0-9_]*_CSV$/.test(kind));
}

/** Property kinds a CSV column may fill: a geometry, a file or JSON is no spreadsheet cell. */
export const CSV_IMPORTABLE_KINDS: readonly string[] = [
  'text',
  'string',
  'number',
  'date',
  'dateTime',
  'boolean',
  'enum',
  'lov',
  'relation',
];

/** The result stored on the Import (`csvResult`) and written as the task's result file. */
export interface CsvImportResult {
  dryRun: boolean;
  type: string;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Every problem up to CSV_PROBLEMS_KEPT, in row order; `problemsTotal` counts them all. */
  problems: { row: number; column?: string; key: string }[];
  problemsTotal: number;
}

/** Problems kept on the Import; the count is always whole. */
export const CSV_PROBLEMS_KEPT = 5000;

/**
 * The columns a geometry property is filled from (docs/csv-import.md "Geometry columns"): a
 * mapping target `{property}:latitude` with `{property}:longitude` makes a Point; `{property}:shape`
 * reads one cell of WKT or GeoJSON. A geometry is no single cell, so these stand in for it.
 */
export const CSV_GEOMETRY_PARTS = ['latitude', 'longitude', 'shape'] as const;
export type CsvGeometryPart = (typeof CSV_GEOMETRY_PARTS)[number];

/** A mapping target read as its property and, for a geometry's stand-in column, the part. */
export function csvTarget(target: string): { prop: string; part?: CsvGeometryPart } {
  const at = target.lastIndexOf(':');
  if (at < 0) return { prop: target };
  const part = target.slice(at + 1);
  return (CSV_GEOMETRY_PARTS as readonly string[]).includes(part)
    ? { prop: target.slice(0, at), part: part as CsvGeometryPart }
    : { prop: target };
}
