import { Box, Typography, useTheme } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type SearchDisplayProps } from '../../../../client/module-api';
import { featuresBox } from './map-model';
import { MapCanvas, type ViewBox } from './MapCanvas';
import { PlacesList } from './PlacesList';
import { useFeatureStream } from './useFeatureStream';

// The search page's MAP display mode (spec core §3 displayAs): the current search's results on
// the map, drawn with the map screen's markers. The same query goes through search/ids (the
// read rule in SQL), its ids through streamFeatures (each row checked again).

/** The most results one map draws (streamFeatures takes 500 ids a request). */
export const SEARCH_MAP_MAX = 500;

const NO_HIDDEN: ReadonlySet<string> = new Set();

export function SearchMap({ query, onOpen }: SearchDisplayProps) {
  const { t } = useTranslation();
  const { client, config, alerts } = useApp();
  const dark = useTheme().palette.mode === 'dark';
  const [found, setFound] = useState<{ ids: string[]; total: number } | null>(null);
  const [view, setView] = useState<ViewBox | null>(null);
  const key = JSON.stringify(query);

  useEffect(() => {
    let live = true;
    const { offset: _o, max: _m, facets: _f, ...rest } = JSON.parse(key) as Record<string, unknown>;
    client
      .request<{ ids: string[]; total: number }>('search/ids', { ...rest, max: SEARCH_MAP_MAX })
      .then((r) => live && setFound({ ids: r.ids, total: r.total }))
      .catch((e: unknown) => {
        alerts.error(e);
        if (live) setFound({ ids: [], total: 0 });
      });
    return () => {
      live = false;
    };
  }, [client, alerts, key]);

  const request = useMemo(() => (found?.ids.length ? { itemIDs: found.ids } : null), [found]);
  const stream = useFeatureStream(request);
  const done = found !== null && (stream.done || found.ids.length === 0);
  const fitTo = useMemo(
    () => (done ? featuresBox(stream.features.values()) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [done, request],
  );
  const b = config.defaultBounds;
  const bounds: ViewBox = [b[0] ?? -141, b[1] ?? 48, b[2] ?? -53, b[3] ?? 70];

  return (
    <Box data-testid="search-map" data-done={done ? 'true' : 'false'}>
      <Typography variant="caption" color="text.secondary" role="status" aria-live="polite">
        {found && found.total > SEARCH_MAP_MAX
          ? t('spatial.map.searchCapped', { max: SEARCH_MAP_MAX, total: found.total })
          : done
            ? t('spatial.map.loaded', { count: stream.features.size })
            : t('spatial.map.loading')}
      </Typography>
      <Box
        sx={{
          height: { xs: 360, md: 480 },
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <MapCanvas
          features={stream.features}
          version={stream.version}
          hidden={NO_HIDDEN}
          dark={dark}
          bounds={bounds}
          fitTo={fitTo}
          onOpen={onOpen}
          onView={setView}
          label={t('spatial.map.canvas')}
        />
      </Box>
      <PlacesList
        features={stream.features}
        hidden={NO_HIDDEN}
        view={view}
        version={stream.version}
        onOpen={onOpen}
      />
    </Box>
  );
}
