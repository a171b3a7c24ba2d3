import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MapFeature } from '../../contract-map';
import { inView, typeColour } from './map-model';
import type { ViewBox } from './MapCanvas';

// The places in view as a list beside the map: what the canvas shows, readable by a screen
// reader and by keyboard (each opens the place), and what the tests read.

const SHOWN_MAX = 200;

export interface PlacesListProps {
  features: ReadonlyMap<string, MapFeature>;
  hidden: ReadonlySet<string>;
  view: ViewBox | null;
  version: number;
  onOpen(id: string): void;
}

export function PlacesList({ features, hidden, view, version, onOpen }: PlacesListProps) {
  const { t } = useTranslation();
  const shown: [string, MapFeature][] = [];
  let count = 0;
  for (const [id, f] of features) {
    if (f.collection && hidden.has(f.collection)) continue;
    if (view && !inView(f, view)) continue;
    count++;
    if (shown.length < SHOWN_MAX) shown.push([id, f]);
  }
  shown.sort((a, b) => a[1].label.localeCompare(b[1].label));
  return (
    <Box
      component="section"
      aria-labelledby="spatial-places-title"
      data-version={version}
      sx={{ px: 1, py: 1 }}
    >
      <Typography variant="subtitle2" component="h2" id="spatial-places-title">
        {t('spatial.map.placesInView', { count })}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="spatial-places">
        {shown.map(([id, f]) => (
          <Box
            component="li"
            key={id}
            data-id={id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
          >
            <Box
              aria-hidden
              sx={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: typeColour(f.spatialType),
                flex: 'none',
              }}
            />
            <Link component="button" variant="body2" onClick={() => onOpen(id)} sx={{ textAlign: 'left' }}>
              {f.label}
            </Link>
          </Box>
        ))}
      </Box>
      {count > SHOWN_MAX && (
        <Typography variant="caption" color="text.secondary">
          {t('spatial.map.morePlaces', { count: count - SHOWN_MAX })}
        </Typography>
      )}
    </Box>
  );
}
