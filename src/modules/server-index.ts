import { coreServer } from './core/server/acts';
import type { ServerModule } from '../server/module-api';

// The server halves of the modules, in the same order as MODULES.
export const SERVER_MODULES: readonly ServerModule[] = [coreServer];
