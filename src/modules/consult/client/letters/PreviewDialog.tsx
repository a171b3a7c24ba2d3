import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type Item } from '../../../../client/module-api';
import { letterFileName, pdfBlob, recipientLine, type Recipient } from './preview-model';
import { letterRefusal } from './letter-model';

/** What a preview act answers: the PDF (base64) and who it would go to. */
export interface PdfPreview {
  pdf: string;
  recipients: Recipient[];
  others: number;
  /** A letter's: the consultation's regulators the sender may copy, by name. */
  regulators?: string[];
}

/**
 * The letter as the server would send it (rwfLetterPreview: the very PDF rwfLetterSend makes,
 * letterhead, file number and signatory included), shown in the browser's PDF viewer; with
 * `onSend`, the send's confirmation: who it goes to, then "Send". Nothing is sent until then.
 */
export function PreviewDialog({
  letter,
  open,
  onClose,
  onSend,
}: {
  letter: Item;
  open: boolean;
  onClose(): void;
  /** The send, for the confirmation; without it the dialog only previews. */
  onSend?: (o: { copyRegulators: boolean }) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const { client } = useApp();
  // Never copied unless the sender says so: the letter is the proponent's (issue 38).
  const [copy, setCopy] = useState(false);
  return (
    <PdfSendDialog
      open={open}
      onClose={onClose}
      {...(onSend ? { onSend: () => onSend({ copyRegulators: copy }) } : {})}
      // Made again for each opening and each version of the letter: never an old text.
      queryKey={['letterPreview', letter.$id, letter.$version]}
      load={() => client.act('rwfLetterPreview', { letter: letter.$id })}
      fileName={letterFileName(String(letter.subject ?? ''))}
      title={onSend ? t('consult.letter.confirmTitle') : t('consult.letter.previewTitle')}
    >
      {(data: PdfPreview) =>
        onSend && data.regulators?.length ? (
          <FormControlLabel
            control={<Checkbox checked={copy} onChange={(e) => setCopy(e.target.checked)} />}
            label={t('consult.letter.copyRegulators', {
              names: data.regulators.join(', '),
              count: data.regulators.length,
            })}
          />
        ) : null
      }
    </PdfSendDialog>
  );
}

/**
 * A PDF the community is about to send (a letter, an invoice), as the server made it, in the
 * browser's PDF viewer; with `onSend`, its confirmation: who it goes to, then "Send".
 */
export function PdfSendDialog({
  open,
  onClose,
  onSend,
  queryKey,
  load,
  fileName,
  title,
  confirmLabel,
  help,
  children,
}: {
  open: boolean;
  onClose(): void;
  onSend?: () => Promise<boolean>;
  queryKey: readonly unknown[];
  load(): Promise<PdfPreview>;
  fileName: string;
  title: string;
  /** The send button's words and the note under the recipients (a letter's, by default). */
  confirmLabel?: string;
  help?: string;
  /** What the confirmation says beside the recipients (an invoice's total; a letter's copy, from the preview). */
  children?: ReactNode | ((data: PdfPreview) => ReactNode);
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [sending, setSending] = useState(false);
  const preview = useQuery({
    queryKey: [...queryKey],
    queryFn: load,
    enabled: open,
    retry: false,
    gcTime: 0,
  });
  const url = useMemo(
    () => (preview.data ? URL.createObjectURL(pdfBlob(preview.data.pdf)) : null),
    [preview.data],
  );
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const recipients: Recipient[] = preview.data?.recipients ?? [];
  const others = preview.data?.others ?? 0;
  const error = preview.isError ? letterRefusal(preview.error) : null;

  return (
    <Dialog
      open={open}
      onClose={sending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {preview.isPending && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <Typography>{t('consult.letter.making')}</Typography>
          </Stack>
        )}
        {error && (
          <Alert severity="error" role="alert">
            {t(error.key, error.params)}
          </Alert>
        )}
        {url && (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: onSend ? 'minmax(0, 2fr) minmax(240px, 1fr)' : '1fr' },
              gap: 2,
            }}
          >
            <Box>
              <Box
                component="object"
                data={url}
                type="application/pdf"
                aria-label={t('consult.letter.pdfLabel', { name: fileName })}
                sx={{
                  width: '100%',
                  height: { xs: '60vh', md: '70vh' },
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  display: 'block',
                }}
              >
                <Typography sx={{ p: 2 }}>{t('consult.letter.noViewer')}</Typography>
              </Box>
              <Link href={url} download={fileName} sx={{ display: 'inline-block', mt: 1 }}>
                {t('consult.letter.downloadPreview')}
              </Link>
            </Box>
            {onSend && (
              <Box component="section" aria-labelledby={`${titleId}-to`}>
                <Typography id={`${titleId}-to`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t('consult.letter.recipients')}
                </Typography>
                {recipients.length === 0 && others === 0 ? (
                  <Alert severity="warning">{t('consult.letter.noRecipients')}</Alert>
                ) : (
                  <List dense aria-label={t('consult.letter.recipients')}>
                    {recipients.map((r, i) => (
                      <ListItem key={`${r.kind}-${i}`} disableGutters>
                        <ListItemText primary={r.name} secondary={recipientLine(r, t)} />
                      </ListItem>
                    ))}
                    {others > 0 && (
                      <ListItem disableGutters>
                        <ListItemText secondary={t('consult.letter.otherRecipients', { count: others })} />
                      </ListItem>
                    )}
                  </List>
                )}
                {typeof children === 'function' ? preview.data && children(preview.data) : children}
                <Typography variant="body2" color="text.secondary">
                  {help ?? t('consult.letter.sendHelp')}
                </Typography>
              </Box>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {onSend ? t('consult.letter.notYet') : t('consult.letter.close')}
        </Button>
        {onSend && (
          <Button
            variant="contained"
            disabled={!url || sending}
            onClick={() => {
              setSending(true);
              void onSend().then((ok) => {
                setSending(false);
                if (ok) onClose();
              });
            }}
          >
            {sending ? t('consult.letter.sending') : (confirmLabel ?? t('consult.letter.confirmSend'))}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
