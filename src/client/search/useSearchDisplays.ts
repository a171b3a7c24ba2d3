import type { ComponentType, LazyExoticComponent } from 'react';
import type { ClientModule, ResultActionProps, SearchDisplayProps } from '../module-api';
import { collectById } from '../items/item-sections';
import { useClientModules } from '../modules/loader';
import type { TypeEnv } from './search-model';
import type { DisplayAs } from './search-model';

export type SearchDisplay =
  ComponentType<SearchDisplayProps> | LazyExoticComponent<ComponentType<SearchDisplayProps>>;

const cache = new WeakMap<readonly ClientModule[], ReadonlyMap<string, SearchDisplay>>();

/** The display modes the loaded client halves draw (ClientModule.searchDisplays), by mode. */
export function useSearchDisplays(): ReadonlyMap<string, SearchDisplay> {
  const modules = useClientModules();
  let got = cache.get(modules);
  if (!got) {
    got = collectById(modules, 'search display', (m) => Object.entries(m.searchDisplays ?? {}));
    cache.set(modules, got);
  }
  return got;
}

/**
 * Whether a mode is offered for the results' type: the built-in ones always; MAP when a module
 * draws it and the type has a geometry property (no type chosen: any listed type with one).
 */
export function modeOffered(
  mode: DisplayAs,
  displays: ReadonlyMap<string, SearchDisplay>,
  env: TypeEnv,
  types: readonly string[],
): boolean {
  if (mode !== 'MAP') return true;
  if (!displays.has('MAP')) return false;
  return types.some((t) => Object.values(env.type(t)?.properties ?? {}).some((p) => p.kind === 'geometry'));
}

export type ResultAction =
  ComponentType<ResultActionProps> | LazyExoticComponent<ComponentType<ResultActionProps>>;

const actionCache = new WeakMap<readonly ClientModule[], ReadonlyMap<string, ResultAction>>();

/** The result actions of the loaded client halves (ClientModule.resultActions), by type name. */
export function useResultActions(): ReadonlyMap<string, ResultAction> {
  const modules = useClientModules();
  let got = actionCache.get(modules);
  if (!got) {
    got = collectById(modules, 'result action', (m) => Object.entries(m.resultActions ?? {}));
    actionCache.set(modules, got);
  }
  return got;
}
