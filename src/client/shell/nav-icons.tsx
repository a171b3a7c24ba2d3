import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
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
// The shell's own are listed here; a module lists those its views name in its folder's
// client/nav-icons.ts (`navIcons`), gathered below into this same chunk. A name no one lists gets
// the plain page icon (test/nav-icons.test.ts checks every registered view's).

const moduleIcons = import.meta.glob<Readonly<Record<string, SvgIconComponent>>>(
  '../../modules/*/client/nav-icons.ts',
  { eager: true, import: 'navIcons' },
);

const SHELL_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  Home: HomeOutlined,
  Search: SearchOutlined,
  Notifications: NotificationsOutlined,
  Timeline: TimelineOutlined,
  Forum: ForumOutlined,
  Business: BusinessOutlined,
  Contacts: ContactsOutlined,
  ContactPhone: ContactPhoneOutlined,
  Diversity3: Diversity3Outlined,
  Groups: GroupsOutlined,
  ListAlt: ListAltOutlined,
  Tune: TuneOutlined,
  Campaign: CampaignOutlined,
  MonitorHeart: MonitorHeartOutlined,
  Translate: TranslateOutlined,
  MenuOpen: MenuOpenOutlined,
  ToggleOn: ToggleOnOutlined,
  NewReleases: NewReleasesOutlined,
  HelpOutline: HelpOutlineOutlined,
  AdminPanelSettings: AdminPanelSettingsOutlined,
  SpaceDashboard: SpaceDashboardOutlined,
  // The chevron of a folding group.
  ExpandMore,
};

export const NAV_ICONS: Readonly<Record<string, SvgIconComponent>> = Object.assign(
  {},
  SHELL_ICONS,
  ...Object.values(moduleIcons),
);

/** The icon of this name; the plain page icon for a name not listed (or none). */
export function NavIcon({ icon, ...props }: { icon: string | undefined } & SvgIconProps) {
  const Icon = (icon && NAV_ICONS[icon]) || ArticleOutlined;
  return <Icon {...props} />;
}
