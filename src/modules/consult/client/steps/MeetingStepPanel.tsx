import { Alert, Button, Chip, List, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateItemDialog,
  formatDate,
  ItemLinkRow,
  itemType,
  useCanCreate,
  useCell,
  type StepPanelProps,
} from '../../../../client/module-api';
import { labelOf, MEETING, MEETING_FIELDS as F } from '../response/response-fields';
import { meetingState, type MeetingState } from '../response/response-model';
import { useChildItems } from '../response/useChildItems';
import { CompleteStep } from './CompleteStep';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * RWF_MEETING: the meetings about the response's consultation (Meeting.context), with their
 * state from date and times; a new one is the ordinary create of a Meeting naming the
 * consultation. The step completes once one is linked (the server checks).
 */
export function MeetingStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const cell = useCell();
  const canCreate = useCanCreate(MEETING);
  const [creating, setCreating] = useState(false);
  const consultation = str(item.consultation);
  const meetings = useChildItems(MEETING, F.link, consultation);
  const type = itemType(MEETING);
  const initial = useMemo(() => ({ [F.link]: consultation }), [consultation]);
  const initialLabels = useMemo(
    () => (consultation ? { [consultation]: labelOf(item, consultation) } : {}),
    [consultation, item],
  );
  const list = [...(meetings.data?.items ?? [])].reverse();
  const now = new Date();
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="step-panel-RWF_MEETING">
      <Typography variant="body2" color="text.secondary">
        {t('consult.step.meetingHelp')}
      </Typography>
      {meetings.isError && <Alert severity="error">{t('consult.response.loadFailed')}</Alert>}
      {meetings.isSuccess && list.length === 0 && (
        <Typography variant="body2">{t('consult.step.noMeeting')}</Typography>
      )}
      {list.length > 0 && (
        <List dense disablePadding aria-label={t('consult.step.meetings')}>
          {list.map((m) => {
            // The server's state (kept by its sweep), else the same rule here.
            const state = (str(m.state) || meetingState(m[F.date], m[F.start], m[F.end], now)) as
              MeetingState | '';
            return (
              <ItemLinkRow
                key={m.$id}
                id={m.$id}
                type={MEETING}
                primary={str(m[F.title]) || m.$id}
                secondary={
                  <>
                    {str(m[F.date]) && formatDate(str(m[F.date]))} {str(m[F.start])}{' '}
                    {state && (
                      <Chip
                        component="span"
                        size="small"
                        variant="outlined"
                        label={t(`consult.response.meetingStates.${state}`)}
                      />
                    )}
                  </>
                }
              />
            );
          })}
        </List>
      )}
      {editable && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {canCreate && type && (
            <Button variant="outlined" size="small" onClick={() => setCreating(true)}>
              {t('consult.step.newMeeting')}
            </Button>
          )}
          <CompleteStep item={item} step={step} />
        </Stack>
      )}
      {creating && type && (
        <CreateItemDialog
          type={type}
          initial={initial}
          initialLabels={initialLabels}
          onClose={() => setCreating(false)}
          onCreated={(m) => {
            setCreating(false);
            void meetings.refetch();
            cell.open(`i-${m.$id}`);
          }}
        />
      )}
    </Stack>
  );
}
