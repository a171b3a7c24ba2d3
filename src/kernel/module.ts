import type { ItemType } from './item-type';

export interface NavEntry {
  /** Dotted path, e.g. 'admin.all-items'. */
  path: string;
  capability?: string;
  adminOnly?: boolean;
  routeOnly?: boolean;
  noColumns?: boolean;
  icon?: string;
}

export interface ModuleManifest {
  id: string;
  types: readonly ItemType[];
  /** Names of the acts the module's server part implements. */
  acts?: readonly string[];
  lovLists?: readonly string[];
  capabilities?: readonly string[];
  nav?: readonly NavEntry[];
  /** Agreement and Import kinds; they must be uppercase. */
  kinds?: { Agreement?: readonly string[]; Import?: readonly string[] };
  dashboards?: readonly string[];
}

/**
 * A module manifest: what a capability module adds (types, acts, lists of values, capabilities,
 * navigation and kinds), as typed data. Modules are registered from one explicit list.
 */
export function defineModule(m: ModuleManifest): ModuleManifest {
  return m;
}
