import { describe, expect, it } from 'vitest';
import { coreTypes } from '../../modules/core/types';
import {
  detailKeys,
  emptyKeys,
  facetsBeside,
  FACETS_BESIDE_MIN_WIDTH,
  labelKeys,
  stateKeys,
} from './row-model';
import { isPlainClick, type ClickLike } from '../shell/cell-href';

const byName = new Map(coreTypes.map((t) => [t.name, t]));
const type = (n: string) => byName.get(n)!;

describe('what a result row shows', () => {
  it('reads the keys a label is made of, the first of alternatives', () => {
    expect([...labelKeys(type('Contact'))].sort()).toEqual(['firstName', 'lastName']);
    expect([...labelKeys(type('Organization'))]).toEqual(['displayName']);
    expect([...labelKeys(type('User'))]).toEqual(['name']);
    expect(labelKeys(undefined).size).toBe(0);
  });

  it('shows the default headers the label does not already say, organisation, e-mail and phone for a contact', () => {
    expect(detailKeys(type('Contact'))).toEqual(['email', '_related', 'officePhone']);
    // The creation date goes when other facts remain.
    expect(detailKeys(type('Organization'))).toEqual(['type']);
    expect(detailKeys(type('Thread'))).toEqual(['assignedTo', 'assignedDue']);
    // A user's label is the name when there is one: the e-mail stays beside it.
    expect(detailKeys(type('User'))).toEqual(['email']);
    expect(detailKeys(undefined)).toEqual([]);
  });

  it('keeps the creation date when it is the only fact', () => {
    expect(detailKeys({ ...type('Agreement'), defaultHeaders: ['title', 'state', '_c.ts'] })).toEqual([
      '_c.ts',
    ]);
  });

  it('shows states as chips, not in the secondary line, and leaves system bookkeeping out', () => {
    expect(stateKeys(type('Agreement'))).toEqual(['state']);
    expect(detailKeys(type('Agreement'))).toEqual(['with']);
    expect(stateKeys(type('LOVValue'))).toEqual(['state']);
    // A thread's syncState is written by the system only.
    expect(stateKeys(type('Thread'))).toEqual([]);
  });
});

describe('a click on a row link', () => {
  const click = (over: Partial<ClickLike> = {}): ClickLike => ({
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    ...over,
  });

  it('opens the item in the next cell only when plain', () => {
    expect(isPlainClick(click())).toBe(true);
    expect(isPlainClick(click({ button: 1 }))).toBe(false);
    expect(isPlainClick(click({ ctrlKey: true }))).toBe(false);
    expect(isPlainClick(click({ metaKey: true }))).toBe(false);
    expect(isPlainClick(click({ shiftKey: true }))).toBe(false);
    expect(isPlainClick(click({ altKey: true }))).toBe(false);
    expect(isPlainClick(click({ defaultPrevented: true }))).toBe(false);
  });
});

describe('layout and empty lists', () => {
  it('puts the facets beside the results from the threshold up', () => {
    expect(facetsBeside(FACETS_BESIDE_MIN_WIDTH)).toBe(true);
    expect(facetsBeside(FACETS_BESIDE_MIN_WIDTH - 1)).toBe(false);
    expect(facetsBeside(390)).toBe(false);
  });

  it('looks up the screen’s words first, then the type’s', () => {
    expect(emptyKeys('my-contacts', 'Contact')).toEqual([
      'search.empty.screens.my-contacts',
      'search.empty.types.Contact',
    ]);
    expect(emptyKeys('admin.lovs', null)).toEqual(['search.empty.screens.admin_lovs']);
  });
});
