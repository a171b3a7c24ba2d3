import MapIcon from '@mui/icons-material/Map';
import TableRowsIcon from '@mui/icons-material/TableRows';
import TimelineIcon from '@mui/icons-material/Timeline';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import ViewListIcon from '@mui/icons-material/ViewList';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_MODES, type DisplayAs } from './search-model';

const ICONS: Record<DisplayAs, ReactElement> = {
  LIST: <ViewListIcon fontSize="small" />,
  TABLE: <TableRowsIcon fontSize="small" />,
  CARDS: <ViewModuleIcon fontSize="small" />,
  TIMELINE: <TimelineIcon fontSize="small" />,
  CAROUSEL: <ViewCarouselIcon fontSize="small" />,
  MAP: <MapIcon fontSize="small" />,
};

/**
 * LIST, TABLE, CARDS, TIMELINE or CAROUSEL (spec core §3 displayAs); MAP where `offered` allows
 * it (a type with a geometry, drawn by the spatial module).
 */
export function DisplayModeSwitch({
  value,
  onChange,
  offered = (m) => m !== 'MAP',
}: {
  value: DisplayAs;
  onChange(v: DisplayAs): void;
  offered?: (mode: DisplayAs) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_e, v: DisplayAs | null) => v && onChange(v)}
      aria-label={t('search.display.label')}
    >
      {DISPLAY_MODES.filter(offered).map((m) => (
        <Tooltip key={m} title={t(`search.display.${m}`)}>
          <ToggleButton value={m} aria-label={t(`search.display.${m}`)}>
            {ICONS[m]}
          </ToggleButton>
        </Tooltip>
      ))}
    </ToggleButtonGroup>
  );
}
