import { actsOf, type ServerModule } from '../../../server/module-api';
import { belongingsActs } from '../contract';
import { seedBelongingsDemo } from './demo';
import { belongingsHooks } from './hooks';
import { searchBelongingOrgs } from './orgs';
import { belShareHistory } from './share';

/** The belongings module's server half (docs/belongings.md): the institutions list, sharing, the photograph a card shows, the demo. */
export const server: ServerModule = {
  id: 'belongings',
  acts: actsOf(belongingsActs, { searchBelongingOrgs, belShareHistory }),
  hooks: belongingsHooks,
  seedDemo: seedBelongingsDemo,
};
