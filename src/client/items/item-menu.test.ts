import { describe, expect, it } from 'vitest';
import { defineItemType } from '../../kernel/item-type';
import { defineClientModule, type ItemMenuEntry } from '../module-api';
import type { Item } from '../state/items';
import type { UserSession } from '../state/socket-client';
import { itemMenuLines, itemMenuOf } from './item-menu';

const access = { create: ['staff'], defaultLevel: 'PROTECTED' } as const;
const plain = defineItemType({ name: 'Thing', properties: {}, access });
// Like core's notifications: no history and no notification preference worth offering.
const quiet = defineItemType({ name: 'Note', properties: {}, history: false, notifyPrefs: false, access });
const item = { _t: 'Thing', $id: 'x1' } as Item;
const member = { $id: 'u1', admin: false } as UserSession;
const admin = { $id: 'u2', admin: true } as UserSession;
const Nothing = () => null;
const entry = (id: string, applies: ItemMenuEntry['applies'] = () => true): ItemMenuEntry => ({
  id,
  labelKey: `test.${id}`,
  applies,
  dialog: Nothing,
});
const keys = (o: Partial<Parameters<typeof itemMenuLines>[0]>) =>
  itemMenuLines({ item, type: plain, user: member, entries: [], inResults: false, ...o }).map((l) => l.key);

describe('the item menu', () => {
  it('offers Details, History and the notification preference to a signed-in user', () => {
    expect(keys({})).toEqual(['meta', 'timeline', 'notify']);
    expect(keys({ user: null })).toEqual([]);
    expect(keys({ user: admin })).toEqual(['meta', 'timeline', 'notify', 'raw']);
    expect(keys({ user: { ...member, masquerading: true } })).toEqual(['meta', 'timeline', 'notify', 'raw']);
  });

  it('leaves out History and the notification preference where the type declares so', () => {
    expect(keys({ type: quiet })).toEqual(['meta']);
    expect(keys({ type: quiet, user: admin, inResults: true })).toEqual(['meta', 'raw', 'previous', 'next']);
  });

  it('appends the modules’ entries that apply, before previous/next, each opening its dialog', () => {
    const onlyAdmins = entry('audit', (_i, _t, u) => u?.admin === true);
    const everyone = entry('map');
    const lines = itemMenuLines({
      item,
      type: plain,
      user: member,
      entries: [onlyAdmins, everyone],
      inResults: true,
    });
    expect(lines.map((l) => l.key)).toEqual(['meta', 'timeline', 'notify', 'm-map', 'previous', 'next']);
    expect(lines[3]).toEqual({ key: 'm-map', labelKey: 'test.map', action: { dialog: { entry: everyone } } });
    expect(keys({ user: admin, entries: [onlyAdmins, everyone] })).toContain('m-audit');
  });

  it('refuses a menu entry id registered twice', () => {
    const modules = [
      defineClientModule({ id: 'a', itemMenu: [entry('x')] }),
      defineClientModule({ id: 'b', itemMenu: [entry('x')] }),
    ];
    expect(() => itemMenuOf(modules)).toThrow('item menu entry x already registered');
    expect(itemMenuOf([modules[0]!]).map((e) => e.id)).toEqual(['x']);
  });
});
