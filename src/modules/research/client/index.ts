import ForestOutlined from '@mui/icons-material/ForestOutlined';
import PersonPinOutlined from '@mui/icons-material/PersonPinOutlined';
import PinDropOutlined from '@mui/icons-material/PinDropOutlined';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import TopicOutlined from '@mui/icons-material/TopicOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';
import { codedImportMenu } from './coded-import/menu';
import { gedcomItemSections, gedcomListActions } from './gedcom';

/**
 * The research module's client half (docs/research.md): its types' icons and strings. The list
 * screens and the dashboard are the generic search and dashboard (views.ts).
 */
export const client = defineClientModule({
  id: 'research',
  // Its types' icons (their `defaultIcon` names), in this half's chunk.
  typeIcons: {
    travel_explore: TravelExploreOutlined,
    record_voice_over: RecordVoiceOverOutlined,
    pin_drop: PinDropOutlined,
    person_pin: PersonPinOutlined,
    forest: ForestOutlined,
    topic: TopicOutlined,
  },
  strings: () => import('../i18n/en').then((m) => m.researchEn),
  // "Import coded data" on a project's menu (docs/research-import.md).
  itemMenu: [codedImportMenu],
  itemSections: [
    // The family tree (docs/research-tree.md): its own chunk, with d3-flextree.
    {
      id: 'familyTree',
      order: 5,
      applies: (item) => item._t === 'CommunityMember',
      component: lazy(() => import('./tree/FamilyTreeSection')),
    },
    // A GEDCOM import's report (docs/research-gedcom.md).
    ...gedcomItemSections,
  ],
  // GEDCOM export on research.community-members.
  listActions: [...gedcomListActions],
});
