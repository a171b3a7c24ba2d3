import type { NavEntry } from '../../kernel/module';
import type { ViewDecl } from '../../kernel/view';

// The collections views as data (issue 17 "admin.collections manages collections"): the generic
// search over Collection, for the staff of an organisation who curate them (minOrgRole editor: curating is editing).
// A collection's own page is its record, with the exhibition section of client/index.ts.

export const collectionsViews: readonly ViewDecl[] = [
  {
    name: 'admin.collections',
    titleKey: 'nav.admin_collections',
    icon: 'CollectionsBookmark',
    width: 'TWO_THIRDS',
    inNav: true,
    minOrgRole: 'editor',
    list: {
      types: ['Collection'],
      defaultSort: [{ key: 'title', order: 'asc' }],
      displayAs: 'TABLE',
      dateKey: '_c.ts',
      create: true,
    },
  },
];
// The view's own gate (minOrgRole) decides who sees the entry.
export const collectionsNav: readonly NavEntry[] = [{ path: 'admin.collections' }];
export const collectionsTitles: Readonly<Record<string, string>> = {
  'nav.admin_collections': 'Collections',
};
