import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { checkGeoJson, GEOJSON_MAX_CHARS, type GeoJsonCheck } from './geojson';

/** Beyond this the pasted or uploaded text is shown in part, read-only. */
const SHOWN_CHARS = 20_000;

/**
 * The project area as GeoJSON, uploaded as a file or pasted: read and checked at once, so the
 * proponent sees how many areas were read, or what is wrong, before saving. Optional.
 */
export function AreaStep({
  text,
  check,
  showError,
  onChange,
}: {
  text: string;
  check: GeoJsonCheck | null;
  showError: boolean;
  onChange(text: string, check: GeoJsonCheck | null): void;
}) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const set = (v: string) => onChange(v, v.trim() ? checkGeoJson(v) : null);
  const bad = check && !check.ok ? check.error : null;
  const big = text.length > SHOWN_CHARS;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" id={helpId}>
        {t('consult.create.areaIntro')}
      </Typography>
      <div>
        <input
          ref={file}
          type="file"
          hidden
          accept=".geojson,.json,application/geo+json,application/json"
          data-area-file
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (!f) return;
            if (f.size > GEOJSON_MAX_CHARS * 2) return onChange('', { ok: false, error: 'tooLarge' });
            void f.text().then(set);
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => file.current?.click()}>
          {t('consult.create.areaUpload')}
        </Button>
        {text && (
          <Button sx={{ ml: 1 }} onClick={() => onChange('', null)}>
            {t('consult.create.areaClear')}
          </Button>
        )}
      </div>
      <TextField
        id="consult-create-projectAreaGeo"
        label={t('consult.create.areaPaste')}
        multiline
        minRows={4}
        maxRows={12}
        // A large upload is shown in part and read-only: editing a cut copy would lose the rest.
        value={big ? `${text.slice(0, SHOWN_CHARS)}…` : text}
        slotProps={{
          htmlInput: {
            'aria-describedby': helpId,
            spellCheck: false,
            readOnly: big,
            style: { fontFamily: 'monospace' },
          },
        }}
        onChange={(e) => set(e.target.value)}
        error={!!bad && (showError || text.length > 0)}
        helperText={bad ? t(`consult.create.areaErrors.${bad}`) : undefined}
      />
      {check?.ok && (
        <Alert severity="success" role="status">
          {t('consult.create.areaOk', { count: check.features })}
        </Alert>
      )}
    </Stack>
  );
}
