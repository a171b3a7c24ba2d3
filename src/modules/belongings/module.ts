import { defineModule } from '../../kernel/module';
import { belongingsActs } from './contract';
import { BELONGINGS_LOV_LISTS, belongingsTypes } from './types';
import { BELONGINGS_CAPABILITY, belongingsNav, belongingsTitles, belongingsViews } from './views';

/**
 * Belongings (spec capability-modules §2–§3 "Belongings", §7 searchBelongingOrgs;
 * docs/belongings.md): a community's belongings held in museums, their catalogue, the
 * institutions that hold them, exhibitions, and repatriation as a workflow on each belonging,
 * worked on a board by status. For holders of the Belongings capability.
 */
export const belongingsModule = defineModule({
  id: 'belongings',
  requires: ['core', 'workflow', 'collections'],
  types: belongingsTypes,
  server: true,
  client: true,
  acts: belongingsActs,
  capabilities: [BELONGINGS_CAPABILITY],
  lovLists: BELONGINGS_LOV_LISTS,
  views: belongingsViews,
  nav: belongingsNav,
  titles: belongingsTitles,
});
