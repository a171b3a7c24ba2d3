import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useResultNav } from './useResultNav';

/** Previous/next result above an item opened from a list (the cell parameter r:{listKey}). */
export function ResultNavBar() {
  const { t } = useTranslation();
  const nav = useResultNav();
  if (!nav) return null;
  return (
    <Box
      component="nav"
      aria-label={t('search.resultNav')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1 }}
    >
      <Button size="small" startIcon={<NavigateBeforeIcon />} onClick={() => nav.go('previous')}>
        {t('item.previous')}
      </Button>
      {nav.position > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('search.position', { n: nav.position, count: nav.count })}
        </Typography>
      )}
      <Button size="small" endIcon={<NavigateNextIcon />} onClick={() => nav.go('next')}>
        {t('item.next')}
      </Button>
    </Box>
  );
}
