import { lazy } from 'react';
import type { ClientModule } from '../../../../client/module-api';

// The spatial client half's part: GIS import and export: "Import places…" on a layer (a dialog
// with the upload, the task's progress and its summary), and "Export map file" on the search
// page of any type with a geometry property. Each component is a chunk of its own (lazy).
export const ioPart: Partial<ClientModule> = {
  itemMenu: [
    {
      id: 'spatialImportPlaces',
      labelKey: 'spatial.io.importPlaces',
      applies: (item, type, user) => type.name === 'SpatialCollection' && !!user && !item.$deleted,
      dialog: lazy(() => import('./ImportDialog')),
    },
  ],
  searchExports: [
    {
      id: 'spatialGisExport',
      applies: (type) => Object.values(type.properties).some((p) => p.kind === 'geometry'),
      component: lazy(() => import('./GisExportMenu')),
    },
  ],
};
