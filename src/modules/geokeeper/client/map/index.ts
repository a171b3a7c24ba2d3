import { lazy } from 'react';
import type { ClientModule } from '../../../../client/module-api';

// The GeoKeeper client half's map and export part: a program's section with its field data on
// the map and its exports (client/index.ts joins it).
export const mapPart: Partial<ClientModule> = {
  itemSections: [
    {
      id: 'geokeeper-program-data',
      // Between the program's header and its fields: the map and the exports are what its
      // readers open it for; the section is one row of buttons until the map is shown.
      order: 5,
      belowHeader: true,
      applies: (item) => item._t === 'GeoKeeperProgram' && !!item.$id,
      component: lazy(() => import('./ProgramDataSection').then((m) => ({ default: m.ProgramDataSection }))),
    },
  ],
};
