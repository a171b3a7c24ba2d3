import { actsOf, type ServerModule } from '../../../server/module-api';
import { geokeeperActs } from '../contract';
import { seedGeoKeeperDemo } from './demo';
import { applyGeoKeeperFieldDataEdits } from './edits';
import { importGeoKeeperXlsForm } from './forms/import-act';
import { fieldworkHandlers, fieldworkListeners, fieldworkStepKinds } from './fieldwork';
import { exportAsyncActions, exportHandlers } from './export';
import { geokeeperHooks } from './hooks';
import { mapHandlers, mapListeners } from './map';

/**
 * The GeoKeeper module's server half (docs/geokeeper.md): program access as grants, field data's
 * rules (trip, work item, the finalized lock and its event), the held edits of offline collection, the COMMUNITY-only org setting, and
 * the demo monitoring program.
 */
export const server: ServerModule = {
  id: 'geokeeper',
  acts: actsOf(geokeeperActs, {
    applyGeoKeeperFieldDataEdits,
    importGeoKeeperXlsForm,
    ...fieldworkHandlers,
    ...mapHandlers,
    ...exportHandlers,
  }),
  asyncActions: exportAsyncActions,
  stepKinds: fieldworkStepKinds,
  onCommitted: { ...fieldworkListeners, ...mapListeners },
  hooks: geokeeperHooks,
  seedDemo: seedGeoKeeperDemo,
};
