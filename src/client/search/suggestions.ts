import { tryParseId } from '../../protocol/ids';
import { TEXT_KEY } from '../../protocol/query';
import { SEARCH_PATH } from './saved-search';

// The global search bar (spec core §2 "Top bar and overlays", §4 "Other", §9): suggestions once
// 3 characters are typed, at most 5; a complete item id shows that item; 'keep typing' and
// 'no results' messages; Enter or the 'search results' entry goes to /search?c0={text}.

export const SUGGEST_MIN_CHARS = 3;
export const SUGGEST_MAX = 5;
export const SUGGEST_DEBOUNCE_MS = 300;

/** spec core §4 "Other": the states of the suggestions. */
export type SuggestState = 'NO_SEARCH' | 'FETCHING' | 'SUCCESS' | 'FAILURE';

export type Entry =
  | { kind: 'item'; id: string; label: string; type: string }
  | { kind: 'all'; text: string }
  | { kind: 'message'; key: string; params?: Record<string, string | number> };

export interface SuggestInput {
  /** What is typed now. */
  text: string;
  /** The text the last search (or id read) was made for. */
  searched: string;
  state: SuggestState;
  ids: readonly string[];
  labels: Record<string, string>;
  /** The failure's userMessage (FAILURE only). */
  error?: string;
}

/** A complete item id (Thread-3), typed on its own. */
export function typedId(text: string): string | null {
  const s = text.trim();
  const p = tryParseId(s);
  return p && p.num > 0 && p.tmp === undefined ? s : null;
}

export function suggestionBody(text: string) {
  return { must: { [TEXT_KEY]: [text.trim()] }, max: SUGGEST_MAX, labels: true };
}

export function searchPath(text: string): string {
  const q = new URLSearchParams({ c0: text.trim() });
  return `${SEARCH_PATH}?${q.toString()}`;
}

export function typeOfId(id: string): string {
  return tryParseId(id)?.type ?? '';
}

/** What the list shows: suggestions or one message, and always the 'search results' entry. */
export function suggestionEntries(s: SuggestInput): Entry[] {
  const text = s.text.trim();
  if (!text) return [];
  const all: Entry = { kind: 'all', text };
  const id = typedId(text);
  if (!id && text.length < SUGGEST_MIN_CHARS)
    return [{ kind: 'message', key: 'globalSearch.keepTyping', params: { n: SUGGEST_MIN_CHARS } }, all];
  if (s.searched.trim() !== text || s.state === 'FETCHING' || s.state === 'NO_SEARCH')
    return [{ kind: 'message', key: 'globalSearch.searching' }, all];
  if (s.state === 'FAILURE') return [{ kind: 'message', key: `errors.${s.error ?? 'generalFailure'}` }, all];
  const items: Entry[] = s.ids.slice(0, SUGGEST_MAX).map((i) => ({
    kind: 'item',
    id: i,
    label: s.labels[i] ?? i,
    type: typeOfId(i),
  }));
  if (!items.length) return [{ kind: 'message', key: 'globalSearch.noResults' }, all];
  return [...items, all];
}

/** Where Enter goes when no entry is highlighted: a shown item id opens it, else the results page. */
export function enterPath(text: string, entries: readonly Entry[]): string | null {
  const t = text.trim();
  if (!t) return null;
  const id = typedId(t);
  if (id && entries.some((e) => e.kind === 'item' && e.id === id)) return `/i-${id}`;
  return searchPath(t);
}

export function entryPath(e: Entry): string | null {
  if (e.kind === 'item') return `/i-${e.id}`;
  if (e.kind === 'all') return searchPath(e.text);
  return null;
}
