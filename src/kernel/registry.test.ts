import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRegistry } from '../modules';
import { defineActs } from './act-contract';
import { defineItemType, type ItemType } from './item-type';
import {
  cardsOf,
  DEFAULT_CARD_HEIGHT,
  MAX_CARD_HEIGHT,
  type CardDecl,
  type DashboardDecl,
} from './dashboard';
import { defineModule, type ModuleManifest } from './module';
import type { ItemTypeDef, PropertyDef } from './property';
import type { ViewDecl } from './view';
import { buildRegistry, Registry, RegistryError } from './registry';

const access = { create: 'admin', defaultLevel: 'PRIVATE' } as const;

function type(name: string, extra: Partial<ItemTypeDef> = {}): ItemType {
  return defineItemType({ name, access, properties: { title: { kind: 'string' } }, ...extra });
}

function mod(id: string, extra: Partial<ModuleManifest> = {}): ModuleManifest {
  return defineModule({ id, types: [], ...extra });
}

/** Act contracts by name, as a manifest lists them. */
const acts = (...names: string[]) =>
  defineActs(Object.fromEntries(names.map((n) => [n, { body: z.object({}), reply: z.object({}) }])));

/** A checked registry needs its principal type; `_c` points at it and at the declared creators. */
const people = () => [
  type('User', { access: { ...access, principal: true } }),
  type('Contact', { creator: true }),
];

function registerAll(...mods: ModuleManifest[]): Registry {
  const r = new Registry();
  for (const m of mods) r.register(m);
  return r;
}

describe('requires', () => {
  const ok = people;
  const base = () => mod('base', { types: ok() });

  it('refuses a requirement that is not in the list', () => {
    expect(() => buildRegistry([base(), mod('consultation', { requires: ['workflow'] })])).toThrow(
      new RegistryError('module consultation requires workflow, which is not registered'),
    );
  });

  it('refuses a circular requirement, naming its path', () => {
    expect(() =>
      buildRegistry([base(), mod('a', { requires: ['b'] }), mod('b', { requires: ['a'] })]),
    ).toThrow(new RegistryError('circular requirement: a → b → a'));
    expect(() =>
      buildRegistry([
        base(),
        mod('a', { requires: ['c'] }),
        mod('b', { requires: ['a'] }),
        mod('c', { requires: ['b'] }),
      ]),
    ).toThrow(new RegistryError('circular requirement: a → c → b → a'));
    expect(() => buildRegistry([base(), mod('a', { requires: ['a'] })])).toThrow(
      new RegistryError('circular requirement: a → a'),
    );
  });

  it('refuses a module listed before what it requires: the list is the registration order', () => {
    expect(() =>
      buildRegistry([base(), mod('consultation', { requires: ['workflow'] }), mod('workflow')]),
    ).toThrow(new RegistryError('module consultation requires workflow, which must be listed before it'));
    // register() alone holds the same line, for a registry built by hand.
    expect(() => registerAll(mod('consultation', { requires: ['workflow'] }))).toThrow(
      new RegistryError('module consultation requires workflow, which is not registered before it'),
    );
  });

  it('registers a module after what it requires, in the list order', () => {
    const r = buildRegistry([
      base(),
      mod('workflow', { requires: ['base'], acts: acts('advance') }),
      mod('consultation', { requires: ['workflow', 'base'], acts: acts('consult') }),
    ]);
    expect(r.modules.map((m) => m.id)).toEqual(['base', 'workflow', 'consultation']);
    expect([...r.acts]).toEqual([
      ['advance', 'workflow'],
      ['consult', 'consultation'],
    ]);
  });

  it('the app list satisfies its own requirements', () => {
    expect(() => appRegistry()).not.toThrow();
  });
});

describe('Registry.register refuses duplicates', () => {
  it('a type twice, in one module or across modules', () => {
    expect(() => registerAll(mod('a', { types: [type('Thing'), type('Thing')] }))).toThrow(
      'type Thing already registered',
    );
    expect(() =>
      registerAll(mod('a', { types: [type('Thing')] }), mod('b', { types: [type('Thing')] })),
    ).toThrow(new RegistryError('type Thing already registered'));
  });

  it("a help page twice, one titled by no title of its module's, or one of a module without a client half", () => {
    const page = { key: 'guide', titleKey: 'x.guide' };
    const titles = { 'x.guide': 'A guide' };
    const withDocs = (id: string, extra: Partial<ModuleManifest> = {}) =>
      mod(id, { client: true, titles: { [`${id}.guide`]: 'A guide' }, ...extra });
    expect(registerAll(mod('a', { client: true, titles, docs: [page] })).docs).toEqual([
      { key: 'guide', titleKey: 'x.guide', module: 'a' },
    ]);
    expect(() =>
      registerAll(
        withDocs('a', { docs: [{ key: 'guide', titleKey: 'a.guide' }] }),
        withDocs('b', { docs: [{ key: 'guide', titleKey: 'b.guide' }] }),
      ),
    ).toThrow('doc page guide already registered');
    expect(() => registerAll(mod('a', { client: true, docs: [page] }))).toThrow(
      'doc page guide of a: title x.guide is not among its titles',
    );
    expect(() => registerAll(mod('a', { titles, docs: [page] }))).toThrow(
      'doc page guide: module a has no client half',
    );
    expect(() =>
      registerAll(mod('a', { client: true, titles, docs: [{ ...page, key: 'A Guide' }] })),
    ).toThrow('doc page A Guide of a: a key is a-z, 0-9 and -');
  });

  it('an act twice', () => {
    expect(() => registerAll(mod('a', { acts: acts('doIt') }), mod('b', { acts: acts('doIt') }))).toThrow(
      'act doIt already registered',
    );
  });

  it('records which module implements an act', () => {
    const r = registerAll(mod('a', { acts: acts('doIt') }), mod('b', { acts: acts('other') }));
    expect(r.acts.get('doIt')).toBe('a');
    expect(r.acts.get('other')).toBe('b');
  });

  it('an async action named like an act, in either order', () => {
    expect(() =>
      registerAll(mod('a', { acts: acts('doIt') }), mod('b', { asyncActs: acts('doIt') })),
    ).toThrow('act doIt already registered');
    expect(() =>
      registerAll(mod('a', { asyncActs: acts('doIt') }), mod('b', { acts: acts('doIt') })),
    ).toThrow('act doIt already registered');
  });

  it('a module twice', () => {
    expect(() => registerAll(mod('a'), mod('a'))).toThrow('module a already registered');
  });

  it('a list of values twice', () => {
    expect(() => registerAll(mod('a', { lovLists: ['L'] }), mod('b', { lovLists: ['L'] }))).toThrow(
      'already registered',
    );
  });

  it('a dashboard twice', () => {
    const overview = { key: 'overview', location: 'HOME', titleKey: 't' } as const;
    expect(() =>
      registerAll(mod('a', { dashboards: [overview] }), mod('b', { dashboards: [overview] })),
    ).toThrow(new RegistryError('dashboard overview already registered'));
  });

  it('a nav path twice', () => {
    expect(() =>
      registerAll(mod('a', { nav: [{ path: 'home' }] }), mod('b', { nav: [{ path: 'home' }] })),
    ).toThrow('already registered');
  });

  it('throws RegistryError instances', () => {
    let caught: unknown;
    try {
      registerAll(mod('a'), mod('a'));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(RegistryError);
    expect((caught as Error).name).toBe('RegistryError');
  });
});

describe('Agreement and Import kinds', () => {
  it("refuses a lower-case Agreement kind with 'Agreement kind {kind} is not uppercase'", () => {
    expect(() => registerAll(mod('a', { kinds: { Agreement: ['dataSharing'] } }))).toThrow(
      new RegistryError('Agreement kind dataSharing is not uppercase'),
    );
  });

  it("refuses a lower-case Import kind with 'Import kind {kind} is not uppercase'", () => {
    expect(() => registerAll(mod('a', { kinds: { Import: ['Csv'] } }))).toThrow(
      new RegistryError('Import kind Csv is not uppercase'),
    );
    expect(() => new Registry().registerKind('Import', 'csv')).toThrow(
      new RegistryError('Import kind csv is not uppercase'),
    );
  });

  it('accepts upper-case kinds with digits and underscores', () => {
    const r = registerAll(mod('a', { kinds: { Agreement: ['DATA_SHARING', 'MOU_2'], Import: ['CSV'] } }));
    expect([...r.kinds.Agreement]).toEqual(['DATA_SHARING', 'MOU_2']);
    expect([...r.kinds.Import]).toEqual(['CSV']);
  });

  it("refuses a kind registered twice with 'already registered'", () => {
    expect(() =>
      registerAll(mod('a', { kinds: { Agreement: ['X'] } }), mod('b', { kinds: { Agreement: ['X'] } })),
    ).toThrow(new RegistryError('Agreement kind X already registered'));
    const r = new Registry();
    r.registerKind('Import', 'CSV');
    expect(() => r.registerKind('Import', 'CSV')).toThrow('Import kind CSV already registered');
  });

  it("refuses a workflow step kind registered twice with 'already registered'", () => {
    const r = registerAll(mod('a', { stepKinds: ['REVIEW'] }), mod('b', { stepKinds: ['SIGN_OFF'] }));
    expect([...r.stepKinds]).toEqual([
      ['REVIEW', 'a'],
      ['SIGN_OFF', 'b'],
    ]);
    expect(() =>
      registerAll(mod('a', { stepKinds: ['REVIEW'] }), mod('b', { stepKinds: ['REVIEW'] })),
    ).toThrow(new RegistryError('step kind REVIEW already registered'));
  });

  it("knows the module of each field editor kind, and refuses a kind twice with 'already registered'", () => {
    const r = registerAll(mod('a', { fieldEditorKinds: ['geometry'] }));
    expect([...r.fieldEditorKinds]).toEqual([['geometry', 'a']]);
    expect(() =>
      registerAll(mod('a', { fieldEditorKinds: ['geometry'] }), mod('b', { fieldEditorKinds: ['geometry'] })),
    ).toThrow(new RegistryError('field editor kind geometry already registered'));
  });

  it('keeps the two families apart', () => {
    const r = registerAll(mod('a', { kinds: { Agreement: ['SAME'], Import: ['SAME'] } }));
    expect(r.kinds.Agreement.has('SAME')).toBe(true);
    expect(r.kinds.Import.has('SAME')).toBe(true);
  });
});

describe('nav paths', () => {
  it('refuses a path with a slash', () => {
    expect(() => registerAll(mod('a', { nav: [{ path: 'admin/users' }] }))).toThrow(
      'nav path admin/users contains a slash',
    );
  });

  it('allows a slash for routeOnly and noColumns entries', () => {
    const r = registerAll(
      mod('a', {
        nav: [
          { path: 'docs/intro', routeOnly: true },
          { path: 'docs/api', noColumns: true },
        ],
      }),
    );
    expect(r.nav.map((n) => n.path)).toEqual(['docs/intro', 'docs/api']);
  });

  it('accepts dotted paths', () => {
    expect(registerAll(mod('a', { nav: [{ path: 'admin.all-items' }] })).nav).toHaveLength(1);
  });
});

describe('views as data', () => {
  const screen = (name: string): ViewDecl => ({ name, titleKey: `nav.${name}`, screen: true });
  const listed = (name: string): ViewDecl => ({
    name,
    titleKey: `nav.${name}`,
    list: { types: null, defaultSort: [], displayAs: 'LIST', dateKey: '_c.ts' },
  });

  it('keeps each view by name with its module', () => {
    const r = registerAll(mod('a', { client: true, views: [screen('one'), listed('two')] }));
    expect([...r.views.keys()]).toEqual(['one', 'two']);
    expect(r.views.get('one')).toMatchObject({ module: 'a', screen: true });
  });

  it("refuses a view twice with 'view X already registered', in one module or across modules", () => {
    expect(() => registerAll(mod('a', { views: [listed('x'), listed('x')] }))).toThrow(
      new RegistryError('view x already registered'),
    );
    expect(() => registerAll(mod('a', { views: [listed('x')] }), mod('b', { views: [listed('x')] }))).toThrow(
      'view x already registered',
    );
  });

  it('refuses a screen in a module without a client half', () => {
    expect(() => registerAll(mod('a', { views: [screen('x')] }))).toThrow(
      'view x is a screen, but module a has no client half (client: true)',
    );
  });

  it('refuses a view that is not exactly one of a list, a dashboard or a screen', () => {
    const both: ViewDecl = { ...listed('x'), screen: true };
    const neither: ViewDecl = { name: 'y', titleKey: 'nav.y' };
    for (const v of [both, neither])
      expect(() => registerAll(mod('a', { client: true, views: [v] }))).toThrow(
        `view ${v.name} must be exactly one of a list, a dashboard or a screen`,
      );
  });

  it('check() refuses a nav entry that names no view', () => {
    const m = mod('a', { types: people(), views: [listed('one')], nav: [{ path: 'one' }, { path: 'two' }] });
    expect(() => buildRegistry([m])).toThrow('nav two names no view');
    expect(() => buildRegistry([{ ...m, nav: [{ path: 'one' }] }])).not.toThrow();
  });

  it('check() takes a group header (group: true) with entries under it and no view', () => {
    const views = [listed('admin.one')];
    const ok = mod('a', {
      types: people(),
      views,
      nav: [{ path: 'admin', group: true }, { path: 'admin.one' }],
    });
    expect(() => buildRegistry([ok])).not.toThrow();
    const empty = mod('a', { types: people(), views, nav: [{ path: 'admin', group: true }] });
    expect(() => buildRegistry([empty])).toThrow('nav group admin has no entries under it');
    const named = mod('a', {
      types: people(),
      views: [...views, listed('admin')],
      nav: [{ path: 'admin', group: true }, { path: 'admin.one' }],
    });
    expect(() => buildRegistry([named])).toThrow('nav admin is a group and names a view');
  });

  it('a nav entry may name a view of a module registered later', () => {
    const a = mod('a', { types: people(), nav: [{ path: 'b.screen' }] });
    const b = mod('b', { views: [listed('b.screen')] });
    expect(() => buildRegistry([a, b])).not.toThrow();
  });
});

describe('Registry.check cross-references', () => {
  it('passes a consistent registry', () => {
    const Org = type('Org');
    const Person = type('Person', {
      properties: { org: { kind: 'relation', types: ['Org'] }, any: { kind: 'relation', types: ['*'] } },
    });
    expect(() => buildRegistry([mod('a', { types: [...people(), Org, Person] })])).not.toThrow();
  });

  it('catches an unknown relation target', () => {
    const Person = type('Person', { properties: { org: { kind: 'relation', types: ['Org'] } } });
    expect(() => buildRegistry([mod('a', { types: [...people(), Person] })])).toThrow(
      'Person.org: unknown relation target Org',
    );
  });

  it('catches a relation without target types', () => {
    const Person = type('Person', { properties: { org: { kind: 'relation' } } });
    expect(() => buildRegistry([mod('a', { types: [...people(), Person] })])).toThrow(
      'relation without target types',
    );
  });

  it('catches a header naming a missing property', () => {
    const T = type('T', { defaultHeaders: ['title', 'nope'] });
    expect(() => buildRegistry([mod('a', { types: [...people(), T] })])).toThrow(
      'T: header nope names a missing property',
    );
  });

  it('catches a facet naming a missing property', () => {
    const T = type('T', { facets: ['colour'] });
    expect(() => buildRegistry([mod('a', { types: [...people(), T] })])).toThrow(
      'T: facet colour names a missing property',
    );
  });

  it('catches key facts naming a missing property', () => {
    const T = type('T', { keyFacts: ['title', 'colour'] });
    expect(() => buildRegistry([mod('a', { types: [...people(), T] })])).toThrow(
      'T: key fact colour names a missing property',
    );
  });

  it('catches a flashcard cover naming a missing property', () => {
    const T = type('T', { carouselReveal: ['title', 'answer'] });
    expect(() => buildRegistry([mod('a', { types: [...people(), T] })])).toThrow(
      'T: carouselReveal answer names a missing property',
    );
  });

  it('catches a card image naming a missing property', () => {
    const T = type('T', { cardImage: { property: 'media', value: 'IMAGE' } });
    expect(() => buildRegistry([mod('a', { types: [...people(), T] })])).toThrow(
      'T: cardImage names a missing property media',
    );
  });

  it('catches a state field that is not a declared enum', () => {
    const T = type('T', { stateField: 'title' });
    expect(() => buildRegistry([mod('a', { types: [...people(), T] })])).toThrow(
      'T: stateField title is not a declared enum property',
    );
    const U = type('U', { stateField: 'nope' });
    expect(() => buildRegistry([mod('a', { types: [...people(), U] })])).toThrow(
      'U: stateField nope is not a declared enum property',
    );
  });

  it("checks an area's parts: a known type, linked to it, with a geometry", () => {
    const Part = type('Part', {
      properties: {
        title: { kind: 'string' },
        owner: { kind: 'relation', types: ['T'] },
        shape: { kind: 'geometry' },
      },
    });
    const Flat = type('Flat', { properties: { owner: { kind: 'relation', types: ['T'] } } });
    const build = (areaParts: ItemTypeDef['areaParts'], more: ItemType[] = [Part, Flat]) =>
      buildRegistry([mod('a', { types: [...people(), type('T', { areaParts }), ...more] })]);
    expect(() => build({ type: 'Part', link: 'owner' })).not.toThrow();
    expect(() => build({ type: 'Nope', link: 'owner' })).toThrow('T: areaParts names unknown type Nope');
    expect(() => build({ type: 'Part', link: 'title' })).toThrow(
      'T: areaParts link title is not a relation of Part to it',
    );
    expect(() => build({ type: 'Flat', link: 'owner' })).toThrow('T: areaParts type Flat has no geometry');
  });

  it('takes money only as whole cents: an INTEGER or NATURAL number', () => {
    const build = (p: PropertyDef) =>
      buildRegistry([mod('a', { types: [...people(), type('T', { properties: { fee: p } })] })]);
    expect(() => build({ kind: 'number', numberKind: 'NATURAL', money: true })).not.toThrow();
    expect(() => build({ kind: 'number', numberKind: 'FLOAT', money: true })).toThrow(
      'T.fee: money is whole cents, an INTEGER or NATURAL number',
    );
    expect(() => build({ kind: 'string', money: true })).toThrow('T.fee: money is whole cents');
  });

  it('accepts key facts and a state field naming what the type declares', () => {
    const T = type('T', {
      properties: { title: { kind: 'string' }, state: { kind: 'enum', values: ['OPEN', 'DONE'] } },
      keyFacts: ['title', '_c.ts'],
      stateField: 'state',
    });
    expect(() => buildRegistry([mod('a', { types: [...people(), T] })])).not.toThrow();
  });

  it('accepts headers and facets naming automatic properties', () => {
    const T = type('T', { defaultHeaders: ['title', '_c.ts', 'url'], facets: ['_t', '_c'] });
    expect(() => buildRegistry([mod('a', { types: [...people(), T] })])).not.toThrow();
  });

  it('catches an enum without values and a notBefore naming a missing property', () => {
    const T = type('T', {
      properties: { state: { kind: 'enum' }, end: { kind: 'date', notBefore: 'start' } },
    });
    expect(() => buildRegistry([mod('a', { types: [...people(), T] })])).toThrow(
      /enum without values[\s\S]*missing property start/,
    );
  });

  it('checks the automatic _c relation too: it needs exactly one principal type', () => {
    expect(() => buildRegistry([mod('a', { types: [type('T')] })])).toThrow(
      'no type declares access.principal',
    );
    const Robot = type('Robot', { access: { ...access, principal: true } });
    expect(() => buildRegistry([mod('a', { types: [...people(), Robot] })])).toThrow(
      'several types declare access.principal: User, Robot',
    );
  });

  it('derives _c from the principal type and the declared creators; principalType names it', () => {
    const r = buildRegistry([mod('a', { types: [type('T'), ...people()] })]);
    expect(r.principalType).toBe('User');
    for (const name of ['T', 'User', 'Contact'])
      expect(r.type(name)!.allProperties._c).toMatchObject({ kind: 'relation', types: ['User', 'Contact'] });
    expect(() => new Registry().principalType).toThrow('no principal type');
    expect(appRegistry().principalType).toBe('User');
  });

  it('checks accountField: a single relation to the principal type', () => {
    const Card = (account: ItemTypeDef['properties'][string]) =>
      type('Card', { accountField: 'account', properties: { account } });
    const ok = Card({ kind: 'relation', types: ['User'] });
    expect(() => buildRegistry([mod('a', { types: [...people(), ok] })])).not.toThrow();
    const bad = Card({ kind: 'relation', types: ['Contact'] });
    expect(() => buildRegistry([mod('a', { types: [...people(), bad] })])).toThrow(
      'Card: accountField account is not a relation to the principal type',
    );
  });

  it('checks declared indexes: their names and keys', () => {
    const ok = type('T', { indexes: [{ name: 'items_t_title', keys: ['title', 'num'] }] });
    expect(() => buildRegistry([mod('a', { types: [...people(), ok] })])).not.toThrow();
    const bad = type('U', {
      indexes: [
        { name: 'items_t_title', keys: ['title'] },
        { name: 'Bad-name', keys: ['nope'] },
      ],
    });
    expect(() => buildRegistry([mod('a', { types: [...people(), ok, bad] })])).toThrow(
      /index items_t_title already registered by T[\s\S]*index name Bad-name[\s\S]*key nope is neither/,
    );
  });

  it('checks gin indexes: one key, a declared property (a column holds no JSON)', () => {
    const gin = (keys: string[]) => type('T', { indexes: [{ name: 'items_t_gin', keys, method: 'gin' }] });
    expect(() => buildRegistry([mod('a', { types: [...people(), gin(['title'])] })])).not.toThrow();
    for (const keys of [['owner'], ['title', 'num']])
      expect(() => buildRegistry([mod('a', { types: [...people(), gin(keys)] })])).toThrow(
        'T: gin index items_t_gin must have one key, a declared property',
      );
    const access = type('T', { indexes: [{ name: 'items_t_access', keys: ['access', 'owner'] }] });
    expect(() => buildRegistry([mod('a', { types: [...people(), access] })])).not.toThrow();
  });

  it('is called by buildRegistry, but not by register', () => {
    const Person = type('Person', { properties: { org: { kind: 'relation', types: ['Org'] } } });
    const r = registerAll(mod('a', { types: [...people(), Person] }));
    expect(() => r.check()).toThrow(RegistryError);
  });
});

describe('defineItemType automatic properties', () => {
  it('adds url, a sort score, _t, _i, _c and _c.ts', () => {
    const T = type('T');
    expect(Object.keys(T.allProperties)).toEqual(
      expect.arrayContaining(['title', 'url', '_score', '_t', '_i', '_c', '_c.ts']),
    );
    expect(T.allProperties._c).toMatchObject({ kind: 'relation', write: 'system' });
    // Its targets come from the registry: the principal type and the declared creators.
    const registered = buildRegistry([mod('a', { types: [...people(), T] })]).type('T')!;
    expect(registered.allProperties._c).toMatchObject({ kind: 'relation', types: ['User', 'Contact'] });
    expect(T.allProperties['_c.ts']).toMatchObject({ kind: 'dateTime', facet: true });
  });

  it('defaults the headers to _i, _c, _c.ts when none are declared', () => {
    expect([...type('T').defaultHeaders]).toEqual(['_i', '_c', '_c.ts']);
    expect([...type('T', { defaultHeaders: ['title'] }).defaultHeaders]).toEqual(['title']);
  });

  it('derives facets and text fields from the properties', () => {
    const T = type('T', {
      properties: {
        name: { kind: 'string', textField: true },
        kind: { kind: 'string', facet: true },
        notes: { kind: 'text', textField: true },
      },
    });
    expect(T.facets).toEqual(['kind']);
    expect(T.textFields).toEqual(['name', 'notes']);
  });
});

describe('the app registry', () => {
  const CORE_TYPES = [
    'User',
    'Contact',
    'Organization',
    'Notify',
    'Thread',
    'Message',
    'Event',
    'LOVValue',
    'Attachment',
    'File',
    'Source',
    'Import',
    'Task',
    'Agreement',
    'SavedSearch',
  ];

  const registry = appRegistry();
  const t = (name: string) => {
    const found = registry.type(name);
    if (!found) throw new Error(`type ${name} is not registered`);
    return found;
  };

  it('builds and passes check()', () => {
    expect(registry).toBeInstanceOf(Registry);
    expect(() => registry.check()).not.toThrow();
  });

  it.each(CORE_TYPES)('has the core type %s', (name) => {
    expect(registry.type(name)?.name).toBe(name);
  });

  it.each(CORE_TYPES)('%s has url, _t, _i, _c and _c.ts', (name) => {
    const props = t(name).allProperties;
    for (const k of ['url', '_t', '_i', '_c', '_c.ts']) expect(props[k], `${name}.${k}`).toBeDefined();
  });

  it('types declaring no headers get _i, _c, _c.ts', () => {
    for (const x of CORE_TYPES.map(t)) expect(x.defaultHeaders.length, x.name).toBeGreaterThan(0);
    for (const name of ['Notify', 'Message', 'Event', 'File', 'Source', 'Import', 'Task', 'SavedSearch'])
      expect([...t(name).defaultHeaders], name).toEqual(['_i', '_c', '_c.ts']);
  });

  const values = (typeName: string, prop: string) => {
    const p = t(typeName).properties[prop];
    expect(p?.kind, `${typeName}.${prop}`).toBe('enum');
    return [...(p?.values ?? [])];
  };

  it('Organization.type has the spec values', () => {
    expect(values('Organization', 'type')).toEqual([
      'COMMUNITY',
      'GOVERNMENT',
      'INDUSTRY',
      'CONSULTANT',
      'EDUCATION',
      'NOT_FOR_PROFIT',
      'INDIVIDUAL',
      'MUSEUM',
      'OTHER',
    ]);
  });

  it('Contact.notify is IMMEDIATE, DIGEST or NONE', () => {
    expect(values('Contact', 'notify')).toEqual(['IMMEDIATE', 'DIGEST', 'NONE']);
  });

  it('Agreement.state is DRAFT, ACTIVE, ARCHIVE or COMPLETE', () => {
    expect(values('Agreement', 'state')).toEqual(['DRAFT', 'ACTIVE', 'ARCHIVE', 'COMPLETE']);
  });

  it('LOVValue.state is ACTIVE or ARCHIVED, and LOVValue.access a visibility level', () => {
    expect(values('LOVValue', 'state')).toEqual(['ACTIVE', 'ARCHIVED']);
    expect(values('LOVValue', 'access')).toEqual(['PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE']);
  });

  it('SavedSearch.displayAs is LIST, TABLE, MAP, CARDS, TIMELINE or CAROUSEL', () => {
    expect(values('SavedSearch', 'displayAs')).toEqual([
      'LIST',
      'TABLE',
      'MAP',
      'CARDS',
      'TIMELINE',
      'CAROUSEL',
    ]);
  });

  it('Thread.purpose is an enumeration, and the sync state has the spec values', () => {
    expect(values('Thread', 'purpose').length).toBeGreaterThan(0);
    expect(values('Thread', 'syncState')).toEqual(['LOCAL', 'SYNCED', 'PENDING', 'MISSING', 'ERROR']);
  });

  it.each([
    [
      'User',
      [
        'name',
        'email',
        'admin',
        'dark',
        'hideGuidance',
        'multiColumns',
        'masquerading',
        'avatar',
        'capabilities',
        'whatsNewViewed',
        'whatsNewLast',
        'notifyPairs',
      ],
    ],
    [
      'Contact',
      [
        'email',
        'firstName',
        'middleName',
        'lastName',
        'mobilePhone',
        'officePhone',
        'otherPhone',
        '_related',
        'notify',
      ],
    ],
    ['Organization', ['displayName', 'type', 'website', 'industry', 'legalName']],
    ['Notify', ['event', 'unread']],
    [
      'Thread',
      [
        'subject',
        'participants',
        'context',
        'purpose',
        'resolved',
        'actionType',
        'assignedDue',
        'assignedTo',
      ],
    ],
    ['Message', ['attachments', 'author', 'body', 'thread', 'drupalTarget', 'drupalCID']],
    ['Event', ['kind', 'context', 'subContext', 'also', 'description']],
    ['LOVValue', ['access', 'key', 'list', 't', 'state']],
    [
      'Attachment',
      [
        'originalName',
        'fileID',
        'filetype',
        'uppyID',
        'relProp',
        'relIndex',
        'relType',
        'trashed',
        'size',
        'mimeGroup',
      ],
    ],
    ['File', ['repo']],
    ['Import', ['label', 'kind']],
    [
      'Task',
      ['key', 'asyncKey', 'started', 'percentageComplete', 'resultURI', 'keyAction', 'keyItem', 'errorKey'],
    ],
    ['Agreement', ['title', 'state', 'with', 'kind', '_versions']],
    [
      'SavedSearch',
      [
        'name',
        'nameT',
        'itemTypeName',
        'displayAs',
        'criteria',
        'selectedFacets',
        'searchString',
        'sortBy',
        'showFacets',
        'hash',
      ],
    ],
  ])('%s declares the spec fields', (name, fields) => {
    expect(Object.keys(t(name).properties)).toEqual(expect.arrayContaining(fields));
  });

  it('Contact._related and Agreement.with point at Organization', () => {
    expect(t('Contact').properties._related).toMatchObject({ kind: 'relation', list: true });
    expect(t('Contact').properties._related?.types).toContain('Organization');
    expect(t('Agreement').properties.with?.types).toEqual(['Organization']);
  });

  it('registers only upper-case Agreement and Import kinds', () => {
    for (const k of [...registry.kinds.Agreement, ...registry.kinds.Import]) expect(k).toBe(k.toUpperCase());
    expect(registry.kinds.Agreement.size).toBeGreaterThan(0);
  });

  it('every nav entry names a view of the list, or is a group with entries under it', () => {
    for (const n of registry.nav)
      if (n.group) expect(registry.views.has(n.path), n.path).toBe(false);
      else expect(registry.views.get(n.path)?.name, n.path).toBe(n.path);
  });

  it('offers the Core capability', () => {
    expect(registry.capabilities.has('Core')).toBe(true);
  });
});

describe('dashboards and cards', () => {
  const board = (key: string, location: DashboardDecl['location'] = 'CONSULT'): DashboardDecl => ({
    key,
    location,
    titleKey: `${key}.title`,
  });
  const card = (id: string, extra: Partial<CardDecl> = {}): CardDecl =>
    ({
      id,
      dashboard: 'consult',
      titleKey: `${id}.title`,
      kind: 'search',
      width: 'THIRD',
      settings: { query: { types: ['Note'] } },
      ...extra,
    }) as CardDecl;
  const base = (extra: Partial<ModuleManifest> = {}) =>
    mod('base', {
      types: [
        ...people(),
        type('Note', { properties: { due: { kind: 'date' }, title: { kind: 'string' } } }),
      ],
      capabilities: ['Consult'],
      dashboards: [board('consult')],
      ...extra,
    });

  it('refuses a dashboard view whose dashboard is not registered', () => {
    const view = (dashboard: string) => ({ name: 'consult.dashboard', titleKey: 'x', dashboard });
    expect(() => buildRegistry([base({ views: [view('consult')] })])).not.toThrow();
    expect(() => buildRegistry([base({ views: [view('research')] })])).toThrow(
      'view consult.dashboard: dashboard research is not registered',
    );
  });

  it('keeps dashboards and cards with their module, the height defaulting to 4', () => {
    const r = buildRegistry([
      base({
        dashboardCards: [card('a', { order: 2 }), card('b', { width: 'TWO_THIRDS', height: 6, order: 1 })],
      }),
      mod('other', { dashboardCards: [card('c', { width: 'FULL' })] }),
    ]);
    expect(r.dashboards.get('consult')).toEqual({ ...board('consult'), module: 'base' });
    expect(r.cards.map((c) => [c.id, c.module, c.height])).toEqual([
      ['a', 'base', DEFAULT_CARD_HEIGHT],
      ['b', 'base', 6],
      ['c', 'other', DEFAULT_CARD_HEIGHT],
    ]);
    expect(DEFAULT_CARD_HEIGHT).toBe(4);
    expect(cardsOf(r.cards, 'consult').map((c) => c.id)).toEqual(['c', 'b', 'a']);
  });

  it('refuses a dashboard at an unknown location', () => {
    expect(() =>
      registerAll(mod('a', { dashboards: [{ key: 'x', location: 'MAP' as 'HOME', titleKey: 't' }] })),
    ).toThrow(new RegistryError('dashboard x: unknown location MAP'));
  });

  it('refuses a card id twice, also across modules', () => {
    expect(() => registerAll(base({ dashboardCards: [card('a'), card('a')] }))).toThrow(
      new RegistryError('card a already registered'),
    );
    expect(() =>
      registerAll(base({ dashboardCards: [card('a')] }), mod('b', { dashboardCards: [card('a')] })),
    ).toThrow(new RegistryError('card a already registered'));
  });

  it('refuses a card on an unknown dashboard, or on one of a module registered after it', () => {
    expect(() => registerAll(base({ dashboardCards: [card('a', { dashboard: 'research' })] }))).toThrow(
      new RegistryError('card a is on dashboard research, which is not registered'),
    );
    expect(() =>
      registerAll(
        base(),
        mod('early', { dashboardCards: [card('a', { dashboard: 'late' })] }),
        mod('later', { dashboards: [board('late')] }),
      ),
    ).toThrow(new RegistryError('card a is on dashboard late, which is not registered'));
  });

  it('refuses a component card of a module without a client half', () => {
    const comp = card('a', { kind: 'component', settings: { component: 'Overdue' } } as Partial<CardDecl>);
    expect(() => registerAll(base({ dashboardCards: [comp] }))).toThrow(
      new RegistryError('card a names component Overdue, but module base has no client half'),
    );
    expect(registerAll(base({ client: true, dashboardCards: [comp] })).cards).toHaveLength(1);
  });

  it('refuses a bad width or height', () => {
    const bad = (extra: Partial<CardDecl>) => () => registerAll(base({ dashboardCards: [card('a', extra)] }));
    expect(bad({ width: 'HALF' as 'THIRD' })).toThrow(
      new RegistryError('card a: width HALF is not one of THIRD, TWO_THIRDS, FULL'),
    );
    for (const height of [0, -1, 2.5, MAX_CARD_HEIGHT + 1])
      expect(bad({ height })).toThrow(
        new RegistryError(`card a: height ${height} is not a whole number from 1 to ${MAX_CARD_HEIGHT}`),
      );
    expect(bad({ height: MAX_CARD_HEIGHT })).not.toThrow();
  });

  it('refuses a card that searches an unknown type, or a calendar on a key that is no date', () => {
    expect(() =>
      buildRegistry([base({ dashboardCards: [card('a', { settings: { query: { types: ['Nope'] } } })] })]),
    ).toThrow('card a: unknown type Nope');
    const cal = (dateKey: string) =>
      card('cal', {
        kind: 'calendar',
        settings: { query: { types: ['Note'] }, dateKey },
      } as Partial<CardDecl>);
    expect(() => buildRegistry([base({ dashboardCards: [cal('title')] })])).toThrow(
      'card cal: Note.title is not a date',
    );
    expect(buildRegistry([base({ dashboardCards: [cal('due')] })]).cards).toHaveLength(1);
    const timed = (start: string) =>
      card('cal', {
        kind: 'calendar',
        settings: { query: { types: ['Note'] }, dateKey: 'due', timeKeys: { start } },
      } as Partial<CardDecl>);
    expect(() => buildRegistry([base({ dashboardCards: [timed('due')] })])).toThrow(
      'card cal: Note.due is not a time of day',
    );
    expect(buildRegistry([base({ dashboardCards: [timed('title')] })]).cards).toHaveLength(1);
    expect(buildRegistry([base({ dashboardCards: [cal('_c.ts')] })]).cards).toHaveLength(1);
  });

  it('refuses a card whose show-all preset its list does not have', () => {
    const notes: ViewDecl = {
      name: 'notes',
      titleKey: 'nav.notes',
      list: {
        types: ['Note'],
        defaultSort: [],
        displayAs: 'LIST',
        dateKey: '_c.ts',
        presets: [{ id: 'mine', titleKey: 'p.mine', must: { _c: ['$me'] } }],
      },
    };
    const shown = (listPreset: string) =>
      card('a', {
        settings: { query: { types: ['Note'] }, listView: 'notes', listPreset },
      } as Partial<CardDecl>);
    expect(() => buildRegistry([base({ views: [notes], dashboardCards: [shown('theirs')] })])).toThrow(
      'card a: notes has no preset theirs',
    );
    expect(buildRegistry([base({ views: [notes], dashboardCards: [shown('mine')] })]).cards).toHaveLength(1);
  });

  it('refuses row fields a card of one type does not have, or a due date that is no date', () => {
    const rows = (settings: object) =>
      card('r', { settings: { query: { types: ['Note'] }, ...settings } } as Partial<CardDecl>);
    expect(() => buildRegistry([base({ dashboardCards: [rows({ rowFields: ['nope'] })] })])).toThrow(
      'card r: Note has no field nope',
    );
    expect(() => buildRegistry([base({ dashboardCards: [rows({ dueKey: 'title' })] })])).toThrow(
      'card r: Note.title is not a date',
    );
    expect(
      buildRegistry([base({ dashboardCards: [rows({ rowFields: ['title'], dueKey: 'due' })] })]).cards,
    ).toHaveLength(1);
  });

  it("refuses a series chart that watches an unknown type, and takes one that watches the module's", () => {
    const chart = (watch: string[]) =>
      card('ch', { kind: 'chart', settings: { act: 'someAct', watch } } as Partial<CardDecl>);
    expect(() => buildRegistry([base({ dashboardCards: [chart(['Nope'])] })])).toThrow(
      'card ch: unknown type Nope',
    );
    expect(buildRegistry([base({ dashboardCards: [chart(['Note'])] })]).cards).toHaveLength(1);
  });

  it('keeps one home per capability, on a registered dashboard and capability', () => {
    const r = buildRegistry([base({ home: { capability: 'Consult', dashboard: 'consult' } })]);
    expect(r.homes).toEqual([{ capability: 'Consult', dashboard: 'consult', module: 'base' }]);
    expect(() =>
      registerAll(
        base({ home: { capability: 'Consult', dashboard: 'consult' } }),
        mod('b', { home: { capability: 'Consult', dashboard: 'consult' } }),
      ),
    ).toThrow(new RegistryError('home of capability Consult already registered'));
    expect(() => registerAll(base({ home: { capability: 'Research', dashboard: 'consult' } }))).toThrow(
      new RegistryError('home of base: capability Research is not registered'),
    );
    expect(() => registerAll(base({ home: { capability: 'Consult', dashboard: 'nope' } }))).toThrow(
      new RegistryError('home of base: dashboard nope is not registered'),
    );
  });

  it("the app's dashboards and cards register", () => {
    const r = appRegistry();
    for (const c of r.cards) expect(r.dashboards.has(c.dashboard), c.id).toBe(true);
  });
});
