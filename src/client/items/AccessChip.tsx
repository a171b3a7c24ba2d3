import GroupsIcon from '@mui/icons-material/Groups';
import LockIcon from '@mui/icons-material/Lock';
import PublicIcon from '@mui/icons-material/Public';
import ShieldIcon from '@mui/icons-material/Shield';
import { Chip, type ChipProps } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { accessLabel } from './labels';

const LOOK: Record<string, { icon: ReactElement; color: ChipProps['color'] }> = {
  PUBLIC: { icon: <PublicIcon />, color: 'success' },
  COMMUNITY: { icon: <GroupsIcon />, color: 'info' },
  PROTECTED: { icon: <ShieldIcon />, color: 'warning' },
  PRIVATE: { icon: <LockIcon />, color: 'error' },
};

/** The visibility level, read-only: an icon and colour per level (spec core §3). */
export function AccessChip({ level }: { level: string }) {
  const { t } = useTranslation();
  const look = LOOK[level];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={look?.icon}
      color={look?.color ?? 'default'}
      label={t('item.accessValue', { level: accessLabel(t, level) })}
      // The level's colour marks the border and icon; the words stay in the text colour, which
      // reads at 4.5:1 where the info and warning colours do not (axe color-contrast).
      sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}
