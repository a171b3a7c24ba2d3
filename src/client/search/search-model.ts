import type { ItemType } from '../../kernel/item-type';
import type { DisplayAs, ListPreset, ListScreenDecl, Order, SortKey } from '../../kernel/view';
import type { PropertyDef } from '../../kernel/property';
import type { Role } from '../../protocol/access-levels';
import { DEFAULT_SEARCH_MAX } from '../../protocol/constants';
import { DATE_BANDS, dateBands, type DateBand } from '../../protocol/date-bands';
import type { MatchFilter } from '../../protocol/match';
import { TEXT_KEY, type Clause, type FacetBucket, type SearchQuery } from '../../protocol/query';

// The pure side of the search screens (spec core §3 "Search query and response", "Saved search
// or view"): the state a person builds (type, text, facet filters, sort, display), the search/ids
// query it becomes, and the type watch that keeps an open list live.

export { DISPLAY_MODES, type DisplayAs, type Order, type SortKey } from '../../kernel/view';

export const PAGE_SIZE = DEFAULT_SEARCH_MAX;
/** How long a burst of pushes waits before the list is fetched again. */
export const LIVE_REFETCH_MS = 300;

export type FilterValue = string | number | boolean | null;

export interface SearchState {
  /** The one type the person narrowed to (the `_t` facet); null for all. */
  type: string | null;
  text: string;
  /** Facet selections by key (never `_t` or `$text`); date keys hold band names. */
  filters: Record<string, FilterValue[]>;
  /** Empty: the screen's default. */
  sort: SortKey[];
  displayAs: DisplayAs;
  showFacets: boolean;
  /** 0-based. */
  page: number;
  /** TABLE columns; null: the type's default headers. */
  columns: string[] | null;
  /** The screen's preset filter that is on (ListScreenDecl.presets), its clause resolved. */
  preset?: { id: string; must: Clause } | null;
}

/**
 * A screen built on the search component: the general search or a per-type list (a module's
 * `list` view, kernel/view.ts, with its name and title).
 */
export interface ScreenDef extends ListScreenDecl {
  /** The view name; also the key of its result list for previous/next. */
  name: string;
  titleKey: string;
  adminOnly?: boolean;
  /** Also for users with this role (or higher) in some organisation. */
  minOrgRole?: Role;
}

/** What the model needs to know about the registry. */
export interface TypeEnv {
  type(name: string): ItemType | undefined;
  /** All registered type names. */
  names: readonly string[];
  /** Facets every type has (config `itemFacets`): offered by every search, with a type or not. */
  itemFacets?: readonly string[];
}

/** Keys every type has; filters on them survive a change of type. */
const GENERIC_KEYS = new Set(['_c', '_c.ts', '_m.ts', '$access', 'owner', '_i']);
const DATE_KEYS = new Set(['_c.ts', '_m.ts']);

export function initialState(screen: ScreenDef, text = ''): SearchState {
  return {
    type: null,
    text,
    filters: {},
    sort: [],
    displayAs: screen.displayAs,
    showFacets: true,
    page: 0,
    columns: null,
  };
}

/** The screen's own type, when it lists one type. */
export function fixedType(screen: ScreenDef): string | null {
  return screen.types?.length === 1 ? screen.types[0]! : null;
}

/** The type the results are of: the screen's, or the one the person narrowed to. */
export function effectiveType(screen: ScreenDef, state: SearchState): string | null {
  return fixedType(screen) ?? state.type;
}

export function propertyOf(env: TypeEnv, type: string | null, key: string): PropertyDef | undefined {
  return type ? env.type(type)?.allProperties[key] : undefined;
}

export function isDateKey(key: string, prop?: PropertyDef): boolean {
  return DATE_KEYS.has(key) || prop?.kind === 'date' || prop?.kind === 'dateTime';
}

function isBand(v: unknown): v is DateBand {
  return typeof v === 'string' && (DATE_BANDS as readonly string[]).includes(v);
}

/** A band name as the "from..to" range the server filters by; other values pass as they are. */
export function bandRange(v: FilterValue, now: Date): FilterValue {
  if (!isBand(v)) return v;
  return dateBands(now).find((b) => b.band === v)!.value;
}

/** The facets a screen asks for: the type facet without a type, else the type's own; and every type's. */
export function facetKeys(screen: ScreenDef, state: SearchState, env: TypeEnv): string[] {
  const type = effectiveType(screen, state);
  const keys: string[] = type ? [...(env.type(type)?.facets ?? [])] : ['_t'];
  keys.push('owner', '$access', screen.dateKey, ...(env.itemFacets ?? []));
  return [...new Set(keys)].slice(0, 20);
}

/** The types a screen searches when the person has not narrowed to one. */
function screenTypes(screen: ScreenDef, env: TypeEnv): string[] | null {
  if (screen.types) return [...screen.types];
  if (screen.allTypes) return [...env.names];
  return null;
}

export function queryMust(screen: ScreenDef, state: SearchState, env: TypeEnv, now: Date): Clause {
  const must: Clause = {};
  const type = effectiveType(screen, state);
  const types = type ? [type] : screenTypes(screen, env);
  if (types) must._t = types;
  for (const [key, values] of Object.entries(state.filters)) {
    if (!values.length || key === '_t' || key === TEXT_KEY) continue;
    must[key] = isDateKey(key, propertyOf(env, type, key)) ? values.map((v) => bandRange(v, now)) : values;
  }
  const text = state.text.trim();
  if (text) must[TEXT_KEY] = [text];
  return must;
}

/**
 * A preset's clause for this person at this moment: `$me` becomes their id and `$now` the
 * current time, so the query the server gets holds only plain values.
 */
export function resolvePreset(preset: ListPreset, me: string | null, now: Date): Clause {
  const out: Clause = {};
  for (const [key, values] of Object.entries(preset.must))
    out[key] = values.map((v) =>
      typeof v === 'string' ? v.replaceAll('$me', me ?? '').replaceAll('$now', now.toISOString()) : v,
    );
  return out;
}

/** Turns a preset on (replacing another) or off. */
export function togglePreset(
  state: SearchState,
  preset: ListPreset,
  me: string | null,
  now: Date,
): SearchState {
  const on = state.preset?.id === preset.id;
  return { ...state, preset: on ? null : { id: preset.id, must: resolvePreset(preset, me, now) }, page: 0 };
}

/** Explicit sort first, then the screen's default; the general search ranks text matches. */
export function effectiveSort(screen: ScreenDef, state: SearchState): SortKey[] {
  return state.sort.length ? state.sort : [...screen.defaultSort];
}

/** The sort key shown as selected (the server's default when none is asked for). */
export function shownSort(screen: ScreenDef, state: SearchState): SortKey {
  const s = effectiveSort(screen, state)[0];
  if (s) return s;
  return state.text.trim() ? { key: '_score', order: 'desc' } : { key: '_c.ts', order: 'desc' };
}

export function buildQuery(
  screen: ScreenDef,
  state: SearchState,
  env: TypeEnv,
  now = new Date(),
  /** The signed-in person: `$me` in the screen's own filter (geokeeper.my-data: `_c` = me). */
  me: string | null = null,
): SearchQuery {
  const sort = effectiveSort(screen, state);
  return {
    must: queryMust(screen, state, env, now),
    // A preset is a sub-query of its own, so it narrows what the facets chose on the same key
    // (a date range and a band on one key would otherwise be either/or).
    // The screen's own fixed filter (ListScreenDecl.must) is one more such sub-query.
    // ListScreenDecl.mustAny: one sub-query whose items match any of its filters.
    ...(state.preset || screen.must || screen.mustAny?.length
      ? {
          subs: [
            ...(screen.must
              ? [{ must: resolvePreset({ id: '', titleKey: '', must: screen.must }, me, now) }]
              : []),
            ...(screen.mustAny?.length
              ? [
                  {
                    subsShould: screen.mustAny.map((must) => ({
                      must: resolvePreset({ id: '', titleKey: '', must }, me, now),
                    })),
                  },
                ]
              : []),
            ...(state.preset ? [{ must: state.preset.must }] : []),
          ],
        }
      : {}),
    ...(sort.length ? { sort } : {}),
    facets: state.showFacets ? facetKeys(screen, state, env) : [],
    labels: true,
    max: PAGE_SIZE,
    offset: state.page * PAGE_SIZE,
  };
}

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

// ---------- facets and filters ----------

/** The value a bucket filters by: date buckets by their band, booleans and numbers as such. */
export function bucketFilterValue(key: string, bucket: FacetBucket, prop?: PropertyDef): FilterValue {
  if (isDateKey(key, prop)) return bucket.label ?? bucket.value;
  const v = bucket.value;
  if (prop?.kind === 'boolean' && typeof v === 'string') return v === 'true';
  if (prop?.kind === 'number' && typeof v === 'string' && v !== '' && Number.isFinite(Number(v)))
    return Number(v);
  if (key === '_i' && typeof v === 'string') return Number(v);
  return v;
}

const same = (a: FilterValue, b: FilterValue) =>
  a === b || (a !== null && b !== null && String(a) === String(b));

export function isSelected(state: SearchState, key: string, value: FilterValue): boolean {
  if (key === '_t') return state.type !== null && state.type === value;
  return (state.filters[key] ?? []).some((v) => same(v, value));
}

/** Narrows to one type (or back to all): filters and sorts that belong to the old type go. */
export function setType(state: SearchState, type: string | null): SearchState {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([k]) => GENERIC_KEYS.has(k)));
  const sort = state.sort.filter((s) => GENERIC_KEYS.has(s.key) || s.key === '_score' || s.key === '_t');
  return { ...state, type, filters, sort, columns: null, page: 0 };
}

/** A click on a bucket: adds its value, or takes it away when it is already chosen. */
export function toggleFilter(state: SearchState, key: string, value: FilterValue): SearchState {
  if (key === '_t') return setType(state, isSelected(state, key, value) ? null : (value as string | null));
  const have = state.filters[key] ?? [];
  const next = have.some((v) => same(v, value)) ? have.filter((v) => !same(v, value)) : [...have, value];
  const filters = { ...state.filters };
  if (next.length) filters[key] = next;
  else delete filters[key];
  return { ...state, filters, page: 0 };
}

export function removeFilter(state: SearchState, key: string, value: FilterValue): SearchState {
  if (key === '_t') return setType(state, null);
  return isSelected(state, key, value) ? toggleFilter(state, key, value) : state;
}

export function clearFilters(state: SearchState): SearchState {
  return { ...setType(state, null), filters: {} };
}

/** Active filters as (key, value) pairs, the type first. */
export function activeFilters(state: SearchState): { key: string; value: FilterValue }[] {
  const out: { key: string; value: FilterValue }[] = state.type ? [{ key: '_t', value: state.type }] : [];
  for (const [key, values] of Object.entries(state.filters))
    for (const value of values) out.push({ key, value });
  return out;
}

// ---------- sorting and columns ----------

const SORTABLE_KINDS = new Set(['string', 'number', 'date', 'dateTime', 'enum', 'lov', 'boolean']);

/** Keys a person may sort by: relevance (with text), times, and the type's scalar properties. */
export function sortOptions(type: ItemType | undefined, withText: boolean): string[] {
  const keys = [...(withText ? ['_score'] : []), '_c.ts', '_m.ts'];
  if (!type) return [...keys, '_t'];
  for (const [k, p] of Object.entries(type.properties))
    if (SORTABLE_KINDS.has(p.kind) && !p.list && k !== 'url') keys.push(k);
  return keys;
}

/** Dates and relevance sort newest/best first; everything else A to Z. */
export function defaultOrder(key: string, prop?: PropertyDef): Order {
  return key === '_score' || isDateKey(key, prop) ? 'desc' : 'asc';
}

export function setSort(state: SearchState, key: string, order: Order): SearchState {
  return { ...state, sort: [{ key, order }], page: 0 };
}

/** TABLE columns: the person's choice, else the screen's defaults (the type's default headers). */
export function tableColumns(
  state: SearchState,
  type: ItemType | undefined,
  defaults?: readonly string[],
): string[] {
  if (state.columns?.length) return state.columns;
  if (defaults) return [...defaults];
  return type ? [...type.defaultHeaders] : ['_t', '_c', '_c.ts'];
}

/** Who looks at a list, for the columns it shows by default. */
export interface Viewer {
  admin: boolean;
  /** The deployment names key capabilities (key-caps.ts): one community's own. */
  dedicated: boolean;
}

/**
 * A screen's default TABLE columns for this viewer (ListScreenDecl.headers): the type's default
 * headers without the admin-only ones for others, with the shared-deployment admin's extras.
 */
export function screenColumns(screen: ScreenDef, type: ItemType | undefined, viewer: Viewer): string[] {
  const base = type ? [...type.defaultHeaders] : ['_t', '_c', '_c.ts'];
  const rules = screen.headers;
  if (!rules) return base;
  const hidden = new Set(viewer.admin ? [] : (rules.adminOnly ?? []));
  const extra = viewer.admin && !viewer.dedicated ? (rules.sharedAdmin ?? []) : [];
  return [...new Set([...base.filter((k) => !hidden.has(k)), ...extra])];
}

const HIDDEN_COLUMN_KINDS = new Set(['json', 'geometry', 'file']);

export function columnOptions(type: ItemType | undefined): string[] {
  const generic = ['_i', '_c', '_c.ts', '_m.ts', '$access', 'owner'];
  if (!type) return ['_t', ...generic];
  const own = Object.entries(type.properties)
    .filter(([, p]) => !HIDDEN_COLUMN_KINDS.has(p.kind) && p.write !== 'system')
    .map(([k]) => k);
  return [...new Set([...own, ...generic])];
}

export function toggleColumn(
  state: SearchState,
  type: ItemType | undefined,
  key: string,
  defaults?: readonly string[],
): SearchState {
  const cols = tableColumns(state, type, defaults);
  // Taking one away keeps the order; a new one goes to the end.
  const next = cols.includes(key) ? cols.filter((c) => c !== key) : [...cols, key];
  return { ...state, columns: next.length ? next : cols };
}

/**
 * The property a type's label is made of, when it is one property ('{title}', '{displayName|legalName}'):
 * a TABLE shows that column as the item's name instead of adding a name column.
 */
export function labelKey(type: ItemType | undefined): string | null {
  const m = /^\{([A-Za-z_$][\w$]*)(\|[^{}]*)?\}$/.exec(type?.label ?? '');
  return m ? m[1]! : null;
}

/** A new display; the timeline runs along a date, so it sorts by one (newest first). */
export function setDisplay(
  screen: ScreenDef,
  state: SearchState,
  env: TypeEnv,
  displayAs: DisplayAs,
): SearchState {
  const next = { ...state, displayAs };
  if (displayAs !== 'TIMELINE') return next;
  const s = shownSort(screen, state);
  const type = effectiveType(screen, state);
  if (isDateKey(s.key, propertyOf(env, type, s.key))) return next;
  return { ...next, sort: [{ key: screen.dateKey, order: 'desc' }], page: 0 };
}

// ---------- live lists ----------

/** The types to watch: those the query names, else every type the general search covers. */
export function watchTypes(must: Clause, env: TypeEnv): string[] {
  const named = (must._t ?? []).filter((t): t is string => typeof t === 'string');
  if (named.length) return named;
  return env.names.filter((n) => !env.type(n)?.excludeGeneralSearch);
}

/**
 * The match filter of the type watch: the `must` clause without the text, the type (the watch
 * names it) and date ranges (a watch compares values, not ranges). It may match more than the
 * search does; a push only makes the list fetch again.
 */
export function watchFilter(must: Clause): MatchFilter {
  const out: MatchFilter = {};
  for (const [key, values] of Object.entries(must)) {
    if (key === TEXT_KEY || key === '_t' || DATE_KEYS.has(key)) continue;
    if (values.some((v) => typeof v === 'string' && v.includes('..') && /\d{4}-/.test(v))) continue;
    out[key] = values;
  }
  return out;
}
