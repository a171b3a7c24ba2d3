import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import BookmarkOutlined from '@mui/icons-material/BookmarkOutlined';
import DynamicFormOutlined from '@mui/icons-material/DynamicFormOutlined';
import EditLocationAltOutlined from '@mui/icons-material/EditLocationAltOutlined';
import ExploreOutlined from '@mui/icons-material/ExploreOutlined';
import HikingOutlined from '@mui/icons-material/HikingOutlined';
import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';
import { collectPart } from './collect';
import { xlsFormImportMenu } from './xlsform/menu';
import { fieldworkPart } from './fieldwork';
import { mapPart } from './map';

/**
 * The GeoKeeper module's client half (docs/geokeeper.md): its types' icons and strings, and each
 * part's screens, sections and panels (the lists are the generic search: views.ts).
 */
export const client = defineClientModule({
  id: 'geokeeper',
  typeIcons: {
    explore: ExploreOutlined,
    assignment_turned_in: AssignmentTurnedInOutlined,
    bookmark: BookmarkOutlined,
    edit_location_alt: EditLocationAltOutlined,
    dynamic_form: DynamicFormOutlined,
    hiking: HikingOutlined,
  },
  strings: () => import('../i18n/en').then((m) => m.geokeeperEn),
  // The form builder on a form's record (client/builder/), and "Import XLSForm…" (client/xlsform/).
  itemSections: [
    {
      id: 'geokeeper-form-builder',
      order: 10,
      omit: ['definition', 'versions'],
      applies: (item) => item._t === 'GeoKeeperFormDef',
      component: lazy(() => import('./builder/FormBuilderSection')),
    },
    // A program's field data on the map and its export menu (client/map/, client/export/).
    ...(mapPart.itemSections ?? []),
  ],
  itemMenu: [xlsFormImportMenu],
  // Offline collection (client/collect): its screen and the sync status on "My field data".
  ...collectPart,
  // Fieldwork jobs' step panels (client/fieldwork/).
  stepPanels: { ...fieldworkPart.stepPanels },
});
