import type { GedcomLine } from './lines';

// GEDCOM lines gathered into records (a level-0 line and the lines under it), one record at a
// time, so memory holds only the record being read. CONT and CONC are joined into their
// parent's value (5.5.1 and 7 alike). A line that is no GEDCOM line, or a level that jumps,
// spoils its record: the record is handed on marked `broken` with the first such line, so the
// import reports it and writes nothing of it.

export interface GedcomNode {
  tag: string;
  /** The line's value, CONT/CONC joined; '' for none. */
  value: string;
  /** A pointer value (@F1@) without its @s, else undefined. */
  pointer?: string;
  children: GedcomNode[];
}

export interface GedcomRecord extends GedcomNode {
  /** The record's own xref (@I1@ → I1), when it has one. */
  xref?: string;
  /** The line the record starts on. */
  line: number;
  /** Why the record cannot be read (an i18n key under research.gedcom.problem), and where. */
  broken?: { key: string; line: number };
}

/** More lines than this in one record is no person or family: it is skipped, not held. */
export const MAX_RECORD_LINES = 20_000;

// level, optional xref, tag, optional value (GEDCOM 5.5.1 §1 and 7 §1 "line").
const LINE = /^\s*(\d{1,2})(?:\s+@([^@\s]+)@)?\s+([A-Za-z0-9_]+)(?:\s(.*))?$/;
const POINTER = /^@([^@#\s][^@]*)@$/;

export async function* gedcomRecords(lines: AsyncIterable<GedcomLine>): AsyncGenerator<GedcomRecord> {
  let rec: GedcomRecord | null = null;
  let stack: GedcomNode[] = [];
  let count = 0;

  for await (const { n, text } of lines) {
    if (!text.trim()) continue;
    const m = LINE.exec(text);
    if (!m) {
      if (rec && !rec.broken) rec.broken = { key: 'badLine', line: n };
      if (!rec) yield { tag: '', value: '', children: [], line: n, broken: { key: 'badLine', line: n } };
      continue;
    }
    const level = Number(m[1]);
    const tag = m[3]!.toUpperCase();
    // A value's leading @@ is an escaped @ (5.5.1 and 7), not a pointer.
    const value = (m[4] ?? '').replace(/^@@/, '@');
    if (level === 0) {
      if (rec) yield rec;
      rec = { tag, value, children: [], line: n, ...(m[2] ? { xref: m[2] } : {}) };
      stack = [rec];
      count = 1;
      continue;
    }
    if (!rec) {
      yield { tag: '', value: '', children: [], line: n, broken: { key: 'noRecord', line: n } };
      continue;
    }
    if (rec.broken) continue;
    if (++count > MAX_RECORD_LINES) {
      rec.broken = { key: 'tooLong', line: n };
      rec.children = [];
      continue;
    }
    if (level > stack.length) {
      rec.broken = { key: 'badLevel', line: n };
      continue;
    }
    const parent = stack[level - 1]!;
    if (tag === 'CONT' || tag === 'CONC') {
      parent.value += (tag === 'CONT' ? '\n' : '') + value;
      stack.length = level;
      continue;
    }
    // GEDCOM 7's @VOID@ points at nobody (a child whose father is unknown).
    const p = value.trim() === '@VOID@' ? null : POINTER.exec(value.trim());
    const node: GedcomNode = { tag, value, children: [], ...(p ? { pointer: p[1] } : {}) };
    parent.children.push(node);
    stack.length = level;
    stack.push(node);
  }
  if (rec) yield rec;
}

/** The first child with the tag, or undefined. */
export const child = (n: GedcomNode, tag: string): GedcomNode | undefined =>
  n.children.find((c) => c.tag === tag);

/** Every child with the tag. */
export const children = (n: GedcomNode, tag: string): GedcomNode[] => n.children.filter((c) => c.tag === tag);
