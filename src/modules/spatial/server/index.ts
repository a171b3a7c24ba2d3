import { actsOf, type ServerModule } from '../../../server/module-api';
import { spatialActs } from '../contract';
import { areaFileRoutes } from './area/area-file-route';
import { basemapRoutes } from './basemap/route';
import { basemapTileRoutes } from './basemap/tile-route';
import { seedSpatialDemo } from './demo';
import { ioAsyncActions, ioHandlers } from './io';
import { mapHandlers, mapListeners } from './map';
import { overlayAsyncActions, overlayHandlers, rwfSpatial } from './overlay';
import { overlayHooks } from './overlay/judge';

/** The spatial module's server half (docs/spatial.md). */
export const server: ServerModule = {
  id: 'spatial',
  acts: actsOf(spatialActs, { ...mapHandlers, ...ioHandlers, ...overlayHandlers }),
  asyncActions: { ...ioAsyncActions, ...overlayAsyncActions },
  stepKinds: { RWF_SPATIAL: rwfSpatial },
  hooks: overlayHooks,
  onCommitted: mapListeners,
  seedDemo: seedSpatialDemo,
  routes(app, s) {
    basemapRoutes(app, s);
    basemapTileRoutes(app, s);
    areaFileRoutes(app, s);
  },
};
