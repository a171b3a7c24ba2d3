import type { ItemType } from './item-type';
import type { ModuleManifest, NavEntry } from './module';

export class RegistryError extends Error {
  override name = 'RegistryError';
}

/**
 * The one registry of types, acts, kinds and navigation. It refuses duplicates and checks
 * cross-references at build time, so a broken module fails at start, not at first use.
 */
export class Registry {
  readonly types = new Map<string, ItemType>();
  readonly acts = new Map<string, string>();
  readonly capabilities = new Set<string>();
  readonly lovLists = new Set<string>();
  readonly nav: NavEntry[] = [];
  readonly kinds = { Agreement: new Set<string>(), Import: new Set<string>() };
  readonly dashboards = new Set<string>();
  readonly modules: ModuleManifest[] = [];

  register(m: ModuleManifest): this {
    if (this.modules.some((x) => x.id === m.id)) throw new RegistryError(`module ${m.id} already registered`);
    this.modules.push(m);
    for (const t of m.types) {
      if (this.types.has(t.name)) throw new RegistryError(`type ${t.name} already registered`);
      this.types.set(t.name, t);
    }
    for (const a of m.acts ?? []) {
      if (this.acts.has(a)) throw new RegistryError(`act ${a} already registered`);
      this.acts.set(a, m.id);
    }
    for (const c of m.capabilities ?? []) this.capabilities.add(c);
    for (const l of m.lovLists ?? []) {
      if (this.lovLists.has(l)) throw new RegistryError(`list ${l} already registered`);
      this.lovLists.add(l);
    }
    for (const family of ['Agreement', 'Import'] as const) {
      for (const kind of m.kinds?.[family] ?? []) this.registerKind(family, kind);
    }
    for (const d of m.dashboards ?? []) {
      if (this.dashboards.has(d)) throw new RegistryError(`dashboard ${d} already registered`);
      this.dashboards.add(d);
    }
    for (const n of m.nav ?? []) {
      if (n.path.includes('/') && !n.routeOnly && !n.noColumns)
        throw new RegistryError(`nav path ${n.path} contains a slash`);
      if (this.nav.some((x) => x.path === n.path))
        throw new RegistryError(`nav ${n.path} already registered`);
      this.nav.push(n);
    }
    return this;
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

  /** Cross-reference checks: relation targets, headers and facets must name what exists. */
  check(): this {
    const problems: string[] = [];
    for (const t of this.types.values()) {
      for (const [pname, p] of Object.entries(t.allProperties)) {
        // Search refuses such names as keys (protocol/query.ts searchQueryBounds), so a property
        // named like that could never be searched.
        if (pname in Object.prototype)
          problems.push(`${t.name}.${pname}: named after an Object.prototype member`);
        if (p.kind === 'relation') {
          if (!p.types?.length) problems.push(`${t.name}.${pname}: relation without target types`);
          for (const target of p.types ?? [])
            if (target !== '*' && !this.types.has(target))
              problems.push(`${t.name}.${pname}: unknown relation target ${target}`);
        }
        if (p.kind === 'enum' && !p.values?.length) problems.push(`${t.name}.${pname}: enum without values`);
        if (p.kind === 'lov' && !p.lov) problems.push(`${t.name}.${pname}: lov without list name`);
        if (p.notBefore && !t.allProperties[p.notBefore])
          problems.push(`${t.name}.${pname}: notBefore names missing property ${p.notBefore}`);
      }
      for (const h of t.defaultHeaders)
        if (!t.allProperties[h]) problems.push(`${t.name}: header ${h} names a missing property`);
      for (const f of t.facets)
        if (!t.allProperties[f]) problems.push(`${t.name}: facet ${f} names a missing property`);
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
      for (const field of [t.access.levelField, t.access.ownerField])
        if (field && !t.properties[field]) problems.push(`${t.name}: access field ${field} is not declared`);
    }
    if (problems.length)
      throw new RegistryError(`type registry is inconsistent:\n  ${problems.join('\n  ')}`);
    return this;
  }
}

export function buildRegistry(modules: readonly ModuleManifest[]): Registry {
  const r = new Registry();
  for (const m of modules) r.register(m);
  return r.check();
}
