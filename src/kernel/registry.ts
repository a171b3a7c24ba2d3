import {
  cardSizeProblem,
  DASHBOARD_LOCATIONS,
  DEFAULT_CARD_HEIGHT,
  type DashboardDecl,
  type RegisteredCard,
  isSeriesChart,
} from './dashboard';
import type { ItemType } from './item-type';
import { CREATOR_PROPERTY, INDEXABLE_COLUMNS, type PropertyDef } from './property';
import type { ModuleManifest, NavEntry } from './module';
import type { ViewDecl } from './view';
import { resolveWorkflowGate, workflowCapabilities } from './view-gate';

/** A module's view, with the id of the module that declares it. */
export interface RegisteredView extends ViewDecl {
  module: string;
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

/**
 * The one registry of types, acts, kinds and navigation. It refuses duplicates and checks
 * cross-references at build time, so a broken module fails at start, not at first use.
 */
export class Registry {
  readonly types = new Map<string, ItemType>();
  /** Act name → the id of the module that implements it. */
  readonly acts = new Map<string, string>();
  /** Async action name → the id of its module. */
  readonly asyncActs = new Map<string, string>();
  readonly capabilities = new Set<string>();
  readonly lovLists = new Set<string>();
  readonly nav: NavEntry[] = [];
  readonly kinds = { Agreement: new Set<string>(), Import: new Set<string>() };
  /** Dashboards by key, in registration order. */
  readonly dashboards = new Map<string, DashboardDecl & { module: string }>();
  /** Every dashboard card, in registration order. */
  readonly cards: RegisteredCard[] = [];
  /** The capabilities' home screens, in registration order. */
  readonly homes: { capability: string; dashboard: string; module: string }[] = [];
  /** The modules' help pages (manifest `docs`), each with its module, in module order. */
  readonly docs: { key: string; titleKey: string; module: string }[] = [];
  /** The modules' titles of nav entries and views (flat key → English), for the page's config. */
  readonly titles = new Map<string, string>();
  /** Workflow step kind → the id of the module that provides it. */
  readonly stepKinds = new Map<string, string>();
  /** Property kind → the module whose client half has its field editor (manifest fieldEditorKinds). */
  readonly fieldEditorKinds = new Map<string, string>();
  /** Workflow step kind → the other modules' types whose workflows may use it (manifest stepKindTypes). */
  readonly stepKindTypes = new Map<string, ReadonlySet<string>>();
  /** View name → its declaration and module, in registration order. */
  readonly views = new Map<string, RegisteredView>();
  readonly modules: ModuleManifest[] = [];
  /** Properties every type has from the modules' `itemProperties`, by name (added by withItemProperties). */
  readonly itemProperties = new Map<string, PropertyDef & { module: string }>();
  private itemPropertiesAdded = false;

  register(m: ModuleManifest): this {
    if (this.modules.some((x) => x.id === m.id)) throw new RegistryError(`module ${m.id} already registered`);
    // Registration order is the list's order, and a module's hooks and acts must come after
    // those of what it builds on; buildRegistry reports missing and circular requirements first.
    for (const r of m.requires ?? [])
      if (!this.modules.some((x) => x.id === r))
        throw new RegistryError(`module ${m.id} requires ${r}, which is not registered before it`);
    this.modules.push(m);
    for (const t of m.types) {
      if (this.types.has(t.name)) throw new RegistryError(`type ${t.name} already registered`);
      this.types.set(t.name, t);
    }
    // Sync and async acts share the act/{name} namespace.
    for (const [names, family] of [
      [Object.keys(m.acts ?? {}), this.acts],
      [Object.keys(m.asyncActs ?? {}), this.asyncActs],
    ] as const) {
      for (const a of names) {
        if (this.acts.has(a) || this.asyncActs.has(a)) throw new RegistryError(`act ${a} already registered`);
        family.set(a, m.id);
      }
    }
    for (const c of m.capabilities ?? []) this.capabilities.add(c);
    for (const l of m.lovLists ?? []) {
      if (this.lovLists.has(l)) throw new RegistryError(`list ${l} already registered`);
      this.lovLists.add(l);
    }
    for (const family of ['Agreement', 'Import'] as const) {
      for (const kind of m.kinds?.[family] ?? []) this.registerKind(family, kind);
    }
    this.registerDashboards(m);
    for (const [key, title] of Object.entries(m.titles ?? {})) {
      if (this.titles.has(key)) throw new RegistryError(`title ${key} already registered`);
      this.titles.set(key, title);
    }
    for (const k of m.stepKinds ?? []) {
      if (this.stepKinds.has(k)) throw new RegistryError(`step kind ${k} already registered`);
      this.stepKinds.set(k, m.id);
    }
    for (const k of m.fieldEditorKinds ?? []) {
      if (this.fieldEditorKinds.has(k)) throw new RegistryError(`field editor kind ${k} already registered`);
      this.fieldEditorKinds.set(k, m.id);
    }
    for (const [k, types] of Object.entries(m.stepKindTypes ?? {})) {
      if (!m.stepKinds?.includes(k))
        throw new RegistryError(`step kind ${k} of stepKindTypes is not in stepKinds`);
      this.stepKindTypes.set(k, new Set(types));
    }
    for (const [k, p] of Object.entries(m.itemProperties ?? {})) {
      if (!/^\$[A-Za-z][A-Za-z0-9]{0,60}$/.test(k))
        throw new RegistryError(`item property ${k} of ${m.id}: its name must be $ and letters`);
      if (this.itemProperties.has(k)) throw new RegistryError(`item property ${k} already registered`);
      this.itemProperties.set(k, { ...p, module: m.id });
    }
    for (const v of m.views ?? []) this.registerView(m, v);
    for (const n of m.nav ?? []) {
      if (n.path.includes('/') && !n.routeOnly && !n.noColumns)
        throw new RegistryError(`nav path ${n.path} contains a slash`);
      if (this.nav.some((x) => x.path === n.path))
        throw new RegistryError(`nav ${n.path} already registered`);
      this.nav.push(n);
    }
    return this;
  }

  private registerView(m: ModuleManifest, v: ViewDecl): void {
    if (this.views.has(v.name)) throw new RegistryError(`view ${v.name} already registered`);
    const kinds = [v.list, v.dashboard, v.screen].filter((x) => x !== undefined).length;
    if (kinds !== 1)
      throw new RegistryError(`view ${v.name} must be exactly one of a list, a dashboard or a screen`);
    if (v.screen && !m.client)
      throw new RegistryError(
        `view ${v.name} is a screen, but module ${m.id} has no client half (client: true)`,
      );
    this.views.set(v.name, { ...v, module: m.id });
  }

  private registerDashboards(m: ModuleManifest): void {
    for (const d of m.dashboards ?? []) {
      if (this.dashboards.has(d.key)) throw new RegistryError(`dashboard ${d.key} already registered`);
      if (!(DASHBOARD_LOCATIONS as readonly string[]).includes(d.location))
        throw new RegistryError(`dashboard ${d.key}: unknown location ${d.location}`);
      this.dashboards.set(d.key, { ...d, module: m.id });
    }
    for (const c of m.dashboardCards ?? []) {
      if (this.cards.some((x) => x.id === c.id)) throw new RegistryError(`card ${c.id} already registered`);
      // Another module's dashboard is there only when that module is registered before this one.
      if (!this.dashboards.has(c.dashboard))
        throw new RegistryError(`card ${c.id} is on dashboard ${c.dashboard}, which is not registered`);
      const size = cardSizeProblem(c);
      if (size) throw new RegistryError(`card ${c.id}: ${size}`);
      if (c.kind === 'component' && !m.client)
        throw new RegistryError(
          `card ${c.id} names component ${c.settings.component}, but module ${m.id} has no client half`,
        );
      this.cards.push({ ...c, module: m.id, height: c.height ?? DEFAULT_CARD_HEIGHT });
    }
    if (m.home) {
      const { capability, dashboard } = m.home;
      if (!this.capabilities.has(capability))
        throw new RegistryError(`home of ${m.id}: capability ${capability} is not registered`);
      if (!this.dashboards.has(dashboard))
        throw new RegistryError(`home of ${m.id}: dashboard ${dashboard} is not registered`);
      if (this.homes.some((h) => h.capability === capability))
        throw new RegistryError(`home of capability ${capability} already registered`);
      this.homes.push({ capability, dashboard, module: m.id });
    }
    for (const d of m.docs ?? []) {
      if (!/^[a-z0-9-]+$/.test(d.key))
        throw new RegistryError(`doc page ${d.key} of ${m.id}: a key is a-z, 0-9 and -`);
      if (this.docs.some((o) => o.key === d.key))
        throw new RegistryError(`doc page ${d.key} already registered`);
      if (!m.titles?.[d.titleKey])
        throw new RegistryError(`doc page ${d.key} of ${m.id}: title ${d.titleKey} is not among its titles`);
      if (!m.client) throw new RegistryError(`doc page ${d.key}: module ${m.id} has no client half`);
      this.docs.push({ ...d, module: m.id });
    }
  }

  registerKind(family: 'Agreement' | 'Import', kind: string): void {
    if (kind !== kind.toUpperCase()) throw new RegistryError(`${family} kind ${kind} is not uppercase`);
    const set = this.kinds[family];
    if (set.has(kind)) throw new RegistryError(`${family} kind ${kind} already registered`);
    set.add(kind);
  }

  type(name: string): ItemType | undefined {
    return this.types.get(name);
  }

  /**
   * The type whose items are the people who sign in (`access.principal`: core's User). Generic
   * code (sign-in, sessions, accounts) uses it instead of a type name; `check` makes sure
   * exactly one type declares it.
   */
  get principalType(): string {
    const found = [...this.types.values()].filter((t) => t.access.principal);
    if (found.length !== 1)
      throw new RegistryError(
        found.length
          ? `several principal types: ${found.map((t) => t.name).join(', ')}`
          : 'no principal type',
      );
    return found[0]!.name;
  }

  /**
   * Sets the targets of every type's automatic `_c` (creator) relation: the principal type, then
   * the types declared `creator`, in registration order.
   */
  private resolveCreators(problems: string[]): void {
    const all = [...this.types.values()];
    const principals = all.filter((t) => t.access.principal);
    if (principals.length === 0)
      problems.push('no type declares access.principal (the type of the people who sign in)');
    if (principals.length > 1)
      problems.push(`several types declare access.principal: ${principals.map((t) => t.name).join(', ')}`);
    const creators = [...principals, ...all.filter((t) => t.creator && !t.access.principal)].map(
      (t) => t.name,
    );
    if (creators.length === 0) return;
    for (const t of all)
      this.types.set(t.name, {
        ...t,
        allProperties: { ...t.allProperties, _c: { ...CREATOR_PROPERTY, types: creators } },
      });
  }

  /** `workflowTypes` gates become `anyCapability`, now that every module's types are known. */
  private resolveWorkflowGates(): void {
    const caps = workflowCapabilities(this.modules);
    for (const [name, v] of this.views) this.views.set(name, resolveWorkflowGate(v, caps));
  }

  /**
   * A screen of an organisation role (`minOrgRole`) that lists and creates one type which
   * applies only in some kinds of organisation (TypeAccess.createIn, kinds in every place) is
   * gated by those kinds too (`orgKinds`): it is for keeping that type, so it is not offered where
   * the type can never be made. Kinds the view declares itself are kept.
   */
  private resolveOrgKindGates(): void {
    for (const [name, v] of this.views) {
      const list = v.list;
      const typeName = list?.createType ?? (list?.types?.length === 1 ? list.types[0] : undefined);
      const places = typeName && list?.create ? this.types.get(typeName)?.access.createIn : undefined;
      if (!v.minOrgRole || v.orgKinds || !places?.every((p) => p.kinds)) continue;
      this.views.set(name, { ...v, orgKinds: [...new Set(places.flatMap((p) => p.kinds ?? []))] });
    }
  }

  /** Declared indexes: unique names, keys that are declared properties or indexable columns. */
  private checkIndexes(problems: string[]): void {
    const names = new Map<string, string>();
    for (const t of this.types.values())
      for (const ix of t.indexes ?? []) {
        if (!/^items_[a-z0-9_]{1,50}$/.test(ix.name))
          problems.push(`${t.name}: index name ${ix.name} must be items_ and lowercase letters, digits, _`);
        const other = names.get(ix.name);
        if (other) problems.push(`${t.name}: index ${ix.name} already registered by ${other}`);
        names.set(ix.name, t.name);
        if (ix.keys.length === 0) problems.push(`${t.name}: index ${ix.name} has no keys`);
        // A gin index holds one property's JSON value: a column is no JSON, and several keys
        // would make an index that search's one-key containment test cannot use.
        if (ix.method === 'gin' && (ix.keys.length !== 1 || !Object.hasOwn(t.properties, ix.keys[0]!)))
          problems.push(`${t.name}: gin index ${ix.name} must have one key, a declared property`);
        for (const k of ix.keys) {
          if ((INDEXABLE_COLUMNS as readonly string[]).includes(k)) continue;
          if (!Object.hasOwn(t.properties, k) || !/^[A-Za-z_$][A-Za-z0-9_.$]{0,99}$/.test(k))
            problems.push(`${t.name}: index ${ix.name} key ${k} is neither a declared property nor a column`);
        }
      }
  }

  /** Kept facet counts are per level, owner and protocols: a type read through another cannot keep them. */
  private checkKeptFacets(problems: string[]): void {
    for (const t of this.types.values())
      if (
        t.keepFacetCounts &&
        (t.access.follows || t.access.recipientField || !/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(t.name))
      )
        problems.push(`${t.name}: keepFacetCounts needs a type read by its own level, owner and grants`);
  }

  /** Cross-reference checks: relation targets, headers and facets must name what exists. */
  check(): this {
    const problems: string[] = [];
    this.resolveWorkflowGates();
    this.resolveOrgKindGates();
    this.addItemProperties();
    this.resolveCreators(problems);
    this.checkIndexes(problems);
    this.checkKeptFacets(problems);
    for (const t of this.types.values()) {
      for (const [pname, p] of Object.entries(t.allProperties)) {
        // Search refuses such names as keys (protocol/query.ts searchQueryBounds), so a property
        // named like that could never be searched.
        if (pname in Object.prototype)
          problems.push(`${t.name}.${pname}: named after an Object.prototype member`);
        if (p.kind === 'relation') {
          // Without a principal type `_c` has no targets: reported above.
          if (!p.types?.length && p !== CREATOR_PROPERTY)
            problems.push(`${t.name}.${pname}: relation without target types`);
          for (const target of p.types ?? [])
            if (target !== '*' && !this.types.has(target))
              problems.push(`${t.name}.${pname}: unknown relation target ${target}`);
        }
        if (p.kind === 'enum' && !p.values?.length) problems.push(`${t.name}.${pname}: enum without values`);
        if (p.kind === 'lov' && !p.lov) problems.push(`${t.name}.${pname}: lov without list name`);
        if (p.money && (p.kind !== 'number' || (p.numberKind !== 'INTEGER' && p.numberKind !== 'NATURAL')))
          problems.push(`${t.name}.${pname}: money is whole cents, an INTEGER or NATURAL number`);
        if (p.notBefore && !t.allProperties[p.notBefore])
          problems.push(`${t.name}.${pname}: notBefore names missing property ${p.notBefore}`);
      }
      for (const h of t.defaultHeaders)
        if (!t.allProperties[h]) problems.push(`${t.name}: header ${h} names a missing property`);
      for (const f of t.facets)
        if (!t.allProperties[f]) problems.push(`${t.name}: facet ${f} names a missing property`);
      for (const k of t.keyFacts ?? [])
        if (!Object.hasOwn(t.allProperties, k))
          problems.push(`${t.name}: key fact ${k} names a missing property`);
      for (const k of t.carouselReveal ?? [])
        if (!Object.hasOwn(t.properties, k))
          problems.push(`${t.name}: carouselReveal ${k} names a missing property`);
      if (t.cardImage && !Object.hasOwn(t.properties, t.cardImage.property))
        problems.push(`${t.name}: cardImage names a missing property ${t.cardImage.property}`);
      if (t.areaParts) {
        const part = this.types.get(t.areaParts.type);
        const link = part?.allProperties[t.areaParts.link];
        if (!part) problems.push(`${t.name}: areaParts names unknown type ${t.areaParts.type}`);
        else if (link?.kind !== 'relation' || !link.types?.includes(t.name))
          problems.push(
            `${t.name}: areaParts link ${t.areaParts.link} is not a relation of ${part.name} to it`,
          );
        else if (!Object.values(part.allProperties).some((p) => p.kind === 'geometry'))
          problems.push(`${t.name}: areaParts type ${part.name} has no geometry`);
      }
      if (t.stateField !== undefined && t.properties[t.stateField]?.kind !== 'enum')
        problems.push(`${t.name}: stateField ${t.stateField} is not a declared enum property`);
      const follows = t.access.follows;
      if (follows && t.allProperties[follows]?.kind !== 'relation')
        problems.push(`${t.name}: access follows ${follows}, which is not a relation`);
      const rf = t.access.recipientField;
      if (rf && t.allProperties[rf]?.kind !== 'relation')
        problems.push(`${t.name}: recipientField ${rf} is not a relation`);
      if (t.access.createUnderParent && !follows)
        problems.push(`${t.name}: createUnderParent needs access.follows`);
      if (t.access.ownsItself && (follows || t.access.recipientField))
        problems.push(`${t.name}: an item that owns itself cannot follow another`);
      if (t.access.kindField && (!t.access.ownsItself || t.properties[t.access.kindField]?.kind !== 'enum'))
        problems.push(`${t.name}: kindField must be an enum property of a type that owns itself`);
      if (t.access.createIn && (follows || t.access.recipientField || t.access.createIn.length === 0))
        problems.push(`${t.name}: createIn needs places, on a type that does not follow another`);
      for (const place of t.access.createIn ?? [])
        if (place.capability && !this.capabilities.has(place.capability))
          problems.push(`${t.name}: createIn names unknown capability ${place.capability}`);
      if (t.accountField) {
        const p = t.properties[t.accountField];
        if (p?.kind !== 'relation' || p.list || !p.types?.every((x) => this.types.get(x)?.access.principal))
          problems.push(`${t.name}: accountField ${t.accountField} is not a relation to the principal type`);
      }
      for (const field of [t.access.levelField, t.access.ownerField])
        if (field && !t.properties[field]) problems.push(`${t.name}: access field ${field} is not declared`);
    }
    for (const c of this.cards) {
      if (c.kind === 'component') continue;
      if (c.kind === 'chart' && isSeriesChart(c.settings)) {
        for (const t of c.settings.watch)
          if (!this.types.has(t)) problems.push(`card ${c.id}: unknown type ${t}`);
        continue;
      }
      const q = (c.settings as { query: { types: readonly string[] | null } }).query;
      for (const t of q.types ?? []) if (!this.types.has(t)) problems.push(`card ${c.id}: unknown type ${t}`);
      // "Show all" opens the list with the card's own filter: a preset that list has.
      const { listView, listPreset } = c.settings as { listView?: string; listPreset?: string };
      if (listPreset && !this.views.get(listView ?? '')?.list?.presets?.some((p) => p.id === listPreset))
        problems.push(`card ${c.id}: ${listView ?? 'no list view'} has no preset ${listPreset}`);
      // A row's fields and due date are a property of the card's one type.
      const { rowFields, dueKey } = c.settings as { rowFields?: readonly string[]; dueKey?: string };
      if (rowFields || dueKey) {
        const only = q.types?.length === 1 ? this.types.get(q.types[0]!) : undefined;
        if (!only) problems.push(`card ${c.id}: row fields need a card of one type`);
        else {
          for (const f of rowFields ?? [])
            if (!only.allProperties[f]) problems.push(`card ${c.id}: ${only.name} has no field ${f}`);
          const due = dueKey ? only.allProperties[dueKey]?.kind : 'date';
          if (due !== 'date' && due !== 'dateTime')
            problems.push(`card ${c.id}: ${only.name}.${dueKey} is not a date`);
        }
      }
      // A calendar's times of day are text properties of each type its sources search.
      if (c.kind === 'calendar')
        for (const src of [c.settings, ...(c.settings.also ?? [])])
          for (const k of [src.timeKeys?.start, src.timeKeys?.end])
            for (const t of k ? (src.query.types ?? []) : [])
              if (this.types.get(t)?.allProperties[k!]?.kind !== 'string')
                problems.push(`card ${c.id}: ${t}.${k} is not a time of day`);
      if (c.kind !== 'calendar' || c.settings.dateKey === '_c.ts' || c.settings.dateKey === '_m.ts') continue;
      for (const t of c.settings.query.types ?? []) {
        const kind = this.types.get(t)?.allProperties[c.settings.dateKey]?.kind;
        if (kind !== 'date' && kind !== 'dateTime')
          problems.push(`card ${c.id}: ${t}.${c.settings.dateKey} is not a date`);
      }
    }
    // A dashboard view shows a dashboard of this registry (one declared by any module).
    for (const v of this.views.values())
      if (v.dashboard !== undefined && !this.dashboards.has(v.dashboard))
        problems.push(`view ${v.name}: dashboard ${v.dashboard} is not registered`);
    for (const v of this.views.values()) {
      const ct = v.list?.createType;
      if (ct !== undefined && !(v.list!.types ?? []).includes(ct))
        problems.push(`view ${v.name}: createType ${ct} is not one of its types`);
    }
    if (problems.length)
      throw new RegistryError(`type registry is inconsistent:\n  ${problems.join('\n  ')}`);
    this.checkNav();
    return this;
  }

  /**
   * Gives every registered type the modules' item properties (manifest `itemProperties`): a copy
   * of the type with them among its properties, and among its facets where declared `facet`.
   * The types the modules export stay as they are; the registry's are the ones everything reads.
   * Once (check may run again).
   */
  private addItemProperties(): void {
    if (!this.itemProperties.size || this.itemPropertiesAdded) return;
    this.itemPropertiesAdded = true;
    const props = Object.fromEntries(
      [...this.itemProperties].map(([k, { module: _m, ...p }]) => [k, p as PropertyDef]),
    );
    const facets = Object.keys(props).filter((k) => props[k]!.facet);
    for (const [name, t] of this.types) {
      if (t.itemProperties === false) continue;
      if (Object.keys(props).some((k) => Object.hasOwn(t.properties, k)))
        throw new RegistryError(
          `${name} declares the item property ${Object.keys(props).find((k) => Object.hasOwn(t.properties, k))} itself`,
        );
      this.types.set(name, {
        ...t,
        properties: { ...t.properties, ...props },
        allProperties: { ...t.allProperties, ...props },
        facets: [...t.facets, ...facets.filter((f) => !t.facets.includes(f))],
      });
    }
  }

  /**
   * Every nav entry names a registered view, except a group header (`group: true`), which names
   * none and has entries under it. A nav entry without its view would be hidden silently.
   */
  checkNav(): void {
    const problems: string[] = [];
    for (const n of this.nav) {
      if (n.group) {
        if (this.views.has(n.path)) problems.push(`nav ${n.path} is a group and names a view`);
        if (!this.nav.some((x) => x.path.startsWith(`${n.path}.`)))
          problems.push(`nav group ${n.path} has no entries under it`);
      } else if (!this.views.has(n.path)) problems.push(`nav ${n.path} names no view`);
    }
    if (problems.length) throw new RegistryError(`navigation is inconsistent:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * Checks the modules' `requires` over the whole list: a requirement that is not in the list,
 * then a cycle (reported as its path, `a → b → a`), then a module listed before what it requires.
 * The list's order is the registration order (hooks and acts run in it), so it is refused rather
 * than reordered: what you read in src/modules/index.ts is what runs.
 */
export function checkRequirements(modules: readonly ModuleManifest[]): void {
  const byId = new Map(modules.map((m) => [m.id, m]));
  for (const m of modules)
    for (const r of m.requires ?? [])
      if (!byId.has(r)) throw new RegistryError(`module ${m.id} requires ${r}, which is not registered`);
  const done = new Set<string>();
  const visit = (id: string, path: readonly string[]): void => {
    if (path.includes(id))
      throw new RegistryError(`circular requirement: ${[...path.slice(path.indexOf(id)), id].join(' → ')}`);
    if (done.has(id)) return;
    for (const r of byId.get(id)?.requires ?? []) visit(r, [...path, id]);
    done.add(id);
  };
  for (const m of modules) visit(m.id, []);
  const seen = new Set<string>();
  for (const m of modules) {
    for (const r of m.requires ?? [])
      if (!seen.has(r))
        throw new RegistryError(`module ${m.id} requires ${r}, which must be listed before it`);
    seen.add(m.id);
  }
}

export function buildRegistry(modules: readonly ModuleManifest[]): Registry {
  checkRequirements(modules);
  const r = new Registry();
  for (const m of modules) r.register(m);
  return r.check();
}
