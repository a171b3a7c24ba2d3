import type { FormDefinition, FormField } from '../../form/definition';

// A record's answers as flat tables (the CSV export, docs/geokeeper.md "Exports"): one table for
// the records, one per repeat group. Groups are transparent (their fields are `group/field`
// columns); each repeat instance is a row of its repeat's table, joined to the record by `record`
// and to its parent (the record, or the enclosing repeat's instance) by `parent`. A row's own key
// is its parent's key, the repeat's name and its 1-based index (`GeoKeeperFieldData-7/visits/2`),
// so nested repeats join on `parent` = the enclosing row's `key`.

/** Table name → its answer columns, in form order. '' is the records' table. */
export type TableColumns = Map<string, string[]>;

/** The join columns of a repeat's table, before its answers. */
export const REPEAT_KEYS = ['record', 'parent', 'key', 'index'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A geometry answer (GPS point, line, area) is one value, not a group. */
const isGeometry = (v: Record<string, unknown>) => typeof v.type === 'string' && 'coordinates' in v;

const join = (a: string, b: string) => (a ? `${a}/${b}` : b);

function add(tables: TableColumns, table: string, column: string): void {
  let cols = tables.get(table);
  if (!cols) tables.set(table, (cols = []));
  if (!cols.includes(column)) cols.push(column);
}

/** The tables and columns of a form definition: every answer-holding field, in form order. */
export function definitionTables(def: FormDefinition, tables: TableColumns = new Map()): TableColumns {
  if (!tables.has('')) tables.set('', []);
  const walk = (fields: readonly FormField[], table: string, prefix: string, names: string) => {
    for (const f of fields) {
      if (f.kind === 'note') continue;
      if (f.kind === 'group') walk(f.fields ?? [], table, join(prefix, f.name), join(names, f.name));
      else if (f.kind === 'repeat') {
        const inner = join(names, f.name);
        if (!tables.has(inner)) tables.set(inner, []);
        walk(f.fields ?? [], inner, '', inner);
      } else add(tables, table, join(prefix, f.name));
    }
  };
  walk(def.fields, '', '', '');
  return tables;
}

/** A flat row: its join keys (repeats) and answers by column. */
export type FlatRow = Record<string, unknown>;

/**
 * Flattens one record's answers into rows per table; columns the tables lack are added (answers
 * of a record whose form the reader may not read, which then give the columns themselves).
 */
export function flattenAnswers(
  recordId: string,
  data: Record<string, unknown>,
  tables: TableColumns,
  out: Map<string, FlatRow[]>,
): FlatRow {
  const top: FlatRow = {};
  const walk = (
    obj: Record<string, unknown>,
    row: FlatRow,
    table: string,
    prefix: string,
    names: string,
    key: string,
  ) => {
    for (const [name, v] of Object.entries(obj)) {
      if (v === undefined || v === null) continue;
      if (isRecord(v) && !isGeometry(v)) {
        walk(v, row, table, join(prefix, name), join(names, name), key);
      } else if (Array.isArray(v) && v.length > 0 && v.every(isRecord)) {
        const inner = join(names, name);
        if (!tables.has(inner)) tables.set(inner, []);
        let rows = out.get(inner);
        if (!rows) out.set(inner, (rows = []));
        v.forEach((instance, i) => {
          const own = `${key}/${name}/${i + 1}`;
          const r: FlatRow = { record: recordId, parent: key, key: own, index: i + 1 };
          rows.push(r);
          walk(instance as Record<string, unknown>, r, inner, '', inner, own);
        });
      } else {
        const col = join(prefix, name);
        add(tables, table, col);
        row[col] = v;
      }
    }
  };
  walk(data, top, '', '', '', recordId);
  return top;
}

/** A repeat table's file name in the zip: `repeat-visits.csv`, `repeat-site-visits-fish.csv`. */
export function repeatFileName(table: string): string {
  return `repeat-${table.replace(/[^A-Za-z0-9_.-]+/g, '-')}.csv`;
}

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so a spreadsheet does not run it as a formula. */
export function csvCell(v: unknown): string {
  let s =
    v === undefined || v === null
      ? ''
      : Array.isArray(v) && v.every((x) => typeof x !== 'object')
        ? v.join(' ')
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}
