import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { SvgIconProps } from '@mui/material';

// The drawer's icons by the Material name a view declares (ViewDecl.icon), drawn in the quieter
// outlined style. The drawer loads this file on its own after start-up, through lazyScreen as
// every part on demand (each icon imported by its file, so only these reach the chunk): the
// start-up JavaScript budget stays untouched, and the drawer keeps each icon's place meanwhile.
// A module naming an icon not listed here gets the plain page icon until the name is added.

export const NAV_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  Home: HomeOutlined,
  AccountTree: AccountTreeOutlined,
  Search: SearchOutlined,
  Notifications: NotificationsOutlined,
  Timeline: TimelineOutlined,
  Forum: ForumOutlined,
  Business: BusinessOutlined,
  Contacts: ContactsOutlined,
  ContactPhone: ContactPhoneOutlined,
  Groups: GroupsOutlined,
  ListAlt: ListAltOutlined,
  Tune: TuneOutlined,
  Inventory2: Inventory2Outlined,
  Campaign: CampaignOutlined,
  MonitorHeart: MonitorHeartOutlined,
  Translate: TranslateOutlined,
  MenuOpen: MenuOpenOutlined,
  ToggleOn: ToggleOnOutlined,
  NewReleases: NewReleasesOutlined,
  HelpOutline: HelpOutlineOutlined,
  AdminPanelSettings: AdminPanelSettingsOutlined,
  // The consultation group's.
  Assignment: AssignmentOutlined,
  AssignmentTurnedIn: AssignmentTurnedInOutlined,
  AttachFile: AttachFileOutlined,
  Event: EventOutlined,
  SpaceDashboard: SpaceDashboardOutlined,
  // The spatial group's.
  Map: MapOutlined,
  Layers: LayersOutlined,
  Place: PlaceOutlined,
  // The chevron of a folding group.
  ExpandMore,
};

/** The icon of this name; the plain page icon for a name not listed (or none). */
export function NavIcon({ icon, ...props }: { icon: string | undefined } & SvgIconProps) {
  const Icon = (icon && NAV_ICONS[icon]) || ArticleOutlined;
  return <Icon {...props} />;
}
