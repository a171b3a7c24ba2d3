import type { ItemType } from './item-type';

const PLACEHOLDER = /\{([^{}]+)\}/g;

/**
 * Renders a type's label template. `{a|b}` uses the first non-empty of a and b.
 * Types starting 'sys.' are labelled 'System' (spec core §3).
 */
export function renderLabel(type: ItemType, id: string, data: Record<string, unknown>): string {
  if (type.name.startsWith('sys.')) return 'System';
  const template = type.label ?? (type.textFields[0] ? `{${type.textFields[0]}}` : '');
  const text = template
    .replace(PLACEHOLDER, (_m, expr: string) => {
      for (const key of expr.split('|')) {
        const v = data[key.trim()];
        if (v !== undefined && v !== null && v !== '') return Array.isArray(v) ? v.join(', ') : String(v);
      }
      return '';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text || id;
}
