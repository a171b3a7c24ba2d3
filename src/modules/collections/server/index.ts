import type { ServerModule } from '../../../server/module-api';
import { seedCollectionsDemo } from './demo';
import { collectionsHooks } from './hooks';

/** The collections module's server half (docs/collections.md): Collection's rules and the demo. */
export const server: ServerModule = {
  id: 'collections',
  acts: {},
  hooks: collectionsHooks,
  seedDemo: seedCollectionsDemo,
};
