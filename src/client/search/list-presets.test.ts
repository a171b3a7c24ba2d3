import { describe, expect, it } from 'vitest';
import { coreTypes } from '../../modules/core/types';
import type { ListPreset } from '../../kernel/view';
import {
  buildQuery,
  initialState,
  resolvePreset,
  screenColumns,
  tableColumns,
  toggleColumn,
  toggleFilter,
  togglePreset,
  type ScreenDef,
  type TypeEnv,
} from './search-model';

// The list declarations' presets and per-viewer columns (kernel/view.ts ListScreenDecl), as
// consult.responses uses them; tried on core's Contact so the test needs no module's types.

const byName = new Map(coreTypes.map((t) => [t.name, t]));
const env: TypeEnv = { type: (n) => byName.get(n), names: coreTypes.map((t) => t.name) };
const now = new Date('2026-11-24T10:00:00.000Z');
const overdue: ListPreset = {
  id: 'overdue',
  titleKey: 'x.overdue',
  must: { lastName: ['..$now'], email: ['PENDING'] },
};
const mine: ListPreset = { id: 'mine', titleKey: 'x.mine', must: { _c: ['$me'] } };
const screen: ScreenDef = {
  name: 'people',
  titleKey: 'x',
  types: ['Contact'],
  defaultSort: [],
  displayAs: 'TABLE',
  dateKey: '_c.ts',
  presets: [overdue, mine],
  headers: { adminOnly: ['email'], sharedAdmin: ['owner'] },
};

describe('list presets', () => {
  it('resolve $me and $now into plain values', () => {
    expect(resolvePreset(overdue, 'User-4', now)).toEqual({
      lastName: ['..2026-11-24T10:00:00.000Z'],
      email: ['PENDING'],
    });
    expect(resolvePreset(mine, 'User-4', now)).toEqual({ _c: ['User-4'] });
  });

  it('add a sub-query while on, one at a time, and go off on a second click', () => {
    let s = initialState(screen);
    expect(buildQuery(screen, s, env, now).subs).toBeUndefined();
    s = togglePreset(s, overdue, 'User-4', now);
    expect(buildQuery(screen, s, env, now).subs).toEqual([
      { must: { lastName: ['..2026-11-24T10:00:00.000Z'], email: ['PENDING'] } },
    ]);
    s = togglePreset(s, mine, 'User-4', now);
    expect(s.preset?.id).toBe('mine');
    expect(buildQuery(screen, s, env, now).subs).toEqual([{ must: { _c: ['User-4'] } }]);
    s = togglePreset(s, mine, 'User-4', now);
    expect(s.preset).toBeNull();
    expect(buildQuery(screen, s, env, now).subs).toBeUndefined();
  });

  it('send a list’s mustAny as one sub-query of alternatives, beside its must and a preset', () => {
    const any: ScreenDef = {
      ...screen,
      must: { owner: ['Organization-1'] },
      mustAny: [{ _t: ['Contact'], email: ['$me'] }, { lastName: ['..$now'] }],
    };
    const s = togglePreset(initialState(any), mine, 'User-4', now);
    expect(buildQuery(any, s, env, now, 'User-4').subs).toEqual([
      { must: { owner: ['Organization-1'] } },
      {
        subsShould: [
          { must: { _t: ['Contact'], email: ['User-4'] } },
          { must: { lastName: ['..2026-11-24T10:00:00.000Z'] } },
        ],
      },
      { must: { _c: ['User-4'] } },
    ]);
  });

  it('narrow what the facets chose instead of replacing it, and start again at page one', () => {
    let s = { ...toggleFilter(initialState(screen), 'email', 'a@b.c'), page: 3 };
    s = togglePreset(s, overdue, null, now);
    expect(s.page).toBe(0);
    const q = buildQuery(screen, s, env, now);
    expect(q.must?.email).toEqual(['a@b.c']);
    expect(q.subs?.[0]?.must?.email).toEqual(['PENDING']);
  });
});

describe('per-viewer default columns', () => {
  const contact = byName.get('Contact');
  const base = ['lastName', 'firstName', 'email', '_related', 'officePhone'];

  it('leave admin-only columns out for others and add the shared admin’s', () => {
    expect(screenColumns(screen, contact, { admin: false, dedicated: false })).toEqual(
      base.filter((c) => c !== 'email'),
    );
    expect(screenColumns(screen, contact, { admin: true, dedicated: false })).toEqual([...base, 'owner']);
    // A dedicated deployment's admin is one community's: no extra column.
    expect(screenColumns(screen, contact, { admin: true, dedicated: true })).toEqual(base);
    // A screen without rules keeps the type's headers.
    const plain = { ...screen, headers: undefined };
    expect(screenColumns(plain, contact, { admin: false, dedicated: false })).toEqual(base);
  });

  it('are where a person’s column choice starts', () => {
    const defaults = screenColumns(screen, contact, { admin: false, dedicated: false });
    let s = initialState(screen);
    expect(tableColumns(s, contact, defaults)).toEqual(defaults);
    s = toggleColumn(s, contact, 'mobilePhone', defaults);
    expect(tableColumns(s, contact, defaults)).toEqual([...defaults, 'mobilePhone']);
  });
});
