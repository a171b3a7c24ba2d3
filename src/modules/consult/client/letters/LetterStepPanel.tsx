import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AttachmentDownloadButton,
  ItemLinkRow,
  Markdown,
  readMany,
  useApp,
  useSession,
  type Item,
  type StepPanelProps,
} from '../../../../client/module-api';
import { LetterEditor } from './LetterEditor';
import { PreviewDialog } from './PreviewDialog';
import { editableLetter } from './letter-model';
import { ProposeActions, RefusalAlert, useRun } from './ProposeActions';
import { useCurrentLetter } from './useLetter';

/** The letter as it will print (the app's Markdown renderer: no HTML ever reaches the page). */
function LetterPreview({ letter }: { letter: Item }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2.5 }, maxWidth: 720 }}
      aria-label={t('consult.letter.preview')}
    >
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 1 }}>
        {String(letter.subject ?? '')}
      </Typography>
      <Box sx={{ '& p': { my: 1 }, overflowWrap: 'anywhere' }}>
        <Markdown source={String(letter.body ?? '')} headingOffset={2} />
      </Box>
    </Paper>
  );
}

/** Completing the propose step: after the editor, once the text is what staff want to send on. */
function ProposeComplete({ item, step, letter }: { item: Item; step: StepPanelProps['step']; letter: Item }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const completing = useRun();
  return (
    <>
      {editableLetter(letter.state) && (
        <Stack sx={{ gap: 1, alignItems: 'flex-start' }}>
          <Button
            variant="contained"
            size="small"
            disabled={completing.busy}
            onClick={() =>
              void completing
                .run(() => client.act('wfSetStepState', { item: item.$id, step: step.id, state: 'COMPLETE' }))
                .then((ok) => ok && alerts.push({ type: 'success', key: 'consult.step.completed' }))
            }
          >
            {t('consult.step.complete')}
          </Button>
          <RefusalAlert error={completing.error} />
        </Stack>
      )}
    </>
  );
}

/** RWF_LETTER_APPROVE: the chosen approver approves (completes the step) or sends it back. */
function ApproveActions({ item, step, letter }: { item: Item; step: StepPanelProps['step']; letter: Item }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const me = useSession().user?.$id;
  const qc = useQueryClient();
  const approver = typeof step.assignedTo === 'string' ? step.assignedTo : null;
  const approverItem = useQuery({
    queryKey: ['letterApprover', approver],
    queryFn: async () => (await readMany(client, qc, [approver!]))[approver!] ?? null,
    enabled: !!approver,
  });
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const approving = useRun();
  const returning = useRun();
  const name = String(approverItem.data?.name ?? approverItem.data?.email ?? approver ?? '');
  if (!approver) return <Alert severity="warning">{t('consult.letter.noApprover')}</Alert>;
  if (approver !== me)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('consult.letter.notApprover', { name })}
      </Typography>
    );
  if (letter.state !== 'PROPOSED') return null;
  return (
    <Stack sx={{ gap: 1.5, maxWidth: 720 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={approving.busy}
          onClick={() =>
            void approving
              .run(() => client.act('wfSetStepState', { item: item.$id, step: step.id, state: 'COMPLETE' }))
              .then((ok) => ok && alerts.push({ type: 'success', key: 'consult.letter.approved' }))
          }
        >
          {t('consult.letter.approve')}
        </Button>
      </Stack>
      <RefusalAlert error={approving.error} />
      <TextField
        label={t('consult.letter.note')}
        multiline
        minRows={2}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setNoteMissing(false);
        }}
        error={noteMissing}
        helperText={noteMissing ? t('consult.letter.noteRequired') : undefined}
      />
      <Box>
        <Button
          variant="outlined"
          disabled={returning.busy}
          onClick={() => {
            if (!note.trim()) return setNoteMissing(true);
            void returning
              .run(() => client.act('rwfLetterReturn', { letter: letter.$id, note }))
              .then((ok) => {
                if (!ok) return;
                setNote('');
                alerts.push({ type: 'success', key: 'consult.letter.sentBack' });
              });
          }}
        >
          {t('consult.letter.sendBack')}
        </Button>
      </Box>
      <RefusalAlert error={returning.error} />
    </Stack>
  );
}

/** The sent letter's files (the response's copies: the proponent has the message's). */
function SentFiles({ letter }: { letter: Item }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const ids = [letter.pdf, letter.docx].filter((x): x is string => typeof x === 'string');
  const files = useQuery({
    queryKey: ['letterFiles', ...ids],
    queryFn: async () => {
      const got = await readMany(client, qc, ids);
      return ids.map((id) => got[id]).filter((x): x is Item => !!x);
    },
    enabled: ids.length > 0,
  });
  return (
    <Stack sx={{ gap: 0.5 }}>
      {typeof letter.thread === 'string' && (
        <List dense disablePadding>
          <ItemLinkRow id={letter.thread} type="Thread" primary={t('consult.letter.openThread')} />
        </List>
      )}
      <Typography variant="subtitle2" component="h4">
        {t('consult.letter.files')}
      </Typography>
      <List dense disablePadding>
        {(files.data ?? []).map((f) => (
          <ListItem key={f.$id} disableGutters secondaryAction={<AttachmentDownloadButton att={f} />}>
            <ListItemText primary={String(f.originalName ?? f.$id)} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

/** "Preview the PDF": the letter as it prints, at any state. */
function PreviewButton({ letter }: { letter: Item }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Box>
        <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
          {t('consult.letter.previewPdf')}
        </Button>
      </Box>
      {open && <PreviewDialog letter={letter} open onClose={() => setOpen(false)} />}
    </>
  );
}

/** RWF_LETTER_SEND: preview the approved letter, confirm who it goes to, send; then complete the step. */
function SendActions({ item, step, letter }: { item: Item; step: StepPanelProps['step']; letter: Item }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const sending = useRun();
  const completing = useRun();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack sx={{ gap: 1.5, alignItems: 'flex-start' }}>
      {letter.state === 'APPROVED' && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('consult.letter.sendHelp')}
          </Typography>
          <Button variant="contained" disabled={sending.busy} onClick={() => setConfirming(true)}>
            {t('consult.letter.previewAndSend')}
          </Button>
          <RefusalAlert error={sending.error} />
          {confirming && (
            <PreviewDialog
              letter={letter}
              open
              onClose={() => setConfirming(false)}
              onSend={({ copyRegulators }) =>
                sending
                  .run(() => client.act('rwfLetterSend', { letter: letter.$id, copyRegulators }))
                  .then((ok) => {
                    if (ok) alerts.push({ type: 'success', key: 'consult.letter.sent' });
                    return ok;
                  })
              }
            />
          )}
        </>
      )}
      {letter.state === 'SENT' && (
        <>
          <SentFiles letter={letter} />
          <Button
            variant="contained"
            size="small"
            disabled={completing.busy}
            onClick={() =>
              void completing
                .run(() => client.act('wfSetStepState', { item: item.$id, step: step.id, state: 'COMPLETE' }))
                .then((ok) => ok && alerts.push({ type: 'success', key: 'consult.step.completed' }))
            }
          >
            {t('consult.step.complete')}
          </Button>
          <RefusalAlert error={completing.error} />
        </>
      )}
    </Stack>
  );
}

/**
 * The panel of the three letter step kinds (docs/consult-letters.md): the response's current
 * letter, its state, the editor while it is a draft, and the kind's own actions.
 */
export function LetterStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const { letter, isError, isSuccess } = useCurrentLetter(item.$id);
  const kind = step.kind;
  const state = typeof letter?.state === 'string' ? letter.state : null;
  const missing = Array.isArray(letter?.missing) ? (letter.missing as string[]) : [];
  const canEdit = editable && !!letter && editableLetter(state) && kind !== 'RWF_LETTER_SEND';
  return (
    <Stack sx={{ gap: 1.5 }} data-testid={`step-panel-${kind}`}>
      {isError && <Alert severity="error">{t('consult.response.loadFailed')}</Alert>}
      {isSuccess && !letter && <Typography variant="body2">{t('consult.letter.noLetter')}</Typography>}
      {state && (
        <Box>
          <Chip
            size="small"
            color={
              state === 'SENT' || state === 'APPROVED' ? 'success' : state === 'PROPOSED' ? 'info' : 'default'
            }
            label={t('consult.letter.state', { state: t(`consult.letter.states.${state}`) })}
          />
        </Box>
      )}
      {letter && state === 'DRAFT' && typeof letter.returnNote === 'string' && (
        <Alert severity="warning">{t('consult.letter.returned', { note: letter.returnNote })}</Alert>
      )}
      {letter && canEdit && missing.length > 0 && (
        <Alert severity="warning">{t('consult.letter.missing', { fields: missing.join(', ') })}</Alert>
      )}
      {editable && kind === 'RWF_LETTER_PROPOSE' && <ProposeActions item={item} letter={letter} />}
      {letter && !(editable && kind === 'RWF_LETTER_SEND' && state === 'APPROVED') && (
        <PreviewButton letter={letter} />
      )}
      {letter &&
        (canEdit ? (
          <LetterEditor letter={letter} resubmit={kind === 'RWF_LETTER_APPROVE' && state === 'DRAFT'} />
        ) : (
          <LetterPreview letter={letter} />
        ))}
      {letter && editable && kind === 'RWF_LETTER_PROPOSE' && (
        <ProposeComplete item={item} step={step} letter={letter} />
      )}
      {letter && kind === 'RWF_LETTER_APPROVE' && <ApproveActions item={item} step={step} letter={letter} />}
      {letter && editable && kind === 'RWF_LETTER_SEND' && (
        <SendActions item={item} step={step} letter={letter} />
      )}
    </Stack>
  );
}
