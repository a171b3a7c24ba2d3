import { describe, expect, it } from 'vitest';
import { coreTypes } from '../../modules/core/types';
import { coreViews } from '../../modules/core/views';
import { listScreens, SEARCH_SCREEN } from './screens';
import {
  findByHashQuery,
  fromSavedSearch,
  randomHash,
  toSavedSearch,
  viewPath,
  withParam,
} from './saved-search';
import { initialState, setSort, toggleFilter, type SearchState, type TypeEnv } from './search-model';

// The list screens are core's `list` views (its manifest), as the client receives them.
const LIST_SCREENS = listScreens(coreViews);
const listScreen = (name: string) => LIST_SCREENS.find((s) => s.name === name);

const byName = new Map(coreTypes.map((t) => [t.name, t]));
const env: TypeEnv = { type: (n) => byName.get(n), names: coreTypes.map((t) => t.name) };

describe('saved views', () => {
  it('stores the state as a SavedSearch and reads it back exactly', () => {
    let s: SearchState = { ...initialState(SEARCH_SCREEN), text: 'river ', displayAs: 'TABLE' };
    s = toggleFilter(s, '_t', 'Agreement');
    s = toggleFilter(s, 'state', 'ACTIVE');
    s = toggleFilter(s, '_c.ts', 'lastWeek');
    s = setSort(s, 'title', 'asc');
    const saved = toSavedSearch(SEARCH_SCREEN, s, env, ' Riverbend agreements ', 'abc');
    expect(saved).toEqual({
      name: 'Riverbend agreements',
      itemTypeName: 'Agreement',
      displayAs: 'TABLE',
      criteria: {
        filters: [
          { prop: 'state', kind: 'must', value: ['ACTIVE'] },
          { prop: '_c.ts', kind: 'must', value: ['lastWeek'] },
        ],
        groups: [],
        groupsShould: [],
      },
      selectedFacets: ['state', 'with', 'kind', 'owner', '$access', '_c.ts'],
      searchString: 'river',
      sortBy: [{ key: 'title', order: 'asc' }],
      showFacets: true,
      hash: 'abc',
    });
    const back = fromSavedSearch(
      JSON.parse(JSON.stringify(saved)) as Record<string, unknown>,
      SEARCH_SCREEN,
      env,
      initialState(SEARCH_SCREEN),
    );
    expect(back).toEqual({ ...s, text: 'river', page: 0 });
  });

  it('keeps a list screen’s default sort and leaves out its own type', () => {
    const contacts = listScreen('my-contacts')!;
    const saved = toSavedSearch(contacts, initialState(contacts), env, 'People', 'h');
    expect(saved.itemTypeName).toBe('Contact');
    expect(saved.sortBy[0]).toEqual({ key: 'lastName', order: 'asc' });
    // Reopened on the general search, the type is a narrowing.
    const s = fromSavedSearch({ ...saved }, SEARCH_SCREEN, env, initialState(SEARCH_SCREEN));
    expect(s.type).toBe('Contact');
    expect(s.sort[0]?.key).toBe('lastName');
  });

  it('reads odd data defensively', () => {
    const base = initialState(SEARCH_SCREEN);
    const s = fromSavedSearch(
      {
        itemTypeName: 'NoSuchType',
        // MAP is a mode now (the spatial module's); an unknown one falls back to LIST.
        displayAs: 'GLOBE',
        criteria: { filters: [{ prop: 'state', value: 'DRAFT' }, { prop: 3 }, { prop: '_t', value: ['X'] }] },
        sortBy: [{ key: 'x', order: 'sideways' }, 'nonsense'],
        showFacets: 'yes',
      },
      SEARCH_SCREEN,
      env,
      base,
    );
    expect(s.type).toBeNull();
    expect(s.displayAs).toBe('LIST');
    expect(s.filters).toEqual({ state: ['DRAFT'] });
    expect(s.sort).toEqual([{ key: 'x', order: 'asc' }]);
    expect(s.showFacets).toBe(true);
  });

  it('makes unguessable hashes and links', () => {
    const a = randomHash();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHash()).not.toBe(a);
    expect(viewPath('sto:lo crossing', 'ab12')).toBe('/search?c0=sto%3Alo+crossing&h=ab12');
    expect(viewPath('', 'ab12')).toBe('/search?h=ab12');
    expect(findByHashQuery('ab12')).toEqual({ must: { _t: ['SavedSearch'], hash: ['ab12'] }, max: 1 });
  });

  it('sets one query parameter and keeps the others', () => {
    expect(withParam('?c0=a&h=x&c1=r%3Asearch', 'c0', 'b c')).toBe('?c0=b+c&h=x&c1=r%3Asearch');
    expect(withParam('?c0=a&h=x', 'c0', '')).toBe('?h=x');
    expect(withParam('', 'c0', null)).toBe('');
  });
});
