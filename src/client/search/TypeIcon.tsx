import AttachFileIcon from '@mui/icons-material/AttachFile';
import BusinessIcon from '@mui/icons-material/Business';
import ChatIcon from '@mui/icons-material/Chat';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import DescriptionIcon from '@mui/icons-material/Description';
import ForumIcon from '@mui/icons-material/Forum';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HistoryIcon from '@mui/icons-material/History';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import ListIcon from '@mui/icons-material/List';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import PersonIcon from '@mui/icons-material/Person';
import SavedSearchIcon from '@mui/icons-material/SavedSearch';
import UploadIcon from '@mui/icons-material/Upload';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { itemType } from '../items/item-label';
import type { ClientModule } from '../module-api';
import { useClientModules } from '../modules/loader';

// The type's defaultIcon (a Material icon name) as an icon; unknown names get a generic one.
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  person: PersonIcon,
  business: BusinessIcon,
  contact_mail: ContactMailIcon,
  notifications: NotificationsIcon,
  forum: ForumIcon,
  chat: ChatIcon,
  history: HistoryIcon,
  list: ListIcon,
  attach_file: AttachFileIcon,
  description: DescriptionIcon,
  upload: UploadIcon,
  pending_actions: PendingActionsIcon,
  handshake: HandshakeIcon,
  saved_search: SavedSearchIcon,
};

/** The icon names drawn without any module's half (core's start-up types). */
export const STATIC_TYPE_ICONS: readonly string[] = Object.keys(ICONS);

const moduleIconCache = new WeakMap<
  readonly ClientModule[],
  ReadonlyMap<string, ComponentType<SvgIconProps>>
>();

/** The icons the loaded client halves bring for their types (ClientModule.typeIcons). */
function useModuleIcons(): ReadonlyMap<string, ComponentType<SvgIconProps>> {
  const modules = useClientModules();
  let got = moduleIconCache.get(modules);
  if (!got) {
    // Two modules may name the same icon; it is the same Material icon either way.
    got = new Map(modules.flatMap((m) => Object.entries(m.typeIcons ?? {})));
    moduleIconCache.set(modules, got);
  }
  return got;
}

/** Decorative: the type's name is always written next to it. */
export function TypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const name = itemType(type)?.defaultIcon;
  const fromModules = useModuleIcons();
  const Icon = (name && (ICONS[name] ?? fromModules.get(name))) || InsertDriveFileIcon;
  return <Icon aria-hidden {...props} />;
}
