import type { NavEntry } from '../../kernel/module';
import type { ViewDecl } from '../../kernel/view';
import { LABEL_TYPE } from './types';

// The community's label wording, kept by its editors and orgAdmins beside its protocols in the
// admin section. The labels on items need no screen of their own: every search has their facet.

export const LABELS_VIEW = 'admin.local-contexts';

export const localContextsViews: readonly ViewDecl[] = [
  {
    name: LABELS_VIEW,
    titleKey: 'nav.admin_local-contexts',
    icon: 'ListAlt',
    width: 'TWO_THIRDS',
    inNav: true,
    minOrgRole: 'editor',
    list: {
      types: [LABEL_TYPE],
      defaultSort: [{ key: 'labelKey', order: 'asc' }],
      displayAs: 'TABLE',
      dateKey: '_c.ts',
      create: true,
    },
  },
];

export const localContextsNav: readonly NavEntry[] = [{ path: LABELS_VIEW }];

export const localContextsTitles = { 'nav.admin_local-contexts': 'Local Contexts labels' } as const;
