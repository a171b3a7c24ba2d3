import GroupsIcon from '@mui/icons-material/Groups';
import LockIcon from '@mui/icons-material/Lock';
import PublicIcon from '@mui/icons-material/Public';
import ShieldIcon from '@mui/icons-material/Shield';
import type { SvgIconProps } from '@mui/material';
import { Tooltip } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { accessLabel } from '../items/labels';

// The same pictures as the record's visibility badge (items/AccessChip), small and quiet for rows.
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  PUBLIC: PublicIcon,
  COMMUNITY: GroupsIcon,
  PROTECTED: ShieldIcon,
  PRIVATE: LockIcon,
};

/** An item's visibility ($access) as an icon whose accessible name is the level, e.g. "Private". */
export function AccessIcon({ level }: { level: string }) {
  const { t } = useTranslation();
  const Icon = ICONS[level] ?? ShieldIcon;
  const label = accessLabel(t, level);
  return (
    <Tooltip title={label}>
      <Icon
        role="img"
        aria-label={label}
        aria-hidden={false}
        fontSize="small"
        sx={{ color: 'text.secondary' }}
      />
    </Tooltip>
  );
}
