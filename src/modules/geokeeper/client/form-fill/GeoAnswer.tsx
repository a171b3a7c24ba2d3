import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import { Alert, Box, Button, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../../form/definition';
import { currentFix } from './gps';

// A GPS answer: a point read from the device, or a line or an area walked position by position
// (each "Add my position" is one reading). Kept as the form engine's GeoJSON (form/values.ts),
// a point with the reading's accuracy in metres. The screen may read the position itself
// (`capture`); otherwise the device's (gps.ts).

export interface GeoPoint {
  type: 'Point';
  coordinates: number[];
  accuracy?: number;
}

type Pos = number[];

function positionsOf(value: unknown, kind: FormField['kind']): Pos[] {
  if (typeof value !== 'object' || value === null) return [];
  const v = value as { type?: string; coordinates?: unknown };
  if (kind === 'geotrace' && v.type === 'LineString' && Array.isArray(v.coordinates))
    return v.coordinates as Pos[];
  if (
    kind === 'geoshape' &&
    v.type === 'Polygon' &&
    Array.isArray(v.coordinates) &&
    Array.isArray(v.coordinates[0])
  )
    return (v.coordinates[0] as Pos[]).slice(0, -1);
  return [];
}

/** What the answer holds once these positions are walked (a line from 2, an area from 3). */
function answerOf(kind: FormField['kind'], pts: Pos[]): unknown {
  if (kind === 'geotrace') return pts.length >= 2 ? { type: 'LineString', coordinates: pts } : pendingOf(pts);
  return pts.length >= 3 ? { type: 'Polygon', coordinates: [[...pts, pts[0]!]] } : pendingOf(pts);
}

// Fewer positions than a shape needs: kept as an incomplete line so nothing walked is lost (the
// engine reports it as not the right kind until it is complete).
const pendingOf = (pts: Pos[]) => (pts.length ? { type: 'LineString', coordinates: pts } : undefined);

const fmt = (n: number | undefined) => (typeof n === 'number' ? n.toFixed(5) : '?');

export function GeoAnswer(props: {
  field: FormField;
  fieldKey: string;
  label: string;
  required: boolean;
  disabled: boolean;
  helper: string | undefined;
  hasError: boolean;
  value: unknown;
  onChange(v: unknown): void;
  large: boolean;
  capture?: ((field: FormField, current: unknown) => Promise<GeoPoint | null>) | undefined;
}) {
  const { t } = useTranslation();
  const { field, value } = props;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const read = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const p = await (props.capture ? props.capture(field, value) : currentFix());
      if (!p) return;
      if (field.kind === 'geopoint') props.onChange(p);
      else props.onChange(answerOf(field.kind, [...positionsOf(value, field.kind), p.coordinates]));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const point =
    field.kind === 'geopoint' && typeof value === 'object' && value !== null ? (value as GeoPoint) : null;
  const pts = field.kind === 'geopoint' ? [] : positionsOf(value, field.kind);
  const line =
    field.kind !== 'geopoint' && typeof value === 'object' && value !== null
      ? (value as { coordinates?: Pos[] })
      : null;
  const walked = pts.length || (line?.coordinates?.length ?? 0);
  const has = point !== null || walked > 0;
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
        <Box aria-live="polite">
          {point && (
            <Typography variant="body2">
              {t('geokeeper.fill.point', {
                lat: fmt(point.coordinates[1]),
                lon: fmt(point.coordinates[0]),
                accuracy: typeof point.accuracy === 'number' ? Math.round(point.accuracy) : '?',
              })}
            </Typography>
          )}
          {field.kind !== 'geopoint' && (
            <Typography variant="body2" color={walked ? 'text.primary' : 'text.secondary'}>
              {t(
                field.kind === 'geotrace' ? 'geokeeper.fill.linePositions' : 'geokeeper.fill.areaPositions',
                {
                  count: walked,
                },
              )}
            </Typography>
          )}
        </Box>
        {!props.disabled && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<GpsFixedIcon />}
              onClick={() => void read()}
              disabled={busy}
              size={props.large ? 'large' : 'medium'}
              sx={{ minHeight: props.large ? 48 : 44 }}
            >
              {t(
                field.kind === 'geopoint'
                  ? point
                    ? 'geokeeper.fill.readAgain'
                    : 'geokeeper.fill.readPosition'
                  : 'geokeeper.fill.addPosition',
              )}
            </Button>
            {has && (
              <Button
                onClick={() => props.onChange(undefined)}
                size={props.large ? 'large' : 'medium'}
                sx={{ minHeight: props.large ? 48 : 44 }}
              >
                {t('geokeeper.fill.clearPosition')}
              </Button>
            )}
          </Stack>
        )}
        {failed && <Alert severity="warning">{t('geokeeper.fill.noPosition')}</Alert>}
      </Stack>
      {props.helper && <FormHelperText>{props.helper}</FormHelperText>}
    </FormControl>
  );
}
