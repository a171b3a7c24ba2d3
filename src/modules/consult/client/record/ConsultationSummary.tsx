import { Box, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate, useCellLink, type ItemSectionProps } from '../../../../client/module-api';
import { daysOnFile, dueInfo, dueMatters, type DueTone } from './days-left';
import { isOutsideReader } from '../outside/from-community-model';
import { LifecycleBar } from './LifecycleBar';
import { SubmissionPdfLink } from './SubmissionPdfLink';

const TONE_COLOUR: Record<DueTone, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  none: 'default',
  ok: 'success',
  soon: 'warning',
  today: 'warning',
  overdue: 'error',
};

/**
 * The consultation's summary above its form: state, the requested response date with the days
 * left (or overdue) in words and colour, the proponent and the community it went to, and the
 * lifecycle moves this user may make. The community's own readers download the submission's PDF
 * here; an outside reader has it in "From the community", one button each.
 */
export function ConsultationSummary({ item, user }: ItemSectionProps) {
  const { t } = useTranslation();
  const labels = item.$labels ?? {};
  const state = typeof item.state === 'string' ? item.state : 'DRAFT';
  const date = typeof item.requestedResponseDate === 'string' ? item.requestedResponseDate : null;
  const due = dueMatters(state) ? dueInfo(date, new Date()) : null;
  // Since it reached the community (submitted), or since it was logged (the community's own).
  const since = typeof item.submitted === 'string' ? item.submitted : item._c?.ts;
  const onFile = daysOnFile(since, new Date());
  const fileNumbers = Array.isArray(item.identifiers)
    ? item.identifiers.filter((x): x is string => typeof x === 'string' && !!x)
    : [];
  const contacts = Array.isArray(item.primaryContacts)
    ? item.primaryContacts.filter((x): x is string => typeof x === 'string')
    : [];
  const dueWords = !due
    ? null
    : due.tone === 'overdue'
      ? t('consult.summary.overdue', { count: -due.days })
      : due.tone === 'today'
        ? t('consult.summary.dueToday')
        : t('consult.summary.daysLeft', { count: due.days });
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={t('consult.summary.label')}
      data-consult-summary
      sx={{ p: 2, mx: { xs: 2, sm: 3 }, mt: 2 }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Chip
          label={t(`enums.${state}`, { defaultValue: state.charAt(0) + state.slice(1).toLowerCase() })}
          color="primary"
          variant="outlined"
          data-consult-state={state}
        />
        <Typography variant="body2">
          {date ? t('consult.summary.due', { date: formatDate(date) }) : t('consult.summary.noDue')}
        </Typography>
        {due && dueWords && (
          <Chip size="small" label={dueWords} color={TONE_COLOUR[due.tone]} data-consult-due={due.tone} />
        )}
        {onFile !== null && (
          <Typography variant="body2" color="text.secondary" data-consult-on-file>
            {t('consult.summary.onFile', { count: onFile })}
          </Typography>
        )}
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        <Typography component="dt" variant="body2">
          {t('consult.summary.proponent')}
        </Typography>
        <Typography component="dd" variant="body2">
          <OrgLink id={item.primaryOrg} labels={labels} />
        </Typography>
        {contacts.length > 0 && (
          <>
            <Typography component="dt" variant="body2">
              {t('consult.summary.contacts', { count: contacts.length })}
            </Typography>
            <Typography component="dd" variant="body2">
              {contacts.map((id, i) => (
                <span key={id}>
                  {i > 0 && ', '}
                  <OrgLink id={id} labels={labels} />
                </span>
              ))}
            </Typography>
          </>
        )}
        {fileNumbers.length > 0 && (
          <>
            <Typography component="dt" variant="body2">
              {t('consult.summary.fileNumbers', { count: fileNumbers.length })}
            </Typography>
            <Typography component="dd" variant="body2" data-consult-file-numbers>
              {fileNumbers.join(', ')}
            </Typography>
          </>
        )}
        <Typography component="dt" variant="body2">
          {t('consult.summary.submittedTo')}
        </Typography>
        <Typography component="dd" variant="body2">
          <OrgLink id={item.submittedTo} labels={labels} />
        </Typography>
      </Box>
      {state === 'WITHDRAWN' && typeof item.withdrawnReason === 'string' && item.withdrawnReason && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('consult.summary.withdrawn', { reason: item.withdrawnReason })}
        </Typography>
      )}
      {!isOutsideReader(
        item,
        (user?.memberships ?? []).map((m) => m.org),
      ) && (
        <Box sx={{ mt: 1 }}>
          <SubmissionPdfLink item={item} />
        </Box>
      )}
      <LifecycleBar item={item} user={user} />
    </Paper>
  );
}

function OrgLink({ id, labels }: { id: unknown; labels: Record<string, string> }) {
  const { t } = useTranslation();
  const linkTo = useCellLink();
  if (typeof id !== 'string' || !id) return <>{t('consult.summary.notChosen')}</>;
  const link = linkTo(`i-${id}`);
  return (
    <Link href={link.href} onClick={link.onClick}>
      {labels[id] ?? t('search.hiddenItem')}
    </Link>
  );
}
