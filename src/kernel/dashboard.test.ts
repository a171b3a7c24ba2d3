import { describe, expect, it } from 'vitest';
import { cardSearchQuery, DEFAULT_CARD_ITEMS, MAX_CARD_ITEMS, type CardDecl } from './dashboard';

const base = { id: 'c', dashboard: 'd', titleKey: 't', width: 'THIRD' } as const;
const query = {
  types: ['Thread'],
  must: { resolved: [false] },
  sort: [{ key: '_m.ts', order: 'desc' }],
} as const;

describe('cardSearchQuery', () => {
  it('a search card: its types, filters, sort, labels and a few items', () => {
    expect(cardSearchQuery({ ...base, kind: 'search', settings: { query } })).toEqual({
      must: { _t: ['Thread'], resolved: [false] },
      sort: [{ key: '_m.ts', order: 'desc' }],
      labels: true,
      max: DEFAULT_CARD_ITEMS,
    });
    const many: CardDecl = { ...base, kind: 'search', settings: { query: { types: null, max: 5000 } } };
    expect(cardSearchQuery(many)).toEqual({ must: {}, labels: true, max: MAX_CARD_ITEMS });
  });

  it('leaves out the values of mustNot, and sends none when it is empty', () => {
    const recent: CardDecl = {
      ...base,
      kind: 'search',
      settings: { query: { types: null, mustNot: { _t: ['User'] } } },
    };
    expect(cardSearchQuery(recent)).toEqual({
      must: {},
      mustNot: { _t: ['User'] },
      labels: true,
      max: DEFAULT_CARD_ITEMS,
    });
    const none: CardDecl = { ...base, kind: 'count', settings: { query: { types: null, mustNot: {} } } };
    expect(cardSearchQuery(none)).toEqual({ must: {}, max: 0 });
  });

  it('a count asks for the total alone, a chart for the facet', () => {
    expect(cardSearchQuery({ ...base, kind: 'count', settings: { query } })).toMatchObject({ max: 0 });
    expect(
      cardSearchQuery({ ...base, kind: 'chart', settings: { query: { types: null }, facet: '_t' } }),
    ).toEqual({ must: {}, facets: ['_t'], max: 0 });
    // A series chart asks its act, not the search.
    expect(
      cardSearchQuery({ ...base, kind: 'chart', settings: { act: 'cnsDeskChart', watch: ['Thread'] } }),
    ).toBeNull();
  });

  it('a calendar searches the shown range on its date key, as the search reads a range', () => {
    const cal: CardDecl = {
      ...base,
      kind: 'calendar',
      settings: { query: { types: ['Thread'] }, dateKey: 'due' },
    };
    expect(
      cardSearchQuery(cal, { from: '2026-11-01T00:00:00.000Z', to: '2026-12-06T00:00:00.000Z' }),
    ).toEqual({
      must: { _t: ['Thread'], due: ['2026-11-01T00:00:00Z..2026-12-06T00:00:00Z'] },
      sort: [{ key: 'due', order: 'asc' }],
      labels: true,
      max: MAX_CARD_ITEMS,
    });
  });

  it('a component card has no search', () => {
    expect(cardSearchQuery({ ...base, kind: 'component', settings: { component: 'X' } })).toBeNull();
  });
});

describe('calendar sources', () => {
  it('are the card’s own query, date and event words, then its `also`', async () => {
    const { calendarSources, calendarSearchQuery, resolveCardValues } = await import('./dashboard');
    const settings = {
      query: { types: ['Consultation'] },
      dateKey: 'requestedResponseDate',
      eventKey: 'e.requested',
      also: [{ query: { types: ['Meeting'], must: { owner: ['$me'] } }, dateKey: 'date' }],
    };
    const sources = calendarSources(settings);
    expect(sources).toEqual([
      { query: { types: ['Consultation'] }, dateKey: 'requestedResponseDate', eventKey: 'e.requested' },
      { query: { types: ['Meeting'], must: { owner: ['$me'] } }, dateKey: 'date' },
    ]);
    const q = calendarSearchQuery(sources[1]!, {
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    });
    expect(q.must).toEqual({
      _t: ['Meeting'],
      owner: ['$me'],
      date: ['2026-11-01T00:00:00Z..2026-12-01T00:00:00Z'],
    });
    const r = resolveCardValues(q, 'User-7', new Date('2026-11-24T10:00:00.500Z'));
    expect(r.must.owner).toEqual(['User-7']);
    expect(
      resolveCardValues({ must: { d: ['..$now'] } }, null, new Date('2026-11-24T10:00:00.500Z')).must.d,
    ).toEqual(['..2026-11-24T10:00:00Z']);
  });
});
