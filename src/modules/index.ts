import { buildRegistry } from '../kernel/registry';
import { archiveModule } from './archive/module';
import { belongingsModule } from './belongings/module';
import { collectionsModule } from './collections/module';
import { consultModule } from './consult/module';
import { coreModule } from './core/module';
import { geokeeperModule } from './geokeeper/module';
import { localContextsModule } from './localcontexts/module';
import { researchModule } from './research/module';
import { spatialModule } from './spatial/module';
import { vocabModule } from './vocab/module';
import { workflowModule } from './workflow/module';

// The one list of modules: a module is its folder plus its line here (DESIGN §2). The list's
// order is the registration order, and a module comes after the modules it `requires`. Each
// half derives from it by id: the server loads src/modules/<id>/server/index.ts for a manifest
// with `server: true` (src/server/server-modules.ts), the client's act types come from the
// manifests' contracts (./contracts.ts). A broken module fails the build and the start.
export const MODULES = [
  coreModule,
  workflowModule,
  consultModule,
  spatialModule,
  vocabModule,
  collectionsModule,
  archiveModule,
  belongingsModule,
  localContextsModule,
  researchModule,
  geokeeperModule,
] as const;

export function appRegistry() {
  return buildRegistry(MODULES);
}
