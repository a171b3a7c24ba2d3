import { asyncActionsOf, type ServerModule } from '../../../server/module-api';
import { coreAsyncActs } from '../contract';
import { coreActHandlers } from './acts';
import { capabilitiesChanged } from './capabilities';
import { notifyServer } from './notify';
import { coreAsyncActions } from './task-acts';

/**
 * Core's server half, its fixed entry: the server loads `server` from
 * src/modules/<id>/server/index.ts for each module of the one list (src/server/server-modules.ts).
 */
export const server: ServerModule = {
  id: 'core',
  acts: coreActHandlers,
  asyncActions: asyncActionsOf(coreAsyncActs, coreAsyncActions),
  ...notifyServer,
  // A changed grant of capabilities pushes the sessions concerned again.
  hooks: {
    ...notifyServer.hooks,
    User: { afterWrite: capabilitiesChanged },
    Organization: { afterWrite: capabilitiesChanged },
  },
};
