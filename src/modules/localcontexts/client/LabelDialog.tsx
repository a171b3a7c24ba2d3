import PauseIcon from '@mui/icons-material/Pause';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupOf, useAttachments, type Item } from '../../../client/module-api';
import type { LabelDef } from '../labels';
import { BadgeIcon } from './BadgeIcon';
import { wordingOf } from './wording';

/** One label in full: the community's wording (or the default), its translations, its recording. */
export function LabelDialog({
  label,
  custom,
  project,
  onClose,
}: {
  label: LabelDef;
  custom: Item | undefined;
  project: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const w = wordingOf(t, label.key, custom);
  return (
    <Dialog open onClose={onClose} aria-labelledby="lc-label-title" maxWidth="sm" fullWidth>
      <DialogTitle id="lc-label-title">
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
          <BadgeIcon label={label} height={28} />
          {w.name}
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {w.custom ? t('localcontexts.dialog.community') : t('localcontexts.dialog.standard')}
        </Typography>
        <Typography data-lc-text>{w.text}</Typography>
        {w.translations.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {t('localcontexts.dialog.translations')}
            </Typography>
            {w.translations.map(([lang, text]) => (
              <Typography key={lang} lang={lang} sx={{ mt: 0.5 }}>
                {text}
              </Typography>
            ))}
          </>
        )}
        {custom && <Recording labelId={custom.$id} />}
        {project && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('localcontexts.dialog.project', { id: project })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('localcontexts.dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The play button of the label's recording: its first audio attachment, when it has one. */
function Recording({ labelId }: { labelId: string }) {
  const { t } = useTranslation();
  const { data } = useAttachments(labelId, false);
  const audio = (data ?? []).find((a) => groupOf(a) === 'audio');
  const player = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<'idle' | 'playing' | 'failed'>('idle');
  useEffect(() => () => player.current?.pause(), []);
  if (!audio) return null;
  const toggle = () => {
    if (player.current && !player.current.paused) {
      player.current.pause();
      setState('idle');
      return;
    }
    const a = new Audio(`/attachment/${encodeURIComponent(audio.$id)}`);
    player.current = a;
    a.onplaying = () => setState('playing');
    a.onended = () => setState('idle');
    a.onerror = () => setState('failed');
    a.play().catch(() => setState('failed'));
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 2 }}>
      <Button
        variant="outlined"
        startIcon={state === 'playing' ? <PauseIcon /> : <VolumeUpIcon />}
        onClick={toggle}
        data-state={state}
      >
        {t(state === 'playing' ? 'localcontexts.dialog.stop' : 'localcontexts.dialog.play')}
      </Button>
      {state === 'failed' && (
        <Typography role="alert" variant="body2" color="error">
          {t('localcontexts.dialog.playFailed')}
        </Typography>
      )}
    </Stack>
  );
}
