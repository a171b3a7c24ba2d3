import PauseIcon from '@mui/icons-material/Pause';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { IconButton, Tooltip } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultActionProps } from '../../../client/module-api';
import { mediaIds, recordingUrl } from './media';

// The play button of a word, on every search result and card (ClientModule.resultActions). One
// key plays it: "p" pressed anywhere on the result (its link has the focus as one tabs through
// the list), so a learner goes down a list hearing each word without leaving the keyboard.

export const PLAY_KEY = 'p';

export default function PlayButton({ item, label }: ResultActionProps) {
  const { t } = useTranslation();
  const ids = mediaIds(item);
  const ref = useRef<HTMLButtonElement>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<'idle' | 'playing' | 'played' | 'failed'>('idle');
  const first = ids[0];

  const toggle = useCallback(() => {
    if (!first) return;
    if (audio.current && !audio.current.paused) {
      audio.current.pause();
      setState('idle');
      return;
    }
    const a = new Audio(recordingUrl(first));
    audio.current = a;
    a.onplaying = () => setState('playing');
    a.onended = () => setState('played');
    a.onerror = () => setState('failed');
    a.play().catch(() => setState('failed'));
  }, [first]);

  useEffect(() => {
    const host = ref.current?.closest('[data-result]');
    if (!host) return;
    const onKey = (e: Event) => {
      const k = e as KeyboardEvent;
      if (k.key !== PLAY_KEY || k.ctrlKey || k.metaKey || k.altKey) return;
      const target = k.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      k.preventDefault();
      toggle();
    };
    host.addEventListener('keydown', onKey);
    return () => host.removeEventListener('keydown', onKey);
  }, [toggle]);
  useEffect(() => () => audio.current?.pause(), []);

  if (!first) return null;
  const name = t(state === 'playing' ? 'vocab.play.stop' : 'vocab.play.label', { label });
  return (
    <Tooltip title={`${name} (${PLAY_KEY.toUpperCase()})`}>
      <IconButton
        ref={ref}
        aria-label={name}
        aria-keyshortcuts={PLAY_KEY}
        data-testid="vocab-play"
        data-state={state}
        onClick={toggle}
        color={state === 'failed' ? 'error' : 'primary'}
        sx={{ alignSelf: 'center', mx: 0.5 }}
      >
        {state === 'playing' ? <PauseIcon /> : <VolumeUpIcon />}
      </IconButton>
    </Tooltip>
  );
}
