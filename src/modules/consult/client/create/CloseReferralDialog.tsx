import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asked before the guided form closes with something typed in it (Escape, Cancel): keep editing
 * (the default, and what Escape here does), close and keep the draft on this device, or discard
 * it. A dialog of its own over the form, so the keyboard and screen readers meet it as one.
 */
export function CloseReferralDialog({
  onKeepEditing,
  onKeep,
  onDiscard,
}: {
  onKeepEditing(): void;
  onKeep(): void;
  onDiscard(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open onClose={onKeepEditing} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs">
      <DialogTitle id={titleId}>{t('consult.intake.close.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{t('consult.intake.close.body')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="error" onClick={onDiscard}>
          {t('consult.intake.close.discard')}
        </Button>
        <Button onClick={onKeep}>{t('consult.intake.close.keep')}</Button>
        <Button variant="contained" autoFocus onClick={onKeepEditing}>
          {t('consult.intake.close.keepEditing')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
