import { Box, Button, Paper, Stack, Tab, Tabs, TextField } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown, useApp, type Item } from '../../../../client/module-api';
import { letterRefusal, shownAfterSave } from './letter-model';

/**
 * Staff's edit of a letter that is not yet approved: subject and Markdown text, with a preview
 * tab. Saving is rwfLetterSave; `resubmit` (a letter the approver sent back, shown in the
 * approval step) adds "Send to the approver again".
 */
export function LetterEditor({
  letter,
  resubmit,
  onDirtyChange,
}: {
  letter: Item;
  resubmit: boolean;
  /** Told whether the text shown differs from the saved letter (a dialog asks before closing). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const savedSubject = String(letter.subject ?? '');
  const savedBody = String(letter.body ?? '');
  const [subject, setSubject] = useState(savedSubject);
  const [body, setBody] = useState(savedBody);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ key: string; params?: Record<string, string> } | null>(null);
  const id = useId();
  // A new draft (drafted again, or another user's save) replaces the text being shown, but
  // never an edit the user has typed: a push arriving mid-edit would silently lose it.
  const shown = useRef({ subject: savedSubject, body: savedBody });
  useEffect(() => {
    const before = shown.current;
    shown.current = { subject: savedSubject, body: savedBody };
    setSubject((s) => shownAfterSave(s, before.subject, savedSubject));
    setBody((b) => shownAfterSave(b, before.body, savedBody));
  }, [savedSubject, savedBody]);
  const dirty = subject !== savedSubject || body !== savedBody;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  async function save(submit: boolean) {
    setBusy(true);
    setError(null);
    try {
      await client.act('rwfLetterSave', { letter: letter.$id, subject, body, ...(submit ? { submit } : {}) });
      alerts.push({ type: 'success', key: 'consult.letter.saved' });
    } catch (e) {
      setError(letterRefusal(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack sx={{ gap: 1.5, maxWidth: 720 }}>
      <TextField
        label={t('consult.letter.subject')}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        size="small"
        required
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <Tabs
        value={tab}
        onChange={(_, v: 'edit' | 'preview') => setTab(v)}
        aria-label={t('consult.letter.body')}
      >
        <Tab value="edit" label={t('consult.letter.body')} id={`${id}-edit`} aria-controls={`${id}-p-edit`} />
        <Tab
          value="preview"
          label={t('consult.letter.preview')}
          id={`${id}-prev`}
          aria-controls={`${id}-p-prev`}
        />
      </Tabs>
      {tab === 'edit' ? (
        <Box role="tabpanel" id={`${id}-p-edit`} aria-labelledby={`${id}-edit`}>
          <TextField
            label={t('consult.letter.body')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            multiline
            minRows={8}
            maxRows={24}
            fullWidth
            helperText={t('consult.letter.bodyHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'letter-body', spellCheck: true } }}
          />
        </Box>
      ) : (
        <Paper
          variant="outlined"
          role="tabpanel"
          id={`${id}-p-prev`}
          aria-labelledby={`${id}-prev`}
          sx={{ p: { xs: 1.5, sm: 2.5 }, overflowWrap: 'anywhere' }}
        >
          <Markdown source={body} headingOffset={2} />
        </Paper>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => void save(false)}
          disabled={busy || !dirty || !subject.trim() || !body.trim()}
        >
          {t('consult.letter.save')}
        </Button>
        {resubmit && (
          <Button
            variant="contained"
            onClick={() => void save(true)}
            disabled={busy || !subject.trim() || !body.trim()}
          >
            {t('consult.letter.submit')}
          </Button>
        )}
      </Stack>
      {error && (
        <Box role="alert" sx={{ color: 'error.main' }}>
          {t(error.key, error.params)}
        </Box>
      )}
    </Stack>
  );
}
