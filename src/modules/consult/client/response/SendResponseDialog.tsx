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
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  restrictedFileNames,
  useApp,
  useAttachments,
  useItem,
  useItemLabels,
  type Item,
} from '../../../../client/module-api';
import { asRefusal, errorKey } from './consult-acts';
import {
  NEEDS_ATTACHMENTS,
  SEND_PURPOSES,
  sendErrors,
  type SendProblems,
  type SendPurpose,
} from './response-model';

export interface SendReply {
  thread: string;
  message: string;
}

/**
 * Sends a response, an acknowledgement or a contract to the proponent (act rwfSendResponse): a
 * thread on the consultation shared with the proponent's organisation, its first message, and
 * the letter files chosen here, copied from the response's own attachments (the proponent reads
 * those copies only). A response or a contract without a file is refused here and by the server.
 */
export function SendResponseDialog(p: {
  item: Item;
  open: boolean;
  purpose?: SendPurpose;
  onClose(sent: SendReply | null): void;
}) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const titleId = useId();
  const filesId = useId();
  const [purpose, setPurpose] = useState<SendPurpose>(p.purpose ?? 'CONSULT_RESPONSE');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<SendProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Files the server would not send (restricted): named, so the sender knows which to leave out.
  const [restricted, setRestricted] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const files = useAttachments(p.item.$id, false);
  // The consultation's regulators the sender may name: a copy may go to them, if asked.
  const [copy, setCopy] = useState(false);
  // (A response always answers a consultation: `consultation` is required.)
  const consultation = useItem(String(p.item.consultation));
  const roles = (consultation.data?.roles ?? {}) as Record<string, string>;
  const regulatorLabels = useItemLabels(Object.keys(roles).filter((o) => roles[o] === 'REGULATOR'));
  const regulators = Object.values(regulatorLabels).sort();
  const list = files.data ?? [];
  const needFiles = NEEDS_ATTACHMENTS.has(purpose);

  const toggle = (id: string) => {
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
    setErrors((e) => ({ ...e, attachments: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    setRestricted([]);
    const found = sendErrors({ purpose, subject, message, attachments: chosen });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply: SendReply = await client.act('rwfSendResponse', {
        response: p.item.$id,
        purpose,
        subject: subject.trim(),
        message,
        attachments: chosen,
        ...(copy && regulators.length ? { copyRegulators: true } : {}),
      });
      alerts.push({ type: 'success', key: 'consult.response.sent' });
      setSubject('');
      setMessage('');
      setChosen([]);
      setCopy(false);
      p.onClose(reply);
    } catch (err) {
      // The server's own refusal of a letter-less response is shown on the files, like ours.
      const names = restrictedFileNames(err);
      if (asRefusal(err)?.userMessage === 'attachmentsRequired')
        setErrors({ attachments: 'errors.attachmentsRequired' });
      else if (names.length) setRestricted(names);
      else setFailure(errorKey(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={p.open}
      onClose={() => !busy && p.onClose(null)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="send-response-dialog">
        <DialogTitle id={titleId}>{t('consult.response.sendTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <TextField
              select
              label={t('consult.response.purpose')}
              value={purpose}
              onChange={(e) => {
                setPurpose(e.target.value as SendPurpose);
                setErrors((x) => ({ ...x, attachments: undefined }));
              }}
            >
              {SEND_PURPOSES.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`consult.response.purposes.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('consult.response.subject')}
              required
              value={subject}
              onChange={(e) => {
                setSubject(e.target.value);
                setErrors((x) => ({ ...x, subject: undefined }));
              }}
              error={!!errors.subject}
              helperText={errors.subject ? t(errors.subject) : undefined}
              autoFocus
            />
            <TextField
              label={t('consult.response.message')}
              multiline
              minRows={4}
              required
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
              required={needFiles}
              error={!!errors.attachments}
              aria-describedby={filesId}
            >
              <FormLabel component="legend">{t('consult.response.letters')}</FormLabel>
              {list.length === 0 && !files.isPending && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('consult.response.noFiles')}
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
                {errors.attachments ? t(errors.attachments) : t('consult.response.lettersHelp')}
              </FormHelperText>
            </FormControl>
            {regulators.length > 0 && (
              <FormControlLabel
                control={<Checkbox checked={copy} onChange={(e) => setCopy(e.target.checked)} />}
                label={t('consult.letter.copyRegulators', {
                  names: regulators.join(', '),
                  count: regulators.length,
                })}
              />
            )}
            {restricted.map((name) => (
              <Alert key={name} severity="error">
                {t('errors.restrictedFile', { name })}
              </Alert>
            ))}
            {failure && <Alert severity="error">{t(failure)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => p.onClose(null)} disabled={busy}>
            {t('consult.response.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('consult.response.sendNow')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
