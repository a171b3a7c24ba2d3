import { lazy } from 'react';
import type { ItemSection, ListActionEntry } from '../../../../client/module-api';
import { GEDCOM_IMPORT_KIND } from '../../types';

// The GEDCOM parts of the research module's client half (docs/research-gedcom.md), each its own
// chunk: the import's run-and-report section on a CM_GEDCOM Import, and "Export GEDCOM" on the
// community members list.

export const gedcomItemSections: readonly ItemSection[] = [
  {
    id: 'research-gedcom-import',
    // Below the Attachments (10), which hold the file it reads.
    order: 15,
    // The report is this section's to show; the form would show it as raw JSON.
    omit: ['importResult'],
    applies: (item) => item._t === 'Import' && item.kind === GEDCOM_IMPORT_KIND && !!item.$id,
    component: lazy(() => import('./GedcomImportSection')),
  },
];

export const gedcomListActions: readonly ListActionEntry[] = [
  {
    id: 'research-gedcom-export',
    applies: (type) => type.name === 'CommunityMember',
    component: lazy(() => import('./GedcomExportButton')),
  },
];
