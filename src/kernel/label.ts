import type { ItemType } from './item-type';

const PLACEHOLDER = /\{([^{}]+)\}/g;
/** Template text that only separates two parts ('Project — Community', 'a, b', 'x · y'). */
const SEPARATOR = /^\s*[—–\-·,:|/]+\s*$/;

function fill(expr: string, data: Record<string, unknown>): string {
  for (const key of expr.split('|')) {
    const v = data[key.trim()];
    if (v !== undefined && v !== null && v !== '') return Array.isArray(v) ? v.join(', ') : String(v);
  }
  return '';
}

/**
 * Renders a type's label template. `{a|b}` uses the first non-empty of a and b. A separator
 * written in the template goes with an empty part beside it ('{projectName} — {communityName}'
 * without a community is the project alone). Types starting 'sys.' are labelled 'System'
 * (spec core §3).
 */
export function renderLabel(type: ItemType, id: string, data: Record<string, unknown>): string {
  if (type.name.startsWith('sys.')) return 'System';
  const template = type.label ?? (type.textFields[0] ? `{${type.textFields[0]}}` : '');
  // split with a capture group: literal text at even indexes, placeholders at odd ones.
  const parts = template.split(PLACEHOLDER);
  const values = parts.map((p, i) => (i % 2 ? fill(p, data) : p));
  const text = values
    .map((v, i) => {
      if (i % 2 || !SEPARATOR.test(v)) return v;
      const before = i > 0 ? values[i - 1] : '';
      const after = i < values.length - 1 ? values[i + 1] : '';
      return before && after ? v : ' ';
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return text || id;
}
