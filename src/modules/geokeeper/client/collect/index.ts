import { lazy } from 'react';
import { lazyScreen, type ClientModule } from '../../../../client/module-api';
import { COLLECT_VIEW } from '../../views';

// The offline collection part of the GeoKeeper half: the collection screen, and the sync status
// on "My field data". Dexie, the form renderer and the sync load only with them (lazy chunks).
export const collectPart: Partial<ClientModule> = {
  screens: {
    [COLLECT_VIEW]: lazy(() => import('./CollectScreen').then((m) => ({ default: m.CollectScreen }))),
  },
  listActions: [
    {
      id: 'geokeeper-sync-status',
      applies: (type, list) => type.name === 'GeoKeeperFieldData' && list.must?._c?.includes('$me') === true,
      component: lazyScreen(() => import('./MyDataSync').then((m) => ({ default: m.MyDataSync }))),
    },
  ],
};
