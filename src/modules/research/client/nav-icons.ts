import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import PinDropOutlined from '@mui/icons-material/PinDropOutlined';
import FamilyRestroomOutlined from '@mui/icons-material/FamilyRestroomOutlined';
import ForestOutlined from '@mui/icons-material/ForestOutlined';
import TopicOutlined from '@mui/icons-material/TopicOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

// The drawer's icons for the research module's views (ViewDecl.icon), collected by the shell's
// lazily loaded icon chunk (src/client/shell/nav-icons.tsx), never by start-up code.
export const navIcons: Readonly<Record<string, SvgIconComponent>> = {
  TravelExplore: TravelExploreOutlined,
  RecordVoiceOver: RecordVoiceOverOutlined,
  PinDrop: PinDropOutlined,
  FamilyRestroom: FamilyRestroomOutlined,
  Forest: ForestOutlined,
  Topic: TopicOutlined,
};
