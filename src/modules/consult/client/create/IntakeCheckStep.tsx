import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AREA_FIELD, readArea } from './geojson';
import { ReferralChips } from './ReferralChips';
import type { ConsultationCreate } from './useConsultationCreate';

/**
 * The step before saving (act cnsIntakeCheck): referrals on file with the same file number or an
 * overlapping area, each with "Link as related" (Consultation.rel) and a link to open it beside
 * the form; and, for the community's staff, how many of its places lie in the area. The officer
 * links a duplicate or goes on; nothing here stops the save.
 */
export function IntakeCheckStep({ c }: { c: ConsultationCreate }) {
  const { t } = useTranslation();
  const { checked } = c;
  const area = readArea(c.form.getValues(AREA_FIELD));
  const linked = new Set(c.picks.rel.ids);

  return (
    <Stack spacing={2} data-testid="consult-intake-check" aria-busy={checked.status === 'loading'}>
      <Typography variant="body2">{t('consult.intake.check.intro')}</Typography>
      {checked.status === 'loading' || checked.status === 'idle' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">{t('consult.intake.check.loading')}</Typography>
        </Box>
      ) : checked.status === 'failed' ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void c.runCheck()}>
              {t('consult.intake.check.retry')}
            </Button>
          }
        >
          {t('consult.intake.check.failed')}
        </Alert>
      ) : (
        <>
          {checked.found.clear ? (
            <Alert severity="success" role="status">
              {t('consult.intake.check.clear')}
            </Alert>
          ) : (
            <Alert severity="warning" role="status" data-testid="consult-duplicate-warning">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('consult.intake.check.found', { count: checked.found.referrals.length })}
              </Typography>
              <Typography variant="body2">{t('consult.intake.check.foundHelp')}</Typography>
            </Alert>
          )}
          {checked.found.referrals.length > 0 && (
            <List
              dense
              disablePadding
              aria-label={t('consult.intake.check.found', { count: checked.found.referrals.length })}
            >
              {checked.found.referrals.map((r) => (
                <ListItem
                  key={r.$id}
                  divider
                  disableGutters
                  data-referral={r.$id}
                  secondaryAction={
                    <Tooltip title={t('consult.intake.check.open', { name: r.label })}>
                      <IconButton
                        component="a"
                        href={`/i-${r.$id}`}
                        target="_blank"
                        rel="noopener"
                        aria-label={t('consult.intake.check.open', { name: r.label })}
                      >
                        <OpenInNewIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  }
                  sx={{ pr: 6, flexWrap: 'wrap' }}
                >
                  <ListItemText
                    primary={r.label}
                    secondary={<ReferralChips r={r} />}
                    slotProps={{ secondary: { component: 'span' } }}
                  />
                  <FormControlLabel
                    sx={{ ml: 0, mr: 1 }}
                    control={
                      <Checkbox
                        checked={linked.has(r.$id)}
                        onChange={(e) => c.link(r.$id, r.label, e.target.checked)}
                      />
                    }
                    label={t('consult.intake.check.link')}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {checked.found.moreOverlapping > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('consult.intake.check.more', { count: checked.found.moreOverlapping })}
            </Typography>
          )}
          {area.ok && !area.geometry && (
            <Typography variant="body2" color="text.secondary">
              {t('consult.intake.check.noArea')}
            </Typography>
          )}
          {checked.found.places !== null && area.ok && area.geometry && (
            <Alert severity="info" data-testid="consult-places-count">
              {t('consult.intake.check.places', { count: checked.found.places })}
            </Alert>
          )}
          {linked.size > 0 && (
            <Typography variant="body2" role="status">
              {t('consult.intake.check.linked', { count: linked.size })}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}
