import type { ViewDecl } from '../../kernel/view';
import type { ScreenDef } from './search-model';

// The screens built on the search component (spec core §2 "Core routes", signed-in navigation):
// the general search here, and the modules' `list` views (their manifests, through the config).

export const SEARCH_SCREEN: ScreenDef = {
  name: 'search',
  titleKey: 'nav.search',
  types: null,
  defaultSort: [],
  displayAs: 'LIST',
  dateKey: '_c.ts',
};

/** The search component's settings of a `list` view: its declaration, name, title and gate. */
export function listScreenOf(v: ViewDecl): ScreenDef {
  if (!v.list) throw new Error(`view ${v.name} is not a list screen`);
  return {
    name: v.name,
    titleKey: v.titleKey,
    ...v.list,
    ...(v.adminOnly ? { adminOnly: true } : {}),
    ...(v.minOrgRole ? { minOrgRole: v.minOrgRole } : {}),
  };
}

/** The list screens among views, in their order. */
export function listScreens(views: readonly ViewDecl[]): ScreenDef[] {
  return views.filter((v) => v.list).map(listScreenOf);
}
