import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActReply } from '../../kernel/act-contract';
import type { AppActs } from '../../modules/contracts';
import { useApp } from '../state/app-context';

type Pref = ActReply<AppActs['getNotify']>['notify'];
/** The choices in the order the dialog lists them (the contract's values). */
const PREFS = ['DEFAULT', 'ALWAYS', 'PREFS', 'NIL'] as const satisfies readonly Pref[];

/** The item cell's notification-config button: the user's `$notify` for this item. */
export function NotifyPrefDialog({ itemId, onClose }: { itemId: string; onClose(): void }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const titleId = useId();
  const current = useQuery({
    queryKey: ['notifyPref', itemId],
    queryFn: () => client.act('getNotify', { $id: itemId }),
  });
  const [chosen, setChosen] = useState<Pref | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const value = chosen ?? current.data?.notify ?? null;

  const save = async () => {
    if (!value) return;
    setSaving(true);
    setFailed(false);
    try {
      await client.act('setNotify', { $id: itemId, notify: value });
      alerts.push({ type: 'success', key: 'notifications.pref.saved' });
      onClose();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('notifications.pref.title')}</DialogTitle>
      <DialogContent>
        {(current.isError || failed) && <Alert severity="error">{t('errors.generalFailure')}</Alert>}
        <RadioGroup
          aria-labelledby={titleId}
          value={value ?? ''}
          onChange={(e) => setChosen(e.target.value as Pref)}
        >
          {PREFS.map((p) => (
            <FormControlLabel
              key={p}
              value={p}
              control={<Radio />}
              label={t(`notifications.pref.${p}`)}
              disabled={!current.isSuccess}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!value || saving}>
          {t('app.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
