import AudiotrackIcon from '@mui/icons-material/AudiotrackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MicOutlined from '@mui/icons-material/MicOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import VideocamIcon from '@mui/icons-material/VideocamOutlined';
import {
  Box,
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../../form/definition';

// A photo, video or sound answer. The file is taken here (the phone's camera through `<input
// type=file capture>`, sound through MediaRecorder where the browser has it, else a sound file)
// and handed to the screen (`keep`), which stores the Blob (IndexedDB while offline) and gives
// back its name: the answer keeps the name. Without `keep` (the builder's preview) the buttons
// are disabled and say where files are added.

export type MediaKind = 'photo' | 'video' | 'audio';

/** A file kept for a media answer, by its name (what the answer holds). */
export interface KeptMedia {
  name: string;
  type: string;
  blob: Blob;
}

/** A file just taken: the Blob, its MIME type and the extension its name should carry. */
export interface TakenMedia {
  blob: Blob;
  type: string;
  extension: string;
}

const ICONS = { photo: PhotoCameraIcon, video: VideocamIcon, audio: AudiotrackIcon } as const;
const ACCEPT: Record<MediaKind, string> = { photo: 'image/*', video: 'video/*', audio: 'audio/*' };

function extensionOf(type: string, fallback: string): string {
  const sub = type.split('/')[1]?.split(';')[0] ?? '';
  return (
    ({ jpeg: 'jpg', 'svg+xml': 'svg', quicktime: 'mov', mpeg: 'mp3' } as Record<string, string>)[sub] ??
    (sub || fallback)
  );
}

export function MediaAnswer(props: {
  field: FormField;
  fieldKey: string;
  inputId: string;
  label: string;
  required: boolean;
  disabled: boolean;
  helper: string | undefined;
  hasError: boolean;
  value: unknown;
  large: boolean;
  /** The kept file of this answer, for its thumbnail or player. */
  file: KeptMedia | undefined;
  onChange(v: unknown): void;
  keep?: ((taken: TakenMedia) => Promise<string | null>) | undefined;
  remove?: ((name: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [recorder, setRecorder] = useState<MediaRecorder | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const kind = props.field.kind as MediaKind;
  const Icon = ICONS[kind] ?? PhotoCameraIcon;
  const ref = typeof props.value === 'string' && props.value ? props.value : null;
  const blob = props.file?.blob;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const canRecord =
    kind === 'audio' && !!props.keep && typeof MediaRecorder !== 'undefined' && !!navigator.mediaDevices;
  const target = { minHeight: props.large ? 48 : 44 };
  const size = props.large ? 'large' : 'medium';

  const hand = async (taken: TakenMedia) => {
    if (!props.keep) return;
    setBusy(true);
    try {
      const name = await props.keep(taken);
      if (name) props.onChange(name);
    } finally {
      setBusy(false);
    }
  };

  const startAudio = async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const rec = new MediaRecorder(stream);
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => parts.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((tr) => tr.stop());
      const type = rec.mimeType || 'audio/webm';
      setRecorder(null);
      void hand({ blob: new Blob(parts, { type }), type, extension: extensionOf(type, 'webm') });
    };
    rec.start();
    setRecorder(rec);
  };

  const clear = () => {
    if (ref) props.remove?.(ref);
    props.onChange(undefined);
  };

  return (
    <FormControl
      component="fieldset"
      required={props.required}
      error={props.hasError}
      data-field={props.fieldKey}
      fullWidth
    >
      <FormLabel component="legend" sx={props.large ? { fontSize: '1.05rem' } : undefined}>
        {props.label}
      </FormLabel>
      <Stack spacing={1} sx={{ mt: 0.5 }}>
        {ref && url ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {kind === 'photo' && (
              <Box
                component="img"
                src={url}
                alt={ref}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
              />
            )}
            {kind === 'video' && (
              <Box component="video" src={url} controls sx={{ width: 160, maxHeight: 120 }} />
            )}
            {kind === 'audio' && <Box component="audio" src={url} controls sx={{ maxWidth: 240 }} />}
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {ref}
            </Typography>
            {!props.disabled && (
              <IconButton
                size="large"
                aria-label={t('geokeeper.fill.removeFile', { name: ref })}
                onClick={clear}
              >
                <DeleteOutlined />
              </IconButton>
            )}
          </Stack>
        ) : (
          <Typography
            variant="body2"
            color={ref ? 'text.primary' : 'text.secondary'}
            aria-live="polite"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {ref ?? t(`geokeeper.fill.noMedia.${kind}`)}
          </Typography>
        )}
        {props.keep && !props.disabled && (
          <input
            ref={input}
            id={props.inputId}
            type="file"
            accept={ACCEPT[kind]}
            // The phone's camera (or recorder) straight away; a desktop offers its files.
            capture={kind === 'audio' ? undefined : 'environment'}
            hidden
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) {
                const type = f.type || 'application/octet-stream';
                void hand({
                  blob: f,
                  type,
                  extension: extensionOf(f.type, f.name.split('.').pop() ?? 'bin'),
                });
              }
              e.target.value = '';
            }}
          />
        )}
        {!props.disabled && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              size={size}
              startIcon={<Icon />}
              onClick={() => input.current?.click()}
              disabled={busy || !props.keep || !!recorder}
              sx={target}
            >
              {kind === 'audio' && props.keep
                ? t('geokeeper.fill.chooseAudio')
                : t(ref ? `geokeeper.fill.replaceMedia.${kind}` : `geokeeper.fill.addMedia.${kind}`)}
            </Button>
            {canRecord &&
              (recorder ? (
                <Button
                  variant="contained"
                  color="error"
                  size={size}
                  startIcon={<StopCircleOutlined />}
                  onClick={() => recorder.stop()}
                  sx={target}
                >
                  {t('geokeeper.fill.stopAudio')}
                </Button>
              ) : (
                <Button
                  variant="outlined"
                  size={size}
                  startIcon={<MicOutlined />}
                  disabled={busy}
                  onClick={() => void startAudio().catch(() => undefined)}
                  sx={target}
                >
                  {t(ref ? 'geokeeper.fill.replaceMedia.audio' : 'geokeeper.fill.addMedia.audio')}
                </Button>
              ))}
            {ref && !url && (
              <Button onClick={clear} size={size} sx={target}>
                {t('geokeeper.fill.removeMedia')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {(props.helper || !props.keep) && (
        <FormHelperText>
          {props.helper ?? (!props.keep && !props.disabled ? t('geokeeper.fill.mediaOnDevice') : '')}
        </FormHelperText>
      )}
    </FormControl>
  );
}
