import { defineModule } from '../../kernel/module';
import { geokeeperActs, geokeeperAsyncActs } from './contract';
import { GEOKEEPER_LOV_LISTS, geokeeperTypes } from './types';
import { GEOKEEPER_CAPABILITY, geokeeperNav, geokeeperTitles, geokeeperViews } from './views';

/**
 * Field data (spec capability-modules §2–§7 "GeoKeeper"; docs/geokeeper.md): a community's
 * monitoring programs, their forms, work items and references, the trips and records monitors
 * collect, and the fieldwork jobs a consultation asks of them. A program's access mode decides
 * who reads its items (server/program-access.ts). The GeoKeeper capability is an organisation
 * setting only COMMUNITY organisations may hold.
 */
export const geokeeperModule = defineModule({
  id: 'geokeeper',
  // Fieldwork jobs run workflows and come from consultations; field data goes on the map.
  requires: ['core', 'workflow', 'consult', 'spatial'],
  types: geokeeperTypes,
  server: true,
  client: true,
  acts: geokeeperActs,
  asyncActs: geokeeperAsyncActs,
  capabilities: [GEOKEEPER_CAPABILITY],
  lovLists: GEOKEEPER_LOV_LISTS,
  // The fieldwork job's steps, and the consultation response's step that starts a job (spec §4).
  stepKinds: ['GKF_CONFIRM', 'GKF_WORK_ITEMS', 'GKF_REPORT', 'GKF_INVOICE', 'RWF_FIELDWORK'],
  stepKindTypes: { RWF_FIELDWORK: ['ConsultResponse'] },
  views: geokeeperViews,
  nav: geokeeperNav,
  titles: geokeeperTitles,
});
