import { renderLabel } from './label';
import type { ItemType } from './item-type';

/** What full-text search sees of an item: its label and its text fields, nothing else. */
export function searchText(t: ItemType, id: string, data: Record<string, unknown>): string {
  const parts = [renderLabel(t, id, data)];
  for (const f of t.textFields) {
    const v = data[f];
    for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string' && x) parts.push(x);
  }
  return [...new Set(parts)].join(' \n').slice(0, 200_000);
}
