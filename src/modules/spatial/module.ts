import { defineModule } from '../../kernel/module';
import { spatialActs, spatialAsyncActs } from './contract';
import { SPATIAL_IMPORT_KINDS, SPATIAL_LOV_LISTS, spatialTypes } from './types';
import { spatialNav, spatialTitles, spatialViews } from './views';

/**
 * Spatial and GIS (spec capability-modules §2–§4 "Spatial"; docs/spatial.md): layers and mapped
 * places with their visibility, the map with its layer tree, GIS import and export, and the
 * impact overlay a community runs on a referral's project area (the RWF_SPATIAL step of its
 * response workflow). Capability `Spatial` (spec §6) opens the group.
 */
export const spatialModule = defineModule({
  id: 'spatial',
  requires: ['core', 'workflow', 'consult'],
  types: spatialTypes,
  server: true,
  client: true,
  acts: spatialActs,
  asyncActs: spatialAsyncActs,
  capabilities: ['Spatial'],
  lovLists: SPATIAL_LOV_LISTS,
  kinds: { Import: SPATIAL_IMPORT_KINDS },
  stepKinds: ['RWF_SPATIAL'],
  stepKindTypes: { RWF_SPATIAL: ['ConsultResponse'] },
  fieldEditorKinds: ['geometry'],
  views: spatialViews,
  nav: spatialNav,
  titles: spatialTitles,
});
