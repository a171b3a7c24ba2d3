import { asyncActionsOf, type ServerModule } from '../../../server/module-api';
import { coreAsyncActs } from '../contract';
import { coreActHandlers } from './acts';
import { capabilitiesChanged, userChanged } from './capabilities';
import { notifyServer } from './notify';
import { coreAsyncActions } from './task-acts';
import { seedCoreDemo } from './demo';
import { addUserStates } from './user-state';
import { protocolAfterWrite, protocolBeforeWrite } from './protocols';

/**
 * Core's server half, its fixed entry: the server loads `server` from
 * src/modules/<id>/server/index.ts for each module of the one list (src/server/server-modules.ts).
 */
export const server: ServerModule = {
  id: 'core',
  acts: coreActHandlers,
  asyncActions: asyncActionsOf(coreAsyncActs, coreAsyncActions),
  ...notifyServer,
  hooks: {
    ...notifyServer.hooks,
    // A changed grant of capabilities, or admin flag, pushes the sessions concerned again.
    User: { afterWrite: userChanged },
    Organization: { afterWrite: capabilitiesChanged },
    // A Contact's account state ($userState) is computed when it is read.
    Contact: { decorate: addUserStates },
    // Kept by orgAdmins; who joins or leaves is told to every node (docs/access-model.md).
    Protocol: { beforeWrite: protocolBeforeWrite, afterWrite: protocolAfterWrite },
  },
  seedDemo: seedCoreDemo,
};
