import { useEffect, useState } from 'react';
import type { ItemType } from '../../kernel/item-type';
import type { ClientModule, ItemSection } from '../module-api';
import { clientModuleIds, loadClientModule, loadedModules, useClientModules } from '../modules/loader';
import type { Item } from '../state/items';
import type { UserSession } from '../state/socket-client';
import { itemType, stepKindModule, stepKindNames, typeModule } from './item-label';

// Item sections as registrations (issue 12 §4): the generic item cell shows the sections of the
// loaded client halves (Attachments, the profile panel, a module's map or workflow), in order.

/** The module whose sections apply to every type. */
export const BASE_MODULE = 'core';

/**
 * Everything of one kind the halves register, keyed by id: an id registered twice (by two
 * modules, or twice by one) fails with "<what> <id> already registered".
 */
export function collectById<T>(
  modules: readonly ClientModule[],
  what: string,
  entries: (m: ClientModule) => readonly (readonly [string, T])[],
): Map<string, T> {
  const out = new Map<string, T>();
  for (const m of modules)
    for (const [id, value] of entries(m)) {
      if (out.has(id)) throw new Error(`${what} ${id} already registered`);
      out.set(id, value);
    }
  return out;
}

const sectionsCache = new WeakMap<readonly ClientModule[], readonly ItemSection[]>();

/** The item sections of the loaded halves, by `order` (then by module order); ids unique. */
export function itemSectionsOf(modules: readonly ClientModule[]): readonly ItemSection[] {
  let got = sectionsCache.get(modules);
  if (!got) {
    const all = collectById(modules, 'item section', (m) => (m.itemSections ?? []).map((s) => [s.id, s]));
    got = [...all.values()].sort((a, b) => a.order - b.order);
    sectionsCache.set(modules, got);
  }
  return got;
}

/**
 * The sections that show for this item, split around the form (order below 0 goes above it, and
 * `belowHeader` ones between the record's header and its fields).
 */
export function sectionsFor(
  sections: readonly ItemSection[],
  item: Item,
  type: ItemType,
  user: UserSession | null,
): { above: ItemSection[]; header: ItemSection[]; below: ItemSection[]; omit: string[] } {
  const shown = sections.filter((s) => s.applies(item, type, user));
  const around = shown.filter((s) => !s.belowHeader);
  return {
    above: around.filter((s) => s.order < 0),
    header: shown.filter((s) => s.belowHeader),
    below: around.filter((s) => s.order >= 0),
    omit: shown.flatMap((s) => s.omit ?? []),
  };
}

/**
 * The client halves an item of this type needs loaded: the base module's and the type's own; for
 * a workflow-capable type also those of the modules that provide step kinds (the workflow panel
 * and the kinds' step panels), whatever capabilities the user holds.
 */
export function modulesForType(
  typeName: string,
  withHalves: readonly string[] = clientModuleIds(),
  stepKindModules: readonly string[] = stepKindNames().map((k) => stepKindModule(k)!),
): string[] {
  const own = typeModule(typeName);
  const workflow = itemType(typeName)?.workflow ? stepKindModules : [];
  const ids = [BASE_MODULE, ...(own ? [own] : []), ...workflow];
  return [...new Set(ids)].filter((id) => withHalves.includes(id));
}

/**
 * Loads the client halves an item of this type needs (their sections, menu entries, editors)
 * and says when they are there. A half that cannot load (offline at that moment) does not keep
 * the item from showing: its sections are missing until the next attempt.
 */
export function useTypeModules(typeName: string | undefined): {
  ready: boolean;
  modules: readonly ClientModule[];
} {
  const modules = useClientModules();
  const ids = typeName ? modulesForType(typeName) : [];
  const key = ids.join(',');
  const loaded = ids.every((id) => modules.some((m) => m.id === id));
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return;
    const wanted = key.split(',');
    if (wanted.every((id) => loadedModules.getSnapshot().some((m) => m.id === id))) return;
    let live = true;
    void Promise.allSettled(wanted.map((id) => loadClientModule(id))).then(() => {
      if (live) setSettled(key);
    });
    return () => {
      live = false;
    };
  }, [key]);
  return { ready: loaded || settled === key, modules };
}
