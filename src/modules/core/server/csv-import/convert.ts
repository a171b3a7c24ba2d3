import type { ItemType } from '../../../../kernel/item-type';
import type { PropertyDef } from '../../../../kernel/property';
import { CSV_GEOMETRY_PARTS, CSV_IMPORTABLE_KINDS, csvTarget } from '../../csv-import';
import { pointOf, shapeCell } from './geometry-cells';

// A CSV cell (always text) as the value a type's property holds, per the property's kind. A cell
// that cannot be read gives a problem key (the catalogue's `csvImport.problem.*`), never a guess:
// the item service's validation then checks what could be read, as for any other write.

const IMPORTABLE = new Set(CSV_IMPORTABLE_KINDS);

export type Converted = { value: unknown } | { problem: string };

/**
 * The mapping targets a person may fill from a column: declared properties, not system- or
 * admin-written (unless admin), and a geometry property's stand-in columns (`spatial:latitude`).
 */
export function importableProperties(t: ItemType, admin: boolean): string[] {
  return Object.entries(t.properties)
    .filter(([, p]) => p.write !== 'system' && (p.write !== 'admin' || admin))
    .flatMap(([name, p]) =>
      p.kind === 'geometry' && !p.list
        ? CSV_GEOMETRY_PARTS.map((part) => `${name}:${part}`)
        : IMPORTABLE.has(p.kind)
          ? [name]
          : [],
    );
}

/** `IN_PROGRESS` read as the interface shows it, "In progress" (enum values humanize). */
export function humanizeValue(v: string): string {
  const words = v
    .replace(/^[_$]+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A list cell: parts split on '|' when it has one, else on ';' (the CSV export joins with '; '). */
export function splitList(cell: string): string[] {
  const sep = cell.includes('|') ? '|' : ';';
  return cell
    .split(sep)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0']);

function scalar(p: PropertyDef, raw: string): Converted {
  const s = raw.trim();
  switch (p.kind) {
    case 'text':
      return { value: raw.replace(/\r\n/g, '\n').trim() };
    case 'string':
    case 'lov':
    case 'relation':
      return { value: s };
    case 'number': {
      // Spaces as thousands separators are common in exports; a comma is not a decimal point here.
      const n = Number(s.replace(/[\s\u00a0_]/g, ''));
      return s !== '' && Number.isFinite(n) ? { value: n } : { problem: 'csvImport.problem.number' };
    }
    case 'boolean': {
      const b = s.toLowerCase();
      if (TRUE.has(b)) return { value: true };
      if (FALSE.has(b)) return { value: false };
      return { problem: 'csvImport.problem.boolean' };
    }
    case 'date': {
      // An ISO date, or a date-time cut to its day; DD/MM/YYYY is ambiguous and refused.
      const m = /^(\d{4}(?:-\d{2}(?:-\d{2})?)?)(?:[T ].*)?$/.exec(s);
      return m ? { value: m[1] } : { problem: 'csvImport.problem.date' };
    }
    case 'dateTime': {
      const t = /^\d{4}-\d{2}-\d{2}/.test(s) ? Date.parse(s) : NaN;
      return Number.isNaN(t) ? { problem: 'csvImport.problem.date' } : { value: new Date(t).toISOString() };
    }
    case 'enum': {
      const values = p.values ?? [];
      const low = s.toLowerCase();
      const hit =
        values.find((v) => v === s) ??
        values.find((v) => v.toLowerCase() === low || humanizeValue(v).toLowerCase() === low);
      return hit ? { value: hit } : { problem: 'csvImport.problem.enum' };
    }
    default:
      return { problem: 'csvImport.problem.notImportable' };
  }
}

/** One cell as the property's value; an empty cell is no value (`undefined`). */
export function convertCell(p: PropertyDef, raw: string): Converted {
  if (raw.trim() === '') return { value: undefined };
  if (!p.list) return scalar(p, raw);
  const out: unknown[] = [];
  for (const part of splitList(raw)) {
    const c = scalar(p, part);
    if ('problem' in c) return c;
    out.push(c.value);
  }
  return { value: out.length ? out : undefined };
}

export interface RowProblem {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  column?: string;
  /** A catalogue key: `csvImport.problem.*` or the item service's `errors.*`. */
  key: string;
}

/**
 * A record's mapped cells as item data, with the problems of the cells that could not be read.
 * `mapping`: column header → property name.
 */
export function rowData(
  t: ItemType,
  headers: readonly string[],
  record: readonly string[],
  mapping: Readonly<Record<string, string>>,
  row: number,
): { data: Record<string, unknown>; problems: RowProblem[] } {
  const data: Record<string, unknown> = {};
  const problems: RowProblem[] = [];
  // A geometry's stand-in cells, gathered per property and made one geometry after the loop.
  const shapes = new Map<string, Partial<Record<'latitude' | 'longitude' | 'shape', [string, string]>>>();
  for (const [i, header] of headers.entries()) {
    const target = mapping[header];
    if (!target) continue;
    const { prop, part } = csvTarget(target);
    if (part) {
      const parts = shapes.get(prop) ?? shapes.set(prop, {}).get(prop)!;
      parts[part] = [header, record[i] ?? ''];
      continue;
    }
    const def = t.properties[prop];
    if (!def) continue;
    const c = convertCell(def, record[i] ?? '');
    if ('problem' in c) problems.push({ row, column: header, key: c.problem });
    else if (c.value !== undefined) data[prop] = c.value;
  }
  for (const [prop, parts] of shapes) {
    if (t.properties[prop]?.kind !== 'geometry') continue;
    // A shape cell wins when it holds something; else the latitude and longitude make a point.
    if (parts.shape?.[1].trim()) {
      const c = shapeCell(parts.shape[1]);
      if ('problem' in c) problems.push({ row, column: parts.shape[0], key: c.problem });
      else data[prop] = c.value;
      continue;
    }
    const c = pointOf(parts.latitude?.[1], parts.longitude?.[1]);
    if ('problem' in c) {
      const column = (c.column === 'lon' ? parts.longitude : parts.latitude)?.[0];
      problems.push({ row, ...(column ? { column } : {}), key: c.problem });
    } else if (c.value !== undefined) data[prop] = c.value;
  }
  return { data, problems };
}
