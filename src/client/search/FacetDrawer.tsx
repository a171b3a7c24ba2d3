import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Drawer, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FacetDrawerProps {
  open: boolean;
  /** Active filters: "Clear all filters" is offered when there are any. */
  active: number;
  total: number;
  onClear(): void;
  onClose(): void;
  children: ReactNode;
}

/**
 * The facets of a narrow cell (or a phone), in a drawer from the side, so they never push the
 * results down: a heading, the facets, and "Show N results" to go back to them.
 */
export function FacetDrawer({ open, active, total, onClear, onClose, children }: FacetDrawerProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the top bar, which sits over the navigation drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': headingId,
          sx: { width: 'min(340px, 90vw)', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('search.facets')}
        </Typography>
        <Tooltip title={t('search.closeFilters')}>
          <IconButton aria-label={t('search.closeFilters')} onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1.5 }}>{children}</Box>
      <Stack
        direction="row"
        sx={{ gap: 1, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', justifyContent: 'flex-end' }}
      >
        {active > 0 && (
          <Button onClick={onClear} sx={{ whiteSpace: 'nowrap' }}>
            {t('search.clearFilters')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} sx={{ whiteSpace: 'nowrap' }}>
          {t('search.showResults', { count: total })}
        </Button>
      </Stack>
    </Drawer>
  );
}
