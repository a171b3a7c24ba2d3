import { lazy } from 'react';
import type { ClientModule } from '../../../../client/module-api';
import { MAP_VIEW } from '../../views';

// The spatial client half's part: the map screen (spatial.map), its layer tree, and the search's MAP mode.
// client/index.ts joins the parts; each part's components are chunks of their own (lazy).
export const mapPart: Partial<ClientModule> = {
  screens: {
    [MAP_VIEW]: lazy(() => import('./MapScreen').then((m) => ({ default: m.MapScreen }))),
  },
  searchDisplays: {
    MAP: lazy(() => import('./SearchMap').then((m) => ({ default: m.SearchMap }))),
  },
};
