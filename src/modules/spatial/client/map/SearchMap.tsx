import { Box, LinearProgress, Typography, useTheme } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type SearchDisplayProps } from '../../../../client/module-api';
import { featuresBox } from './map-model';
import { MapCanvas, type ViewBox } from './MapCanvas';
import { PlacesList } from './PlacesList';
import { useFeatureStream, type StreamRequest } from './useFeatureStream';

// The search page's MAP display mode (spec core §3 displayAs): every result of the current
// search on the map, however many (research data: 50,000 points), drawn with the map screen's
// markers, sized by accuracy. The query itself is streamed (streamFeatures `query`): keyset pages
// of search's own SQL with the read rule, each row checked again, so no list of ids travels and
// there is no cap; a progress bar counts the points in as they come (docs/spatial-map.md).

const NO_HIDDEN: ReadonlySet<string> = new Set();

/** The search body as a stream's query: its page, sort and facets mean nothing to a map. */
export function streamQueryOf(query: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { offset: _o, max: _m, facets: _f, sort: _s, labels: _l, ...rest } = query;
  return rest;
}

export function SearchMap({ query, onOpen }: SearchDisplayProps) {
  const { t } = useTranslation();
  const { config } = useApp();
  const dark = useTheme().palette.mode === 'dark';
  const [view, setView] = useState<ViewBox | null>(null);
  const statusId = useId();
  const key = JSON.stringify(streamQueryOf(query));
  const request = useMemo<StreamRequest>(
    () => ({ query: JSON.parse(key) as Record<string, unknown> }),
    [key],
  );
  const stream = useFeatureStream(request);
  const fitTo = useMemo(
    () => (stream.done ? featuresBox(stream.features.values()) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stream.done, request],
  );
  const b = config.defaultBounds;
  const bounds: ViewBox = [b[0] ?? -141, b[1] ?? 48, b[2] ?? -53, b[3] ?? 70];
  const pct = stream.total ? Math.min(100, Math.round((stream.loaded / stream.total) * 100)) : 0;

  return (
    <Box
      data-testid="search-map"
      data-done={stream.done ? 'true' : 'false'}
      data-count={stream.features.size}
    >
      <Typography id={statusId} variant="caption" color="text.secondary" role="status" aria-live="polite">
        {stream.done
          ? t('spatial.map.loaded', { count: stream.features.size })
          : stream.total
            ? t('spatial.map.loadingCount', { loaded: stream.loaded, total: stream.total })
            : t('spatial.map.loading')}
      </Typography>
      {!stream.done && (
        <LinearProgress
          variant={stream.total ? 'determinate' : 'indeterminate'}
          value={pct}
          aria-labelledby={statusId}
          sx={{ my: 0.5 }}
        />
      )}
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
