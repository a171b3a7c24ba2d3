import {
  DISPLAY_MODES,
  effectiveSort,
  effectiveType,
  facetKeys,
  type DisplayAs,
  type FilterValue,
  type ScreenDef,
  type SearchState,
  type SortKey,
  type TypeEnv,
} from './search-model';

// Saved searches and views (spec core §3 "Saved search or view", stored as the type SavedSearch).
// A filter is {prop, kind, value}: `kind` names the query clause ('must'), `value` the list of
// accepted values; date filters keep band names (today, lastWeek, …), so a saved view stays
// relative to the day it is opened. The link /search?c0={text}&h={hash} reopens it.

export const HASH_PARAM = 'h';
export const SEARCH_PATH = '/search';

export interface SavedFilter {
  prop: string;
  kind: 'must';
  value: FilterValue[];
}

export interface SavedSearchData {
  name: string;
  itemTypeName?: string;
  displayAs: DisplayAs;
  criteria: { filters: SavedFilter[]; groups: unknown[]; groupsShould: unknown[] };
  selectedFacets: string[];
  searchString: string;
  sortBy: SortKey[];
  showFacets: boolean;
  hash: string;
}

/** 128 random bits as 32 hex digits: unguessable, so a link names exactly one view. */
export function randomHash(rng: Pick<Crypto, 'getRandomValues'> = crypto): string {
  const bytes = rng.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function toSavedSearch(
  screen: ScreenDef,
  state: SearchState,
  env: TypeEnv,
  name: string,
  hash: string,
): SavedSearchData {
  const type = effectiveType(screen, state);
  return {
    name: name.trim(),
    ...(type ? { itemTypeName: type } : {}),
    displayAs: state.displayAs,
    criteria: {
      filters: Object.entries(state.filters)
        .filter(([, v]) => v.length > 0)
        .map(([prop, value]) => ({ prop, kind: 'must', value })),
      groups: [],
      groupsShould: [],
    },
    selectedFacets: facetKeys(screen, state, env),
    searchString: state.text.trim(),
    sortBy: effectiveSort(screen, state),
    showFacets: state.showFacets,
    hash,
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function readFilters(criteria: unknown): Record<string, FilterValue[]> {
  const out: Record<string, FilterValue[]> = {};
  const list = isObj(criteria) && Array.isArray(criteria.filters) ? criteria.filters : [];
  for (const f of list) {
    if (!isObj(f) || typeof f.prop !== 'string' || (f.kind !== undefined && f.kind !== 'must')) continue;
    const values = (Array.isArray(f.value) ? f.value : [f.value]).filter(
      (v): v is FilterValue => v === null || ['string', 'number', 'boolean'].includes(typeof v),
    );
    if (values.length && f.prop !== '_t' && f.prop !== '$text') out[f.prop] = values;
  }
  return out;
}

function readSort(v: unknown): SortKey[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((s): s is { key: string; order: unknown } => isObj(s) && typeof s.key === 'string')
    .map((s) => ({ key: s.key, order: s.order === 'desc' ? ('desc' as const) : ('asc' as const) }))
    .slice(0, 5);
}

/**
 * The search state a stored view describes, read defensively (it is data someone else may have
 * written). A type the screen does not know, or that is the screen's own, is not a narrowing.
 */
export function fromSavedSearch(
  saved: Record<string, unknown>,
  screen: ScreenDef,
  env: TypeEnv,
  base: SearchState,
): SearchState {
  const type =
    typeof saved.itemTypeName === 'string' &&
    env.type(saved.itemTypeName) &&
    saved.itemTypeName !== (screen.types?.length === 1 ? screen.types[0] : null)
      ? saved.itemTypeName
      : null;
  const displayAs = (DISPLAY_MODES as readonly string[]).includes(String(saved.displayAs))
    ? (saved.displayAs as DisplayAs)
    : base.displayAs;
  return {
    ...base,
    type,
    text: typeof saved.searchString === 'string' ? saved.searchString : base.text,
    filters: readFilters(saved.criteria),
    sort: readSort(saved.sortBy),
    displayAs,
    showFacets: typeof saved.showFacets === 'boolean' ? saved.showFacets : base.showFacets,
    page: 0,
    columns: null,
  };
}

/** The link that reopens a saved view. */
export function viewPath(text: string, hash: string): string {
  const q = new URLSearchParams();
  if (text) q.set('c0', text);
  q.set(HASH_PARAM, hash);
  return `${SEARCH_PATH}?${q.toString()}`;
}

/** The search/ids query that finds a saved view by its hash. */
export function findByHashQuery(hash: string) {
  return { must: { _t: ['SavedSearch'], hash: [hash] }, max: 1 };
}

/** A query string with one parameter set (or removed), the others kept. */
export function withParam(search: string, key: string, value: string | null): string {
  const q = new URLSearchParams(search);
  if (value === null || value === '') q.delete(key);
  else q.set(key, value);
  const s = q.toString();
  return s ? `?${s}` : '';
}
