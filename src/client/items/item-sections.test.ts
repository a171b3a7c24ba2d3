import { describe, expect, it } from 'vitest';
import { defineItemType } from '../../kernel/item-type';
import { defineClientModule, type ItemSection } from '../module-api';
import type { Item } from '../state/items';
import type { UserSession } from '../state/socket-client';
import type { ClientConfig } from '../config';
import { loadTypes } from './item-label';
import { itemSectionsOf, modulesForType, sectionsFor } from './item-sections';

const Nothing = () => null;
const section = (id: string, order: number, more: Partial<ItemSection> = {}): ItemSection => ({
  id,
  order,
  applies: () => true,
  component: Nothing,
  ...more,
});
const type = defineItemType({
  name: 'Thing',
  properties: {},
  access: { create: ['staff'], defaultLevel: 'PROTECTED' },
});
const item = { _t: 'Thing', $id: 'x1' } as Item;
const user = { $id: 'u1' } as UserSession;

describe('item sections as registrations', () => {
  it('collects the sections of all halves by order, above and below the form', () => {
    const modules = [
      defineClientModule({ id: 'core', itemSections: [section('attachments', 10), section('profile', -10)] }),
      defineClientModule({ id: 'spatial', itemSections: [section('map', 5, { omit: ['geometry'] })] }),
    ];
    const all = itemSectionsOf(modules);
    expect(all.map((s) => s.id)).toEqual(['profile', 'map', 'attachments']);
    const got = sectionsFor(all, item, type, user);
    expect(got.above.map((s) => s.id)).toEqual(['profile']);
    expect(got.below.map((s) => s.id)).toEqual(['map', 'attachments']);
    expect(got.omit).toEqual(['geometry']);
  });

  it('shows only the sections that apply to the item and the user', () => {
    const own = section('own', -1, { applies: (i, _t, u) => i.$id === u?.$id, omit: ['dark'] });
    const all = itemSectionsOf([defineClientModule({ id: 'core', itemSections: [own] })]);
    expect(sectionsFor(all, item, type, user)).toEqual({ above: [], header: [], below: [], omit: [] });
    const mine = sectionsFor(all, { ...item, $id: 'u1' }, type, user);
    expect(mine.above.map((s) => s.id)).toEqual(['own']);
    expect(mine.omit).toEqual(['dark']);
  });

  it('puts the sections marked belowHeader between the record’s header and its fields', () => {
    const all = itemSectionsOf([
      defineClientModule({
        id: 'workflow',
        itemSections: [section('panel', -5, { belowHeader: true, omit: ['_wf'] }), section('top', -1)],
      }),
    ]);
    const got = sectionsFor(all, item, type, user);
    expect(got.above.map((s) => s.id)).toEqual(['top']);
    expect(got.header.map((s) => s.id)).toEqual(['panel']);
    expect(got.below).toEqual([]);
    expect(got.omit).toEqual(['_wf']);
  });

  it('refuses a section id registered twice', () => {
    const modules = [
      defineClientModule({ id: 'core', itemSections: [section('map', 1)] }),
      defineClientModule({ id: 'spatial', itemSections: [section('map', 2)] }),
    ];
    expect(() => itemSectionsOf(modules)).toThrow('item section map already registered');
  });

  it("loads the base module's half and the type's own module's half, where they have one", () => {
    const typeConfig = (module: string) => ({
      properties: {},
      allProperties: {},
      defaultHeaders: [],
      facets: [],
      defaultIcon: null,
      label: null,
      excludeGeneralSearch: false,
      sideLoadItem: false,
      access: type.access,
      module,
      history: true,
      notifyPrefs: true,
    });
    loadTypes({
      types: { Base: typeConfig('core'), Place: typeConfig('spatial') },
    } as unknown as ClientConfig);
    expect(modulesForType('Base', ['core', 'spatial'])).toEqual(['core']);
    expect(modulesForType('Place', ['core', 'spatial'])).toEqual(['core', 'spatial']);
    // A module without a client half has nothing to load.
    expect(modulesForType('Place', ['core'])).toEqual(['core']);
    expect(modulesForType('Unknown', ['core'])).toEqual(['core']);
  });

  it('loads the halves of the step kinds’ modules for a workflow-capable type only', () => {
    const typeConfig = (module: string, workflow: { stateList: string } | null) => ({
      properties: {},
      allProperties: {},
      defaultHeaders: [],
      facets: [],
      defaultIcon: null,
      label: null,
      excludeGeneralSearch: false,
      sideLoadItem: false,
      access: type.access,
      module,
      history: true,
      notifyPrefs: true,
      workflow,
    });
    loadTypes({
      types: {
        Response: typeConfig('consult', { stateList: 'RWF_STATES' }),
        Note: typeConfig('consult', null),
      },
      stepKinds: { WKF_CONFIRM: 'workflow', RWF_OUTCOME: 'consult', GKF_REPORT: 'geokeeper' },
    } as unknown as ClientConfig);
    const halves = ['core', 'consult', 'workflow'];
    expect(modulesForType('Response', halves)).toEqual(['core', 'consult', 'workflow']);
    expect(modulesForType('Note', halves)).toEqual(['core', 'consult']);
  });
});
