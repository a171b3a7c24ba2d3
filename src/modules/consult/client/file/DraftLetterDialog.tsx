import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCell, type Item } from '../../../../client/module-api';
import { LetterEditor } from '../letters/LetterEditor';
import { ProposeActions } from '../letters/ProposeActions';
import { useCurrentLetter } from '../letters/useLetter';

/**
 * "Draft a letter" on the referral's record: the response's letter drafted from a template and
 * edited in place, with no need to reach the workflow's letter step first. The letter is the
 * response's current one, so the propose, approve and send steps take it up as they come. Once
 * proposed, it goes on in the response's workflow, which "Open the response" reaches.
 */
export function DraftLetterDialog({
  responses,
  labels,
  onClose,
}: {
  /** The consultation's responses the user may read (normally the one of their community). */
  responses: Item[];
  labels: Record<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cell = useCell();
  const titleId = useId();
  const [chosen, setChosen] = useState(responses[0]!.$id);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const response = responses.find((r) => r.$id === chosen) ?? responses[0]!;
  const { letter, isPending } = useCurrentLetter(response.$id);
  const state = typeof letter?.state === 'string' ? letter.state : null;
  const drafting = !letter || state === 'DRAFT';
  const communityOf = (r: Item) =>
    typeof r.community === 'string'
      ? (labels[r.community] ?? t('item.notShown'))
      : String(r.projectName ?? '');
  const close = () => (dirty ? setAsking(true) : onClose());
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('consult.file.draftTitle')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          {responses.length > 1 && (
            <TextField
              select
              size="small"
              label={t('consult.file.response')}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              sx={{ maxWidth: 360 }}
            >
              {responses.map((r) => (
                <MenuItem key={r.$id} value={r.$id}>
                  {communityOf(r)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {state && (
            <Chip
              sx={{ alignSelf: 'flex-start' }}
              label={t('consult.letter.state', { state: t(`consult.letter.states.${state}`) })}
            />
          )}
          {!isPending && drafting && <ProposeActions item={response} letter={letter} />}
          {letter && state === 'DRAFT' && (
            <LetterEditor key={letter.$id} letter={letter} resubmit={false} onDirtyChange={setDirty} />
          )}
          {letter && !drafting && <Alert severity="info">{t('consult.file.letterOnward')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            cell.open(`i-${response.$id}`);
            onClose();
          }}
        >
          {t('consult.file.openResponse')}
        </Button>
        <Button variant="contained" onClick={close}>
          {t('app.close')}
        </Button>
      </DialogActions>
      {asking && (
        <Dialog open onClose={() => setAsking(false)} aria-labelledby={`${titleId}-ask`}>
          <DialogTitle id={`${titleId}-ask`}>{t('consult.file.unsavedTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('consult.file.unsavedBody')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('consult.file.unsavedDiscard')}</Button>
            <Button variant="contained" autoFocus onClick={() => setAsking(false)}>
              {t('consult.intake.close.keepEditing')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Dialog>
  );
}
