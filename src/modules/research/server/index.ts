import { actsOf, type ServerModule } from '../../../server/module-api';
import { researchActs } from '../contract';
import { treeActs } from '../contract-tree';
import { resActivityChart } from './activity-chart';
import { researchCsvResolvers } from './coded-import';
import { seedResearchDemo } from './demo';
import { seedDemoFamily } from './demo-family';
import { gedcomAsyncActions } from './gedcom';
import { researchHooks } from './hooks';
import { resFamilyTree } from './tree';

/**
 * The research module's server half (docs/research.md): site codes, projects from interviews,
 * members' full names, living people's birth facts, the research lists' right, the dashboard's
 * chart, the family tree, and the demo study and family.
 */
export const server: ServerModule = {
  id: 'research',
  acts: actsOf({ ...researchActs, ...treeActs }, { resActivityChart, resFamilyTree }),
  asyncActions: { ...gedcomAsyncActions },
  hooks: researchHooks,
  csvResolvers: researchCsvResolvers,
  // The study first: it gives Riverbend the Research capability; then the family.
  seedDemo: async (items, demo) => {
    await seedResearchDemo(items, demo);
    await seedDemoFamily(items, demo);
  },
};
