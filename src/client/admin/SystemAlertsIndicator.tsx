import CampaignIcon from '@mui/icons-material/Campaign';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useActiveSystemAlerts } from './useActiveSystemAlerts';

/** The top bar's system-alerts indicator: shown while alerts are active; a press shows them all again. */
export function SystemAlertsIndicator() {
  const { t } = useTranslation();
  const { active, reopen } = useActiveSystemAlerts();
  if (active.length === 0) return null;
  const label = t('adminScreens.alerts.indicator', { count: active.length });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={reopen}>
        <Badge badgeContent={active.length} color="warning">
          <CampaignIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
