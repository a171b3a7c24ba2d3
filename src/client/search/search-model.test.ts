import { describe, expect, it } from 'vitest';
import { coreTypes } from '../../modules/core/types';
import { dateBands } from '../../protocol/date-bands';
import { coreViews } from '../../modules/core/views';
import { listScreens, SEARCH_SCREEN } from './screens';
import {
  activeFilters,
  bucketFilterValue,
  buildQuery,
  clearFilters,
  columnOptions,
  effectiveType,
  facetKeys,
  initialState,
  isSelected,
  labelKey,
  pageCount,
  removeFilter,
  setDisplay,
  setSort,
  shownSort,
  sortOptions,
  tableColumns,
  toggleColumn,
  toggleFilter,
  watchFilter,
  watchTypes,
  type TypeEnv,
} from './search-model';

// The list screens are core's `list` views (its manifest), as the client receives them.
const LIST_SCREENS = listScreens(coreViews);
const listScreen = (name: string) => LIST_SCREENS.find((s) => s.name === name);

const byName = new Map(coreTypes.map((t) => [t.name, t]));
const env: TypeEnv = { type: (n) => byName.get(n), names: coreTypes.map((t) => t.name) };
const now = new Date('2026-05-10T15:00:00.000Z');
const contacts = listScreen('my-contacts')!;

describe('buildQuery', () => {
  it('asks the general search for the type facet, labels and the first page', () => {
    const q = buildQuery(SEARCH_SCREEN, initialState(SEARCH_SCREEN), env, now);
    expect(q).toEqual({
      must: {},
      facets: ['_t', 'owner', '$access', '_c.ts'],
      labels: true,
      max: 50,
      offset: 0,
    });
  });

  it('puts the text, the type and facet filters into must; date bands become ranges', () => {
    let s = { ...initialState(SEARCH_SCREEN), text: '  river  ' };
    s = toggleFilter(s, '_t', 'Agreement');
    s = toggleFilter(s, 'state', 'ACTIVE');
    s = toggleFilter(s, '_c.ts', 'today');
    const q = buildQuery(SEARCH_SCREEN, { ...s, page: 2 }, env, now);
    const today = dateBands(now).find((b) => b.band === 'today')!.value;
    expect(q.must).toEqual({ _t: ['Agreement'], state: ['ACTIVE'], '_c.ts': [today], $text: ['river'] });
    expect(q.facets).toEqual(['state', 'with', 'kind', 'owner', '$access', '_c.ts']);
    expect(q.offset).toBe(100);
    expect(q.sort).toBeUndefined();
  });

  it('uses a list screen’s type, default sort and date key', () => {
    const q = buildQuery(contacts, initialState(contacts), env, now);
    expect(q.must).toEqual({ _t: ['Contact'] });
    expect(q.sort).toEqual([
      { key: 'lastName', order: 'asc' },
      { key: 'firstName', order: 'asc' },
    ]);
    expect(q.facets).toEqual(['_related', 'owner', '$access', '_c.ts']);
    const timeline = listScreen('timeline')!;
    const tq = buildQuery(timeline, initialState(timeline), env, now);
    expect(tq.sort).toEqual([{ key: '_m.ts', order: 'desc' }]);
    expect(tq.facets).toContain('_m.ts');
  });

  it('lists every type for all-items, also those left out of the general search', () => {
    const all = listScreen('admin.all-items')!;
    const q = buildQuery(all, initialState(all), env, now);
    expect(q.must?._t).toContain('Notify');
    expect(q.must?._t).toHaveLength(coreTypes.length);
    expect(all.adminOnly).toBe(true);
  });

  it('asks for no facets while they are hidden', () => {
    expect(
      buildQuery(SEARCH_SCREEN, { ...initialState(SEARCH_SCREEN), showFacets: false }, env).facets,
    ).toEqual([]);
  });

  it('sorts LOV values by list, then key', () => {
    for (const name of ['list-lov', 'admin.lovs']) {
      const s = listScreen(name)!;
      expect(buildQuery(s, initialState(s), env).sort?.map((x) => x.key)).toEqual(['list', 'key']);
    }
  });
});

describe('filters', () => {
  it('toggles a bucket on and off, back to page one', () => {
    let s = { ...initialState(SEARCH_SCREEN), page: 3 };
    s = toggleFilter(s, '$access', 'PUBLIC');
    expect(s.filters).toEqual({ $access: ['PUBLIC'] });
    expect(s.page).toBe(0);
    s = toggleFilter(s, '$access', 'COMMUNITY');
    expect(isSelected(s, '$access', 'COMMUNITY')).toBe(true);
    s = toggleFilter(s, '$access', 'PUBLIC');
    expect(s.filters).toEqual({ $access: ['COMMUNITY'] });
    s = removeFilter(s, '$access', 'COMMUNITY');
    expect(s.filters).toEqual({});
  });

  it('narrows to one type; a change of type drops the old type’s filters and sorts', () => {
    let s = toggleFilter(initialState(SEARCH_SCREEN), '_t', 'Agreement');
    expect(s.type).toBe('Agreement');
    expect(effectiveType(SEARCH_SCREEN, s)).toBe('Agreement');
    s = toggleFilter(s, 'state', 'DRAFT');
    s = toggleFilter(s, '$access', 'PRIVATE');
    s = setSort(s, 'title', 'asc');
    expect(activeFilters(s)).toEqual([
      { key: '_t', value: 'Agreement' },
      { key: 'state', value: 'DRAFT' },
      { key: '$access', value: 'PRIVATE' },
    ]);
    s = toggleFilter(s, '_t', 'Thread');
    expect(s.type).toBe('Thread');
    expect(s.filters).toEqual({ $access: ['PRIVATE'] });
    expect(s.sort).toEqual([]);
    s = toggleFilter(s, '_t', 'Thread');
    expect(s.type).toBeNull();
    expect(clearFilters(toggleFilter(s, 'owner', 'Organization-1')).filters).toEqual({});
  });

  it('filters by the band of a date bucket and by real booleans and numbers', () => {
    const band = { value: '2026-05-10T00:00:00.000Z..2026-05-11T00:00:00.000Z', count: 2, label: 'today' };
    expect(bucketFilterValue('_c.ts', band)).toBe('today');
    expect(bucketFilterValue('resolved', { value: 'true', count: 1 }, { kind: 'boolean' })).toBe(true);
    expect(bucketFilterValue('resolved', { value: 'false', count: 1 }, { kind: 'boolean' })).toBe(false);
    expect(bucketFilterValue('n', { value: '4', count: 1 }, { kind: 'number' })).toBe(4);
    expect(bucketFilterValue('state', { value: null, count: 1 }, { kind: 'enum' })).toBeNull();
    expect(bucketFilterValue('with', { value: 'Organization-4', count: 1, label: 'x' })).toBe(
      'Organization-4',
    );
  });

  it('has facets of the narrowed type', () => {
    const s = toggleFilter(initialState(SEARCH_SCREEN), '_t', 'Organization');
    expect(facetKeys(SEARCH_SCREEN, s, env)).toEqual(['type', 'owner', '$access', '_c.ts']);
  });

  it('adds the facets every type has (config itemFacets), with a type and without', () => {
    const all = { ...env, itemFacets: ['$tkLabels'] };
    const s = initialState(SEARCH_SCREEN);
    expect(facetKeys(SEARCH_SCREEN, s, all)).toEqual(['_t', 'owner', '$access', '_c.ts', '$tkLabels']);
    const typed = toggleFilter(s, '_t', 'Organization');
    expect(facetKeys(SEARCH_SCREEN, typed, all)).toContain('$tkLabels');
  });
});

describe('sorting and columns', () => {
  it('shows relevance with text and newest first without', () => {
    const s = initialState(SEARCH_SCREEN);
    expect(shownSort(SEARCH_SCREEN, s)).toEqual({ key: '_c.ts', order: 'desc' });
    expect(shownSort(SEARCH_SCREEN, { ...s, text: 'x' })).toEqual({ key: '_score', order: 'desc' });
    expect(shownSort(contacts, s)).toEqual({ key: 'lastName', order: 'asc' });
  });

  it('offers scalar properties of the type', () => {
    const opts = sortOptions(byName.get('Contact'), true);
    expect(opts.slice(0, 3)).toEqual(['_score', '_c.ts', '_m.ts']);
    expect(opts).toContain('lastName');
    expect(opts).not.toContain('_related');
    expect(sortOptions(undefined, false)).toEqual(['_c.ts', '_m.ts', '_t']);
  });

  it('uses the default headers until the person chooses columns', () => {
    const contact = byName.get('Contact');
    let s = initialState(contacts);
    expect(tableColumns(s, contact)).toEqual(['lastName', 'firstName', 'email', '_related', 'officePhone']);
    s = toggleColumn(s, contact, 'email');
    expect(tableColumns(s, contact)).toEqual(['lastName', 'firstName', '_related', 'officePhone']);
    s = toggleColumn(s, contact, 'mobilePhone');
    expect(tableColumns(s, contact)).toEqual([
      'lastName',
      'firstName',
      '_related',
      'officePhone',
      'mobilePhone',
    ]);
    expect(columnOptions(contact)).toContain('_c.ts');
    expect(tableColumns(initialState(SEARCH_SCREEN), undefined)).toEqual(['_t', '_c', '_c.ts']);
    // The last column stays.
    const one = { ...s, columns: ['lastName'] };
    expect(tableColumns(toggleColumn(one, contact, 'lastName'), contact)).toEqual(['lastName']);
  });

  it('names the one property a label is made of', () => {
    expect(labelKey(byName.get('Agreement'))).toBe('title');
    expect(labelKey(byName.get('Organization'))).toBe('displayName');
    expect(labelKey(byName.get('Contact'))).toBeNull();
    expect(labelKey(undefined)).toBeNull();
  });

  it('sorts a timeline by its date unless it already is', () => {
    const s = setSort(initialState(contacts), 'lastName', 'asc');
    expect(setDisplay(contacts, s, env, 'TIMELINE').sort).toEqual([{ key: '_c.ts', order: 'desc' }]);
    expect(setDisplay(contacts, s, env, 'TABLE').sort).toEqual(s.sort);
    const byDate = setSort(s, '_m.ts', 'asc');
    expect(setDisplay(contacts, byDate, env, 'TIMELINE').sort).toEqual(byDate.sort);
  });

  it('counts pages', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
  });
});

describe('live lists', () => {
  it('watches the named types with the must clause minus text, type and dates', () => {
    const must = {
      _t: ['Contact'],
      $text: ['moose'],
      _related: ['Organization-3'],
      '_c.ts': ['2026-05-10T00:00:00.000Z..2026-05-11T00:00:00.000Z'],
      assignedDue: ['2026-05-10T00:00:00.000Z..'],
    };
    expect(watchTypes(must, env)).toEqual(['Contact']);
    expect(watchFilter(must)).toEqual({ _related: ['Organization-3'] });
    expect(watchFilter({})).toEqual({});
  });

  it('watches every generally searchable type when no type is named', () => {
    const types = watchTypes({}, env);
    expect(types).toContain('Agreement');
    expect(types).not.toContain('Notify');
    expect(types).not.toContain('Message');
  });

  it('has one definition per list screen', () => {
    expect(LIST_SCREENS.map((s) => s.name)).toEqual([
      'admin.protocols',
      'admin.all-items',
      'admin.sysalerts',
      'my-contacts',
      'my-organizations',
      'timeline',
      'list-lov',
      'admin.lovs',
    ]);
  });
});
