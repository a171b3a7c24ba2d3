import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLov } from '../../../../client/module-api';
import type { MapFeature } from '../../contract-map';
import { typeColour } from './map-model';

// The legend by spatial type: the types of the places drawn, with their labels from the owners'
// SPL_TYPES lists (the key itself when a list has no label for it).

export function Legend({
  features,
  version,
}: {
  features: ReadonlyMap<string, MapFeature>;
  version: number;
}) {
  const { t } = useTranslation();
  const { entries } = useLov('SPL_TYPES', null);
  const counts = new Map<string | null, number>();
  for (const f of features.values()) counts.set(f.spatialType, (counts.get(f.spatialType) ?? 0) + 1);
  const label = (key: string | null) =>
    key === null ? t('spatial.map.noType') : (entries?.get(key)?.label ?? key);
  const rows = [...counts].sort((a, b) => label(a[0]).localeCompare(label(b[0])));
  if (rows.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="spatial-legend-title"
      data-version={version}
      sx={{ px: 1, py: 1 }}
    >
      <Typography variant="subtitle2" component="h2" id="spatial-legend-title">
        {t('spatial.map.legend')}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="spatial-legend">
        {rows.map(([key, n]) => (
          <Box
            component="li"
            key={key ?? ''}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
          >
            <Box
              aria-hidden
              sx={{
                width: 14,
                height: 14,
                borderRadius: '50%',
                bgcolor: typeColour(key),
                border: 2,
                borderColor: 'background.paper',
                boxShadow: 1,
              }}
            />
            <Typography variant="body2" sx={{ flex: 1 }}>
              {label(key)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {n}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
