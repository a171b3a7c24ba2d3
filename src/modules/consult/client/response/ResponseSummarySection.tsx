import { Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, SectionFrame, useCellLink, type ItemSectionProps } from '../../../../client/module-api';
import { AssignedStaff } from './AssignedStaff';
import { useLovLabel } from './LovPicker';
import { RecordOfflineDialog } from './RecordOfflineDialog';
import { labelOf } from './response-fields';
import { dueFrom, dueWords, isOpenResponse, responseStateColour } from './response-model';
import { SendResponseDialog } from './SendResponseDialog';

function Fact(p: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {p.label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {p.children}
      </Typography>
    </Box>
  );
}

/**
 * The head of a community's response: the community, the consultation (its project name), the
 * response state, priority, outcome, the due date with the days left or overdue, the proponent
 * (the consultation's primary organisation, mirrored), the assigned staff, and the two ways a
 * response ends: sent to the proponent, or recorded without a message.
 */
export function ResponseSummarySection({ item, editable, onSaved }: ItemSectionProps) {
  const { t } = useTranslation();
  const link = useCellLink();
  const [dialog, setDialog] = useState<'send' | 'offline' | null>(null);
  const priority = useLovLabel('CNS_PRIORITIES', item.owner, item.priority);
  const outcome = useLovLabel('RWF_OUTCOMES', item.owner, item.outcome);
  const state = typeof item.state === 'string' ? item.state : null;
  const open = isOpenResponse(state);
  const due = dueWords(dueFrom(item.anticipatedResponse, new Date()));
  const late = due.late && open;
  const consultation = typeof item.consultation === 'string' ? item.consultation : null;
  const projectName =
    (typeof item.projectName === 'string' && item.projectName) ||
    (consultation ? labelOf(item, consultation) : '');
  const idLabel = (v: unknown) =>
    typeof v === 'string' && v ? labelOf(item, v) : t('consult.response.none');
  const consultationLink = consultation ? link(`i-${consultation}`) : null;

  return (
    <SectionFrame title={t('consult.response.summary')} testId="section-response-summary">
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        <Fact label={t('consult.response.consultation')}>
          {consultationLink ? (
            <Link href={consultationLink.href} onClick={consultationLink.onClick}>
              {projectName}
            </Link>
          ) : (
            t('consult.response.none')
          )}
        </Fact>
        <Fact label={t('consult.response.community')}>{idLabel(item.community)}</Fact>
        <Fact label={t('consult.response.proponent')}>{idLabel(item.primaryOrg)}</Fact>
        <Fact label={t('consult.response.state')}>
          {state ? (
            <Chip
              size="small"
              color={responseStateColour(state)}
              label={t(`consult.response.states.${state}`, { defaultValue: state })}
              data-testid="response-state"
            />
          ) : (
            t('consult.response.none')
          )}
        </Fact>
        <Fact label={t('consult.response.priority')}>{priority ?? t('consult.response.none')}</Fact>
        <Fact label={t('consult.response.outcome')}>
          <span data-testid="response-outcome">{outcome ?? t('consult.response.none')}</span>
        </Fact>
        <Fact label={t('consult.response.anticipated')}>
          {typeof item.anticipatedResponse === 'string' && item.anticipatedResponse ? (
            <>
              {formatDate(item.anticipatedResponse)}{' '}
              {/* Days left or late matter while the response is open; an answered one has a date. */}
              {open && (
                <Typography
                  component="span"
                  variant="body2"
                  color={late ? 'error' : 'text.secondary'}
                  sx={{ fontWeight: late ? 600 : undefined }}
                  data-testid="response-due"
                >
                  ({t(due.key, due.count === undefined ? {} : { count: due.count })})
                </Typography>
              )}
            </>
          ) : (
            t('consult.response.noDate')
          )}
        </Fact>
      </Box>
      <Box sx={{ mt: 2 }}>
        <AssignedStaff item={item} editable={editable} />
      </Box>
      {editable && (
        <Stack
          direction="row"
          role="group"
          aria-label={t('consult.response.actions')}
          sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}
        >
          <Button variant="contained" onClick={() => setDialog('send')}>
            {t('consult.response.send')}
          </Button>
          {open && (
            <Button variant="outlined" onClick={() => setDialog('offline')}>
              {t('consult.response.recordOffline')}
            </Button>
          )}
        </Stack>
      )}
      {dialog === 'send' && <SendResponseDialog item={item} open onClose={() => setDialog(null)} />}
      {dialog === 'offline' && (
        <RecordOfflineDialog item={item} open onSaved={onSaved} onClose={() => setDialog(null)} />
      )}
    </SectionFrame>
  );
}
