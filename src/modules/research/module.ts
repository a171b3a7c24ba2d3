import { defineModule } from '../../kernel/module';
import { researchActs } from './contract';
import { treeActs } from './contract-tree';
import { gedcomAsyncActs } from './gedcom-contract';
import { GEDCOM_IMPORT_KIND, RESEARCH_CSV_IMPORT_KIND, RESEARCH_LOV_LISTS, researchTypes } from './types';
import {
  RESEARCH_CAPABILITY,
  researchCards,
  researchDashboards,
  researchNav,
  researchTitles,
  researchViews,
} from './views';

/**
 * Research and genealogy (spec capability-modules §2–§3 "Research", §6; docs/research.md): a
 * community's land-use and occupancy studies (projects, interviews, coded data points, species,
 * topics) and its genealogy (community members, family links, GEDCOM import and export, the
 * family tree). For holders of the Research capability where the deployment names Research.
 */
export const researchModule = defineModule({
  id: 'research',
  requires: ['core', 'spatial'],
  types: researchTypes,
  server: true,
  client: true,
  acts: { ...researchActs, ...treeActs },
  asyncActs: { ...gedcomAsyncActs },
  capabilities: [RESEARCH_CAPABILITY],
  kinds: { Import: [GEDCOM_IMPORT_KIND, RESEARCH_CSV_IMPORT_KIND] },
  lovLists: RESEARCH_LOV_LISTS,
  views: researchViews,
  nav: researchNav,
  titles: researchTitles,
  dashboards: researchDashboards,
  dashboardCards: researchCards,
});
