import { Box, FormHelperText, Typography } from '@mui/material';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { checkGeometry, type Geometry } from '../../../../kernel/geometry';
import { summaryText } from './geometry-model';

const GeometryMap = lazy(() => import('./GeometryMap'));

/**
 * A geometry where it is only shown (a record's read view): a small map nothing can be clicked
 * on, and the summary in words. A value that is not a good geometry (old data) is named, not drawn.
 */
export function GeometryView({
  label,
  value,
  error,
}: {
  label: string;
  value: unknown;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const good = value !== undefined && value !== null && checkGeometry(value) === null;
  const summary = good
    ? summaryText(t, value as Geometry)
    : t(value ? 'spatial.draw.unreadable' : 'spatial.draw.none');
  return (
    <Box component="section" aria-labelledby={labelId} data-geometry-view>
      <Typography
        id={labelId}
        variant="caption"
        color="text.secondary"
        component="h4"
        sx={{ m: 0, fontWeight: 400 }}
      >
        {label}
      </Typography>
      {good && (
        <Suspense fallback={<Box sx={{ height: 180 }} />}>
          <GeometryMap
            value={value as Geometry}
            editable={false}
            mode="select"
            height={180}
            label={t('spatial.draw.mapLabel', { label, summary })}
          />
        </Suspense>
      )}
      <Typography variant="body2" sx={{ mt: 0.5 }} data-geometry-summary>
        {summary}
      </Typography>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
