import { LETTER_FIELDS, type LetterField } from './letter-types';

// Filling a letter template (docs/consult-letters.md "Placeholders"): `{{field}}` names one of
// LETTER_FIELDS; its value is escaped for Markdown so a project called "*Site C*" or
// "<b>Pipe</b>" prints as written and never becomes formatting. A field without a value, or a
// name that is not a field, stays in the draft as typed and is listed in `missing`, so staff see
// the gap in the editor instead of a letter with a silent hole in a sentence.

export { LETTER_FIELDS, type LetterField } from './letter-types';

/**
 * A value: text (escaped when filled), a list (one escaped bullet each), or a passage: a
 * sentence and its list (the overlay summary's lead and its counts by kind), on lines of its own.
 */
export type LetterValue =
  string | readonly string[] | { lead: string; items: readonly string[] } | null | undefined;
export type LetterValues = Partial<Record<LetterField, LetterValue>>;

const PLACEHOLDER = /\{\{\s*([a-zA-Z][\w.]*)\s*\}\}/g;
// Marks that start or end formatting anywhere in a line are backslash-escaped (CommonMark prints
// an escaped mark as itself); the ones that matter only at the start of a line (a list's "-",
// "+", "1." or "1)", a heading's "=" underline) are escaped there only, so "Corp." stays readable in the editor.
const MD_INLINE = /[\\`*_{}[\]<>#|~&]/g;
const MD_LINE_START = /^(\d+)([.)])|^([-+=])/;

/** Text made literal in Markdown: special marks escaped, line breaks folded to spaces. */
export function escapeMarkdown(s: string): string {
  return s
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim()
    .replace(MD_INLINE, (m) => `\\${m}`)
    .replace(
      MD_LINE_START,
      (_, n: string | undefined, mark: string | undefined, bullet: string | undefined) =>
        bullet ? `\\${bullet}` : `${n}\\${mark}`,
    );
}

function isField(name: string): name is LetterField {
  return (LETTER_FIELDS as readonly string[]).includes(name);
}

function render(v: LetterValue): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() ? escapeMarkdown(v) : null;
  if (!Array.isArray(v)) {
    const { lead, items } = v as { lead: string; items: readonly string[] };
    if (!lead.trim()) return null;
    const list = items.filter((x) => x.trim()).map((x) => `- ${escapeMarkdown(x)}`);
    return `\n\n${escapeMarkdown(lead)}\n\n${list.length ? `${list.join('\n')}\n\n` : ''}`;
  }
  const items = (v as readonly string[]).filter((x) => x.trim());
  // A list stands on its own lines, so it is a list wherever the placeholder was put.
  return items.length ? `\n\n${items.map((x) => `- ${escapeMarkdown(x)}`).join('\n')}\n\n` : null;
}

/** The template filled in one pass (a value that looks like a placeholder is never filled again). */
export function fillTemplate(template: string, values: LetterValues): { text: string; missing: string[] } {
  const missing = new Set<string>();
  const text = template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = isField(name) ? render(values[name]) : null;
    if (value === null) {
      missing.add(name);
      return whole;
    }
    return value;
  });
  return { text: dropRepeatedLines(text).replace(/\n{3,}/g, '\n\n'), missing: [...missing] };
}

/**
 * A line the same as the one just above it, once filled, said once: an address block of
 * "{{addressee.name}}" over "{{addressee.organisation}}" printed the proponent twice when no
 * contact may be named and the name falls back to the organisation's.
 */
function dropRepeatedLines(text: string): string {
  const lines = text.split('\n');
  return lines.filter((l, i) => i === 0 || l.trim() === '' || l.trim() !== lines[i - 1]!.trim()).join('\n');
}

/** The placeholders still in a text (a draft whose gaps nobody filled). */
export function unfilled(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}
