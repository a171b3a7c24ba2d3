import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { GateRefusal } from '../../kernel/view-gate';

/**
 * A view the user may not open (kernel/view-gate.ts), shown at once instead of the view: the
 * view's code is not loaded, so there is no endless loading and no editor that fails on save.
 */
export function NoAccessView({ why }: { why: GateRefusal }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="warning" data-testid="no-access">
        <AlertTitle component="h1" sx={{ fontSize: '1.1rem' }}>
          {t('views.noAccess.title')}
        </AlertTitle>
        {t(`views.noAccess.${why}`)}{' '}
        {/* Inside the alert's own text colour: underlined, so it is told apart without colour. */}
        <Link component={RouterLink} to="/home" color="inherit" underline="always">
          {t('views.noAccess.home')}
        </Link>
      </Alert>
    </Box>
  );
}
