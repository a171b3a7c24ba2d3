import type { ServerModule } from '../../../server/module-api';
import { seedLocalContextsDemo } from './demo';

/**
 * The Local Contexts module's server half (docs/local-contexts.md): only its demo. The labels on
 * items are item-wide properties (manifest `itemProperties`) that the one item service writes and
 * search filters and counts through the read rule; the community's wording is an ordinary type.
 */
export const server: ServerModule = {
  id: 'localcontexts',
  acts: {},
  seedDemo: seedLocalContextsDemo,
};
