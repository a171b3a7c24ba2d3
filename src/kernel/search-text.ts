import { searchWords } from '../protocol/query';
import { renderLabel } from './label';
import type { ItemType } from './item-type';

/**
 * What full-text search sees of an item: the words of its label and its text fields, nothing
 * else, split as a query's words are (searchWords), so both sides agree on what a word is.
 */
export function searchText(t: ItemType, id: string, data: Record<string, unknown>): string {
  const parts = [renderLabel(t, id, data)];
  for (const f of t.textFields) {
    const v = data[f];
    for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string' && x) parts.push(x);
  }
  return searchWords([...new Set(parts)].join(' \n'))
    .join(' ')
    .slice(0, 200_000);
}
