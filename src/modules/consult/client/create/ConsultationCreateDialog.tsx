import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Step,
  StepButton,
  Stepper,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate, type CreateDialogProps } from '../../../../client/module-api';
import { CloseReferralDialog } from './CloseReferralDialog';
import { CREATE_STEPS } from './create-model';
import { CreateStepBody } from './CreateStepBody';
import { useConsultationCreate } from './useConsultationCreate';

/**
 * A proponent's new consultation, step by step (spec capability-modules §2 consult.projects):
 * the project and its identifiers; the proponent organisation and its contacts (the picker offers
 * only that organisation's contacts, never blocked ones); supporting organisations and contacts;
 * dates (the end not before the start); description, location and access; the project area,
 * drawn on a map, pasted or read from a file; the community it goes to; the duplicate and overlap
 * check. Save makes the DRAFT (and its project areas); then its files, and Submit when ready. Each
 * step is checked with the type's own rules before the next. What is typed is kept in the user's
 * draft as it goes (a reload or a closed tab loses nothing), and closing asks first.
 */
export function ConsultationCreateDialog({ type, onCreated, onClose }: CreateDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const c = useConsultationCreate({ type, onCreated });
  const { step, name, last, created, busy, phone } = c;
  const [asking, setAsking] = useState(false);
  // Escape, Cancel and the close of a phone's full screen all come here: anything typed is asked
  // about first; an untouched form, or one already saved, closes at once.
  const requestClose = () => (c.dirty() ? setAsking(true) : onClose());

  return (
    <Dialog
      open
      // Nine steps of work are not dropped by a stray click beside the dialog; Escape asks first.
      onClose={(_e, reason) => reason !== 'backdropClick' && requestClose()}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      // One height for every step: the buttons stay where they are while steps and their lazy
      // parts (the map, the uploader) arrive, so a click never lands where a button was.
      slotProps={{ paper: { sx: { height: { sm: 'min(840px, calc(100% - 64px))' } } } }}
      aria-labelledby={titleId}
    >
      <FormProvider {...c.form}>
        <Box
          component="form"
          ref={c.root}
          noValidate
          data-consult-create
          onSubmit={(e) => {
            e.preventDefault();
            // A dialog over the form (a new organisation or contact) is inside it in React's tree,
            // so its own form's submit bubbles here: only this form's moves the steps.
            if (e.target !== e.currentTarget) return;
            if (name === 'check') void c.save();
            else if (step < last - 1) c.go(step + 1);
          }}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
        >
          <DialogTitle id={titleId}>{t('consult.create.title')}</DialogTitle>
          <DialogContent>
            {c.restored && !created && (
              <Alert
                severity="info"
                sx={{ mb: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={c.startAfresh}>
                    {t('consult.intake.startAfresh')}
                  </Button>
                }
              >
                {t('consult.intake.restored', { when: formatDate(c.restored.savedAt) })}
              </Alert>
            )}
            {!phone && (
              <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 3 }}>
                {CREATE_STEPS.map((s, i) => (
                  <Step key={s} completed={i < step || (s !== 'files' && !!created)}>
                    <StepButton disabled={created ? s !== 'files' : s === 'files'} onClick={() => c.go(i)}>
                      {t(`consult.create.steps.${s}`)}
                    </StepButton>
                  </Step>
                ))}
              </Stepper>
            )}
            <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }} aria-live="polite" data-step={name}>
              {t('consult.create.stepOf', {
                step: step + 1,
                count: CREATE_STEPS.length,
                name: t(`consult.create.steps.${name}`),
              })}
            </Typography>
            <Stack spacing={2.5}>
              <CreateStepBody c={c} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {created ? (
              <>
                <Button onClick={() => onCreated(created)}>{t('consult.create.finish')}</Button>
                <Button variant="contained" disabled={busy} onClick={() => void c.submitNow()}>
                  {t('consult.create.submitNow')}
                </Button>
              </>
            ) : (
              <>
                <Button onClick={requestClose}>{t('app.cancel')}</Button>
                {step > 0 && <Button onClick={() => c.go(step - 1)}>{t('consult.create.back')}</Button>}
                {name === 'check' ? (
                  <Button type="submit" variant="contained" disabled={busy || c.checked.status === 'loading'}>
                    {t('consult.create.saveDraft')}
                  </Button>
                ) : (
                  <Button type="submit" variant="contained">
                    {t('consult.create.next')}
                  </Button>
                )}
              </>
            )}
          </DialogActions>
        </Box>
      </FormProvider>
      {asking && (
        <CloseReferralDialog
          onKeepEditing={() => setAsking(false)}
          onKeep={onClose}
          onDiscard={() => {
            c.discard();
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}
