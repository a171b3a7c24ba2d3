import type { Cell } from './read';

// A sheet's header row: XLSForm columns are `base` or `base::Language` (label::English (en)).
// The form's language is settings' default_language when a column has it, else the plain column,
// else the first language; the other languages are kept as translations.

export interface Column {
  index: number;
  header: string;
  /** Lower-cased, spaces as underscores: `required_message`, `list_name`, `media`. */
  base: string;
  /** The language after `::`, as written; undefined for a plain column. */
  lang: string | undefined;
}

export function cellText(v: Cell | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

export function rowIsEmpty(row: readonly Cell[] | undefined): boolean {
  return !row || row.every((c) => cellText(c) === '');
}

export class Header {
  readonly columns: Column[];
  /** The language every text column is read in (undefined = the plain columns). */
  readonly primary: string | undefined;

  constructor(row: readonly Cell[], defaultLanguage: string | undefined) {
    this.columns = [];
    row.forEach((cell, index) => {
      const header = cellText(cell);
      if (header === '') return;
      const sep = header.indexOf('::');
      const base = (sep < 0 ? header : header.slice(0, sep)).trim().toLowerCase().replace(/\s+/g, '_');
      const lang = sep < 0 ? undefined : header.slice(sep + 2).trim() || undefined;
      this.columns.push({ index, header, base, lang });
    });
    const langs = this.columns.filter((c) => c.base === 'label' && c.lang).map((c) => c.lang!);
    const plain = this.columns.some((c) => c.base === 'label' && !c.lang);
    if (defaultLanguage && langs.includes(defaultLanguage)) this.primary = defaultLanguage;
    else this.primary = plain ? undefined : langs[0];
  }

  has(base: string): boolean {
    return this.columns.some((c) => c.base === base);
  }

  /** The column a text is read from: the primary language, else plain, else the first. */
  column(base: string): Column | undefined {
    const all = this.columns.filter((c) => c.base === base);
    return all.find((c) => c.lang === this.primary) ?? all.find((c) => !c.lang) ?? all[0];
  }

  get(row: readonly Cell[], base: string): string {
    const col = this.column(base);
    return col ? cellText(row[col.index]) : '';
  }

  raw(row: readonly Cell[], base: string): Cell {
    const col = this.column(base);
    return col ? (row[col.index] ?? null) : null;
  }

  /** The texts of `base` in the languages other than the primary one, by language name. */
  translations(row: readonly Cell[], base: string): Record<string, string> | undefined {
    const main = this.column(base);
    const out: Record<string, string> = {};
    for (const c of this.columns) {
      if (c.base !== base || c === main) continue;
      const text = cellText(row[c.index]);
      if (text !== '') out[c.lang ?? 'default'] = text;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
}

/** Finds the header row: the first row with a cell in it. Returns its index or -1. */
export function headerIndex(rows: readonly (readonly Cell[])[]): number {
  return rows.findIndex((r) => !rowIsEmpty(r));
}
