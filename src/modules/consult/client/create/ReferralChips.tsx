import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../../../client/module-api';
import type { Findings } from './intake-check-model';

/**
 * What the intake check found of a referral, as chips under its name: its state, the file
 * numbers it shares and whether its area overlaps (the intake's check step and the record's
 * "In this area").
 */
export function ReferralChips({ r }: { r: Findings['referrals'][number] }) {
  const { t } = useTranslation();
  // The theme's warning yellow is the border: as text it fails contrast on white.
  const warn = { borderColor: 'warning.main', borderWidth: 2 } as const;
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {r.state && <Chip size="small" component="span" label={enumLabel(t, r.state)} />}
      {r.matched.length > 0 && (
        <Chip
          size="small"
          component="span"
          variant="outlined"
          sx={warn}
          label={t('consult.intake.check.sameNumber', { numbers: r.matched.join(', ') })}
        />
      )}
      {r.overlaps && (
        <Chip
          size="small"
          component="span"
          variant="outlined"
          sx={warn}
          label={t('consult.intake.check.overlaps')}
        />
      )}
    </Box>
  );
}
