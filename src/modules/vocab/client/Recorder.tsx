import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import StopIcon from '@mui/icons-material/Stop';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tusOptions, useApp } from '../../../client/module-api';
import { recordingFileName } from './recorder-model';
import { useRecorder } from './useRecorder';

// Record a pronunciation, hear it, save it as one of the word's recordings with its speaker's
// name. The save is an ordinary resumable upload (tus) into the word's `media`; the server adds
// the speaker to the word's acknowledgements and sets hasMedia.

export default function Recorder({ lexemeId }: { lexemeId: string }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const r = useRecorder();
  const [speaker, setSpeaker] = useState('');
  const [saving, setSaving] = useState<'no' | 'saving' | 'saved' | 'failed'>('no');

  const save = async () => {
    if (!r.take || !speaker.trim()) return;
    setSaving('saving');
    const uppy = new Uppy({ autoProceed: false }).use(
      Tus,
      tusOptions(() => client.tokenValue, [0, 1000, 3000]),
    );
    const filename = recordingFileName(speaker);
    try {
      uppy.addFile({
        name: filename,
        type: 'audio/wav',
        data: r.take.wav,
        source: 'local',
        meta: { rel: lexemeId, relProp: 'media', filename },
      });
      const result = await uppy.upload();
      if (!result || result.failed?.length) throw new Error('upload failed');
      setSaving('saved');
      r.discard();
    } catch {
      setSaving('failed');
    } finally {
      uppy.destroy();
    }
  };

  return (
    <Box data-testid="vocab-recorder">
      {r.problem && (
        <Alert severity={r.problem === 'failed' ? 'error' : 'warning'} sx={{ mb: 1 }} role="alert">
          {t(`vocab.record.problem.${r.problem}`)}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        {r.phase === 'recording' ? (
          <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={r.stop}>
            {t('vocab.record.stop')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            startIcon={<FiberManualRecordIcon color="error" />}
            onClick={() => {
              setSaving('no');
              void r.start();
            }}
            disabled={r.phase === 'processing' || saving === 'saving'}
          >
            {r.take ? t('vocab.record.again') : t('vocab.record.start')}
          </Button>
        )}
        <Box sx={{ flex: 1, minWidth: 120 }}>
          <LinearProgress
            variant="determinate"
            value={Math.round(r.level * 100)}
            aria-label={t('vocab.record.level')}
            color={r.level > 0.9 ? 'error' : 'success'}
            sx={{ height: 10, borderRadius: 5, visibility: r.phase === 'recording' ? 'visible' : 'hidden' }}
          />
        </Box>
      </Stack>
      <Typography
        variant="caption"
        color="text.secondary"
        aria-live="polite"
        data-testid="vocab-record-status"
      >
        {r.phase === 'recording'
          ? t('vocab.record.recording')
          : r.phase === 'processing'
            ? t('vocab.record.processing')
            : saving === 'saved'
              ? t('vocab.record.saved')
              : saving === 'failed'
                ? t('vocab.record.saveFailed')
                : ''}
      </Typography>
      {r.take && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography variant="body2">
            {t('vocab.record.trimmed', {
              seconds: r.take.seconds.toFixed(1),
              raw: r.take.rawSeconds.toFixed(1),
            })}
          </Typography>
          <audio controls src={r.take.url} aria-label={t('vocab.record.listen')} data-testid="vocab-take" />
          <TextField
            label={t('vocab.record.speaker')}
            helperText={t('vocab.record.speakerHint')}
            value={speaker}
            onChange={(e) => setSpeaker(e.target.value)}
            size="small"
            required
          />
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              onClick={() => void save()}
              disabled={!speaker.trim() || saving === 'saving'}
            >
              {t('vocab.record.save')}
            </Button>
            <Button onClick={r.discard}>{t('vocab.record.discard')}</Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
