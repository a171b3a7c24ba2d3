import type { NavEntry } from '../../kernel/module';
import type { ViewDecl } from '../../kernel/view';
import { ARCHIVE_IMPORT_KIND } from './types';

// The archive's views as data (spec capability-modules §2 "Archive (group archive)": catalogue,
// orgs and imports; §9 archive-attachments.zip). The catalogue and the imports are the generic
// search; archive.orgs is a screen of the client half that lists through searchSourceOrgs.
// Who sees the group: holders of the Archive capability (and admins); on a dedicated deployment
// only where its key capabilities name Archive (kernel/key-caps.ts), as consult's names Consult.

export const ARCHIVE_CAPABILITY = 'Archive';
export const CATALOGUE_VIEW = 'archive.catalogue';
export const ORGS_VIEW = 'archive.orgs';
export const IMPORTS_VIEW = 'archive.imports';

const GATE = { capability: ARCHIVE_CAPABILITY, dedicatedKeyCap: ARCHIVE_CAPABILITY } as const;

export const archiveViews: readonly ViewDecl[] = [
  {
    name: CATALOGUE_VIEW,
    titleKey: 'nav.archive_catalogue',
    icon: 'Inventory2',
    width: 'TWO_THIRDS',
    inNav: true,
    ...GATE,
    list: {
      types: ['ArchiveEntry'],
      defaultSort: [{ key: '_c.ts', order: 'desc' }],
      displayAs: 'CARDS',
      dateKey: '_c.ts',
      create: true,
      zip: 'archive-attachments.zip',
      // Bulk cataloguing from a spreadsheet (docs/csv-import.md); listed under archive.imports.
      csvImport: ARCHIVE_IMPORT_KIND,
    },
  },
  {
    name: ORGS_VIEW,
    titleKey: 'nav.archive_orgs',
    icon: 'Business',
    width: 'HALF',
    inNav: true,
    ...GATE,
    screen: true,
  },
  {
    name: IMPORTS_VIEW,
    titleKey: 'nav.archive_imports',
    icon: 'ListAlt',
    width: 'HALF',
    inNav: true,
    ...GATE,
    list: {
      types: ['Import'],
      defaultSort: [{ key: '_c.ts', order: 'desc' }],
      displayAs: 'LIST',
      dateKey: '_c.ts',
      must: { kind: [ARCHIVE_IMPORT_KIND] },
      create: true,
      createDefaults: { kind: ARCHIVE_IMPORT_KIND },
    },
  },
];

export const archiveNav: readonly NavEntry[] = [
  { path: 'archive', group: true, ...GATE },
  { path: CATALOGUE_VIEW, ...GATE },
  { path: ORGS_VIEW, ...GATE },
  { path: IMPORTS_VIEW, ...GATE },
];

/** The words the drawer needs before the module's half loads. */
export const archiveTitles: Readonly<Record<string, string>> = {
  'nav.archive': 'Archive',
  'nav.archive_catalogue': 'Catalogue',
  'nav.archive_orgs': 'Source organisations',
  'nav.archive_imports': 'Imports',
};
