import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { restrictedFileNames, useApp, useAttachments, type Item } from '../../../../client/module-api';
import { sendProblems, STEP_PURPOSE, type SendProblems, type ThreadStepKind } from './fieldwork-model';

/**
 * Sends a fieldwork thread to the job's external party (act gkfSendThread): the subject, the
 * message and the files chosen among the job's own attachments (copied onto the message: the
 * external party reads those copies only). A report without its file is refused here and by the
 * server; what was typed stays on a refusal.
 */
export function SendThreadDialog(p: { item: Item; kind: ThreadStepKind; onClose(sent: boolean): void }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const titleId = useId();
  const filesId = useId();
  const label = typeof p.item.label === 'string' ? p.item.label : p.item.$id;
  const [subject, setSubject] = useState(() => t(`geokeeper.fieldwork.subjects.${p.kind}`, { label }));
  const [message, setMessage] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<SendProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Files the server would not send (restricted): named, so the sender knows which to leave out.
  const [restricted, setRestricted] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const files = useAttachments(p.item.$id, false);
  const list = files.data ?? [];
  const isReport = p.kind === 'GKF_REPORT';

  const toggle = (id: string) => {
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
    setErrors((e) => ({ ...e, attachments: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // React carries the submit up through the portal to the record's own form: it stops here.
    e.stopPropagation();
    setFailure(null);
    setRestricted([]);
    const found = sendProblems(p.kind, { subject, message, attachments: chosen });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await client.act('gkfSendThread', {
        job: p.item.$id,
        purpose: STEP_PURPOSE[p.kind],
        subject: subject.trim(),
        message,
        attachments: chosen,
      });
      alerts.push({ type: 'success', key: 'geokeeper.fieldwork.sent' });
      p.onClose(true);
    } catch (err) {
      const o = err as { userMessage?: unknown };
      const names = restrictedFileNames(err);
      if (o?.userMessage === 'attachmentsRequired')
        setErrors({ attachments: 'geokeeper.fieldwork.required.attachments' });
      else if (names.length) setRestricted(names);
      else
        setFailure(typeof o?.userMessage === 'string' ? `errors.${o.userMessage}` : 'errors.generalFailure');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={() => !busy && p.onClose(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="fieldwork-send-dialog">
        <DialogTitle id={titleId}>{t(`geokeeper.fieldwork.send.${p.kind}`)}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <TextField
              label={t('geokeeper.fieldwork.subject')}
              required
              value={subject}
              onChange={(e) => {
                setSubject(e.target.value);
                setErrors((x) => ({ ...x, subject: undefined }));
              }}
              error={!!errors.subject}
              helperText={errors.subject ? t(errors.subject) : undefined}
              slotProps={{ htmlInput: { maxLength: 300 } }}
            />
            <TextField
              label={t('geokeeper.fieldwork.message')}
              multiline
              minRows={4}
              required
              autoFocus
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                setErrors((x) => ({ ...x, message: undefined }));
              }}
              error={!!errors.message}
              helperText={errors.message ? t(errors.message) : undefined}
            />
            <FormControl
              component="fieldset"
              required={isReport}
              error={!!errors.attachments}
              aria-describedby={filesId}
            >
              <FormLabel component="legend">{t('geokeeper.fieldwork.files')}</FormLabel>
              {list.length === 0 && !files.isPending && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('geokeeper.fieldwork.noFiles')}
                </Typography>
              )}
              <FormGroup>
                {list.map((f) => (
                  <FormControlLabel
                    key={f.$id}
                    control={<Checkbox checked={chosen.includes(f.$id)} onChange={() => toggle(f.$id)} />}
                    label={typeof f.originalName === 'string' ? f.originalName : f.$id}
                  />
                ))}
              </FormGroup>
              <FormHelperText id={filesId}>
                {errors.attachments
                  ? t(errors.attachments)
                  : t(isReport ? 'geokeeper.fieldwork.reportFileHelp' : 'geokeeper.fieldwork.filesHelp')}
              </FormHelperText>
            </FormControl>
            {restricted.map((name) => (
              <Alert key={name} severity="error" role="alert">
                {t('errors.restrictedFile', { name })}
              </Alert>
            ))}
            {failure && (
              <Alert severity="error" role="alert">
                {t(failure)}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => p.onClose(false)} disabled={busy}>
            {t('geokeeper.fieldwork.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('geokeeper.fieldwork.sendNow')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
