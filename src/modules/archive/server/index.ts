import { actsOf, type ServerModule } from '../../../server/module-api';
import { archiveActs } from '../contract';
import { seedArchiveDemo } from './demo';
import { archiveHooks } from './hooks';
import { searchSourceOrgs } from './source-orgs';

/** The archive module's server half (docs/archive.md): derived fields, list rights, source organisations, the demo. */
export const server: ServerModule = {
  id: 'archive',
  acts: actsOf(archiveActs, { searchSourceOrgs }),
  hooks: archiveHooks,
  seedDemo: seedArchiveDemo,
};
