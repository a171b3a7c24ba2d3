import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type Item } from '../../../../client/module-api';
import { letterRefusal } from './letter-model';
import { useTemplates } from './useLetter';

// The letter's shared controls: drafting from a template (the propose step's panel and the
// consultation record's "Draft a letter"), and running an act with its refusal shown in place.

export type Refusal = { key: string; params?: Record<string, string> };

/** Runs one act or step move; a refusal is shown beside the button that made it. */
export function useRun() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  async function run(fn: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await fn();
      return true;
    } catch (e) {
      setError(letterRefusal(e));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

export function RefusalAlert({ error }: { error: Refusal | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert severity="error" role="alert">
      {t(error.key, error.params)}
    </Alert>
  );
}

/** RWF_LETTER_PROPOSE: pick a template and draft the letter (again, while it is a draft). */
export function ProposeActions({ item, letter }: { item: Item; letter: Item | null }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const templates = useTemplates(item.owner as string | null, true);
  const [template, setTemplate] = useState('');
  const drafting = useRun();
  const list = templates.data ?? [];
  const chosen =
    template || (typeof letter?.template === 'string' ? letter.template : '') || list[0]?.$id || '';
  return (
    <Stack sx={{ gap: 1.5 }}>
      {templates.isSuccess && list.length === 0 && (
        <Alert severity="info">{t('consult.letter.noTemplates')}</Alert>
      )}
      {list.length > 0 && (!letter || letter.state === 'DRAFT') && (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label={t('consult.letter.template')}
            value={chosen}
            onChange={(e) => setTemplate(e.target.value)}
            sx={{ minWidth: 240 }}
            helperText={letter ? t('consult.letter.redraftHelp') : undefined}
          >
            {list.map((tp) => (
              <MenuItem key={tp.$id} value={tp.$id}>
                {String(tp.title ?? tp.$id)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant={letter ? 'outlined' : 'contained'}
            disabled={!chosen || drafting.busy}
            onClick={() =>
              void drafting.run(() =>
                client.act('rwfLetterPropose', { response: item.$id, template: chosen }),
              )
            }
          >
            {letter ? t('consult.letter.redraft') : t('consult.letter.draft')}
          </Button>
        </Stack>
      )}
      <RefusalAlert error={drafting.error} />
    </Stack>
  );
}
