import type { SortKey, ViewGate } from './view';

// Dashboards as data (issue 12 §5; spec capability-modules §2 "Dashboards", §6, §9): a module's
// manifest declares its dashboards and the cards on them, its own or another module's (registered
// after it). The server sends them in the page's config; the client lays the cards out on a
// 12-column grid and reads each card's data with the ordinary search, so the policy decides what
// a card shows. Only a `component` card needs code of its module's client half.

/** Where a dashboard lives: the home screen, and the capability screens of the spec. */
export const DASHBOARD_LOCATIONS = ['HOME', 'CONSULT', 'RESEARCH', 'VOCAB'] as const;
export type DashboardLocation = (typeof DASHBOARD_LOCATIONS)[number];

export interface DashboardDecl {
  /** Unique across modules ("dashboard X already registered"): 'home', 'consult'. */
  key: string;
  location: DashboardLocation;
  titleKey: string;
  /** The dashboard's own actions, beside its title (the desk's "Log a referral"). */
  actions?: readonly DashboardAction[];
  /**
   * The help page that explains it (a key of /docs), beside its title: the first whose gate the
   * person passes, so each audience is sent to its own guide.
   */
  help?: readonly DashboardHelp[];
}

/** A help link of a dashboard: a help page (/docs/{doc}) for those its gate lets in. */
export interface DashboardHelp extends ViewGate {
  doc: string;
}

/**
 * An action beside a dashboard's title: creating an item of `createType` with the type's own
 * create dialog (ClientModule.createDialogs) or the generic one, offered only to those who may
 * create one (isAllowed, as a list's New button), then opening it.
 */
export interface DashboardAction {
  id: string;
  labelKey: string;
  createType: string;
}

export const CARD_KINDS = ['search', 'count', 'calendar', 'chart', 'component'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

export const CARD_WIDTHS = ['THIRD', 'TWO_THIRDS', 'FULL'] as const;
export type CardWidth = (typeof CARD_WIDTHS)[number];

/** Columns of the 12-column dashboard grid a card spans, by width (phones: every card is full). */
export const CARD_COLUMNS: Readonly<Record<CardWidth, number>> = { THIRD: 4, TWO_THIRDS: 8, FULL: 12 };

/** The consultation default card height, in grid units (spec capability-modules §9). */
export const DEFAULT_CARD_HEIGHT = 4;
/** The tallest card, in grid units. */
export const MAX_CARD_HEIGHT = 12;
/** The most items a search card lists, and the most events a calendar card reads. */
export const MAX_CARD_ITEMS = 200;

/** A card's search: the query the client sends with `search/ids`, so the policy applies. */
export interface CardQuery {
  /** The types searched; null: every type of the general search. */
  types: readonly string[] | null;
  /** Further must filters (key → accepted values), as the search query has them. */
  must?: Readonly<Record<string, readonly (string | number | boolean | null)[]>>;
  /** Values left out (key → refused values): recent changes leave out the people's own User items. */
  mustNot?: Readonly<Record<string, readonly (string | number | boolean | null)[]>>;
  sort?: readonly SortKey[];
  /** How many items (search), or events (calendar), at most. */
  max?: number;
}

export interface SearchCardSettings {
  query: CardQuery;
  /** A view that lists all of them (the card's "show all" link). */
  listView?: string;
  /**
   * The list view's preset that is the card's own filter (ListScreenDecl.presets): "show all"
   * opens the list with it on, not the whole list.
   */
  listPreset?: string;
  /**
   * For a card of one type: the fields on each row's second line, in order (a response's due
   * date and workflow state), instead of the type's name.
   */
  rowFields?: readonly string[];
  /** For a card of one type: a date property whose passing marks the row overdue, in words and colour. */
  dueKey?: string;
}
export interface CalendarSource {
  query: CardQuery;
  /** The date or dateTime property the events are placed at. */
  dateKey: string;
  /** The message of an event's title, given the item's label as {{title}} ("Response due: {{title}}"). */
  eventKey?: string;
  /**
   * With a date key: the properties holding the event's start and end times of day ("HH:MM",
   * UTC, as a Meeting's `start` and `end`). An item with a start time is a timed event, shown
   * at its hours; one without stays all day.
   */
  timeKeys?: { start: string; end?: string };
}
export interface CalendarCardSettings extends CalendarSource {
  listView?: string;
  /**
   * More kinds of events on the same calendar (a consultation's requested date, a response's due
   * date, the person's step due dates, meetings): each its own search, so the policy decides each.
   */
  also?: readonly CalendarSource[];
}

/** A calendar card's sources of events: its own query and date, then `also`'s. */
export function calendarSources(s: CalendarCardSettings): CalendarSource[] {
  return [
    { query: s.query, dateKey: s.dateKey, ...(s.eventKey ? { eventKey: s.eventKey } : {}) },
    ...(s.also ?? []),
  ];
}

/** The search of one calendar source over the shown range (`from` inclusive, `to` exclusive, ISO). */
export function calendarSearchQuery(
  src: CalendarSource,
  range?: { from: string; to: string },
): CardSearchBody {
  const q = src.query;
  const must: CardSearchBody['must'] = {};
  if (q.types) must._t = [...q.types];
  for (const [k, v] of Object.entries(q.must ?? {})) must[k] = [...v];
  const not = q.mustNot && Object.keys(q.mustNot).length ? { mustNot: copyClause(q.mustNot) } : {};
  // The search reads "from..to" as a range only without fractions of a second.
  if (range) must[src.dateKey] = [`${noMillis(range.from)}..${noMillis(range.to)}`];
  return {
    must,
    ...not,
    sort: [{ key: src.dateKey, order: 'asc' }],
    labels: true,
    max: Math.min(q.max ?? MAX_CARD_ITEMS, MAX_CARD_ITEMS),
  };
}

/**
 * A card query's values as one person asks them now: `$me` is their id, `$now` the current time
 * (as list presets have them), so a card can say "assigned to me" or "overdue".
 */
export function resolveCardValues<
  B extends { must: CardSearchBody['must']; mustNot?: CardSearchBody['mustNot'] },
>(body: B, me: string | null, now: Date): B {
  const at = noMillis(now.toISOString());
  const map = (c: CardSearchBody['must']) =>
    Object.fromEntries(
      Object.entries(c).map(([k, vs]) => [
        k,
        vs.map((v) => (typeof v === 'string' ? v.replaceAll('$me', me ?? '').replaceAll('$now', at) : v)),
      ]),
    );
  return { ...body, must: map(body.must), ...(body.mustNot ? { mustNot: map(body.mustNot) } : {}) };
}
/** A bar chart of one facet's counts, from the card's search. */
export interface FacetChartSettings {
  query: CardQuery;
  /** The facet whose counts the bar chart shows ('_t': items by type). */
  facet: string;
  listView?: string;
}
/**
 * A chart of series a module's act computes (an aggregation a search's facets cannot give: counts
 * per month, a median). The act runs as the person and must count only what they may read (the
 * policy's SQL form, readableSql); it replies with a ChartSeries. `watch`: the types whose
 * changes fetch it again, as a search card's types do.
 */
export interface SeriesChartSettings {
  act: string;
  /** The act's body (none: {}). */
  body?: Readonly<Record<string, unknown>>;
  watch: readonly string[];
  listView?: string;
}
export type ChartCardSettings = FacetChartSettings | SeriesChartSettings;

export const isSeriesChart = (s: ChartCardSettings): s is SeriesChartSettings => 'act' in s;

/**
 * What a chart act replies: categories along the x axis (months 'YYYY-MM', …), series of values
 * one per category (bars, or a line), and summary figures shown and said beside the chart.
 */
export interface ChartSeries {
  categories: string[];
  /** The message key of what the categories are, heading the table ('dashboard.chart.period' when left out). */
  categoryHeadingKey?: string;
  /** Categories that are words of the bundle, not names: category → message key ("Others"). */
  categoryLabelKeys?: Record<string, string>;
  /** 'money': the series' values are whole cents, shown as money (kernel/money.ts). */
  format?: 'money';
  series: { key: string; labelKey: string; values: (number | null)[]; kind?: 'bar' | 'line' }[];
  summary?: { key: string; labelKey: string; value: number | null; format?: 'money' }[];
}
export interface ComponentCardSettings {
  /** The name of a component in the module's client half (ClientModule.dashboardCards). */
  component: string;
  /** Passed to the component as it is. */
  props?: Readonly<Record<string, unknown>>;
}

interface CardBase extends ViewGate {
  /** Unique across modules ("card X already registered"): 'core.home.conversations'. */
  id: string;
  /** The dashboard's key. */
  dashboard: string;
  titleKey: string;
  width: CardWidth;
  /** In grid units (DEFAULT_CARD_HEIGHT when left out). */
  height?: number;
  /** Lower first, across modules (0 when left out); ties keep registration order. */
  order?: number;
  /** What an empty card says: what belongs there ('dashboard.empty' when left out). */
  emptyKey?: string;
  /** The primary action an empty card offers: a link to a view, shown to those its gate lets in. */
  emptyAction?: { labelKey: string; view: string };
}

export type CardDecl = CardBase &
  (
    | { kind: 'search'; settings: SearchCardSettings }
    | { kind: 'count'; settings: SearchCardSettings }
    | { kind: 'calendar'; settings: CalendarCardSettings }
    | { kind: 'chart'; settings: ChartCardSettings }
    | { kind: 'component'; settings: ComponentCardSettings }
  );

/** A card as the registry keeps it and the config sends it: with its module and its height. */
export type RegisteredCard = CardDecl & { module: string; height: number };

/**
 * What is wrong with a card's size, or null: a width of the grid, and a whole number of grid units
 * from 1 to MAX_CARD_HEIGHT.
 */
export function cardSizeProblem(c: { width: unknown; height?: unknown }): string | null {
  if (!(CARD_WIDTHS as readonly unknown[]).includes(c.width))
    return `width ${String(c.width)} is not one of ${CARD_WIDTHS.join(', ')}`;
  const h = c.height ?? DEFAULT_CARD_HEIGHT;
  if (typeof h !== 'number' || !Number.isInteger(h) || h < 1 || h > MAX_CARD_HEIGHT)
    return `height ${String(h)} is not a whole number from 1 to ${MAX_CARD_HEIGHT}`;
  return null;
}

/** The cards of a dashboard in their order. */
export function cardsOf(cards: readonly RegisteredCard[], dashboard: string): RegisteredCard[] {
  return cards
    .map((c, i) => [c, i] as const)
    .filter(([c]) => c.dashboard === dashboard)
    .sort(([a, i], [b, j]) => (a.order ?? 0) - (b.order ?? 0) || i - j)
    .map(([c]) => c);
}

/** How many items a search card lists when its query says no `max`. */
export const DEFAULT_CARD_ITEMS = 8;

/** The search/ids body of a query card (the shape of protocol/query.ts SearchQuery). */
export interface CardSearchBody {
  must: Record<string, (string | number | boolean | null)[]>;
  mustNot?: Record<string, (string | number | boolean | null)[]>;
  sort?: SortKey[];
  facets?: string[];
  labels?: boolean;
  max: number;
}

/**
 * The search a card sends (`search/ids`, so the policy decides what it shows): a search card's
 * first items with labels, a count's total alone, a chart's facet counts, and a calendar's items
 * whose date falls in the shown range (`from` inclusive, `to` exclusive, ISO).
 */
export function cardSearchQuery(card: CardDecl, range?: { from: string; to: string }): CardSearchBody | null {
  if (card.kind === 'component') return null;
  // A series chart asks its act, not the search.
  if (card.kind === 'chart' && isSeriesChart(card.settings)) return null;
  const q = (card.settings as SearchCardSettings | CalendarCardSettings | FacetChartSettings).query;
  const must: CardSearchBody['must'] = {};
  if (q.types) must._t = [...q.types];
  for (const [k, v] of Object.entries(q.must ?? {})) must[k] = [...v];
  const not = q.mustNot && Object.keys(q.mustNot).length ? { mustNot: copyClause(q.mustNot) } : {};
  const sort = q.sort?.length ? { sort: q.sort.map((s) => ({ ...s })) } : {};
  const max = Math.min(q.max ?? DEFAULT_CARD_ITEMS, MAX_CARD_ITEMS);
  switch (card.kind) {
    case 'search':
      return { must, ...not, ...sort, labels: true, max };
    case 'count':
      return { must, ...not, max: 0 };
    case 'chart':
      return { must, ...not, facets: [(card.settings as FacetChartSettings).facet], max: 0 };
    case 'calendar':
      return calendarSearchQuery(card.settings, range);
  }
}

function copyClause(c: NonNullable<CardQuery['mustNot']>): NonNullable<CardSearchBody['mustNot']> {
  return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, [...v]]));
}

const noMillis = (iso: string) => iso.replace(/\.\d+(Z|[+-]\d\d:\d\d)?$/, '$1');
