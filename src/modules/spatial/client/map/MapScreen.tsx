import LayersIcon from '@mui/icons-material/Layers';
import { Box, Button, Drawer, LinearProgress, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useCell, type ViewProps } from '../../../../client/module-api';
import { LayerTree } from './LayerTree';
import { featuresBox } from './map-model';
import { Legend } from './Legend';
import { MapCanvas, type ViewBox } from './MapCanvas';
import { PlacesList } from './PlacesList';
import { useFeatureStream } from './useFeatureStream';
import { MAP_VIEW, spatialViews } from '../../views';

const MAP_TITLE = spatialViews.find((v) => v.name === MAP_VIEW)!.titleKey;

// spatial.map (issue 15 "The map"): the layer tree, the map with every readable place of the
// ACTIVE layers (streamed in batches, progress shown), the legend and the places in view. On a
// phone the tree and lists go into a drawer and the map takes the screen.

const LAYERS_MAX = 500;

interface SearchReply {
  ids: string[];
}

export function MapScreen(_props: ViewProps) {
  const { t } = useTranslation();
  const { client, config, alerts } = useApp();
  const cell = useCell();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [layers, setLayers] = useState<string[] | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [view, setView] = useState<ViewBox | null>(null);
  const [drawer, setDrawer] = useState(false);

  useEffect(() => {
    // The view's own title (sent in the page's config with the module's titles).
    cell.setTitle(t(MAP_TITLE));
  }, [cell, t]);

  // The layers whose places the map draws: every ACTIVE layer the reader may read.
  useEffect(() => {
    let live = true;
    client
      .request<SearchReply>('search/ids', {
        must: { _t: ['SpatialCollection'], state: ['ACTIVE'] },
        max: LAYERS_MAX,
        sort: [{ key: 'label', order: 'asc' }],
      })
      .then((r) => live && setLayers(r.ids))
      .catch((e: unknown) => {
        alerts.error(e);
        if (live) setLayers([]);
      });
    return () => {
      live = false;
    };
  }, [client, alerts]);

  const request = useMemo(() => (layers && layers.length ? { relatedIDs: layers } : null), [layers]);
  const stream = useFeatureStream(request);
  const done = stream.done || (layers !== null && layers.length === 0);

  const open = useCallback((id: string) => cell.open(`i-${id}`), [cell]);
  const toggle = useCallback((collection: string, visible: boolean) => {
    setHidden((h) => {
      const s = new Set(h);
      if (visible) s.delete(collection);
      else s.add(collection);
      return s;
    });
  }, []);
  const b = config.defaultBounds;
  const bounds: ViewBox = [b[0] ?? -141, b[1] ?? 48, b[2] ?? -53, b[3] ?? 70];
  const [start] = useState(bounds);
  // Where the places are, once they are all in: the map moves there from the default bounds.
  const fitTo = useMemo(
    () => (done ? featuresBox(stream.features.values()) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [done],
  );

  const side = (
    <Box sx={{ width: phone ? 300 : '100%', overflowY: 'auto', height: '100%' }}>
      <LayerTree hidden={hidden} onToggle={toggle} onOpen={open} />
      <Legend features={stream.features} version={stream.version} />
      <PlacesList
        features={stream.features}
        hidden={hidden}
        view={view}
        version={stream.version}
        onOpen={open}
      />
    </Box>
  );

  return (
    <Box
      data-testid="spatial-map"
      data-loaded={stream.loaded}
      data-done={done ? 'true' : 'false'}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: phone ? 'calc(100dvh - 112px)' : 'calc(100dvh - 120px)',
        minHeight: 420,
      }}
    >
      <Box sx={{ px: 1, minHeight: 28, display: 'flex', alignItems: 'center', gap: 1 }}>
        {phone && (
          <Button size="small" startIcon={<LayersIcon />} onClick={() => setDrawer(true)}>
            {t('spatial.map.layers')}
          </Button>
        )}
        <Typography
          variant="caption"
          color="text.secondary"
          role="status"
          aria-live="polite"
          sx={{ flex: 1 }}
        >
          {done
            ? t('spatial.map.loaded', { count: stream.features.size })
            : t('spatial.map.loadingCount', { loaded: stream.loaded, total: stream.total })}
        </Typography>
      </Box>
      <LinearProgress
        variant={stream.total ? 'determinate' : 'indeterminate'}
        value={stream.total ? (100 * stream.loaded) / stream.total : 0}
        aria-label={t('spatial.map.progress')}
        sx={{ visibility: done ? 'hidden' : 'visible' }}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {!phone && (
          <Box component="aside" sx={{ width: 300, flex: 'none', borderRight: 1, borderColor: 'divider' }}>
            {side}
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <MapCanvas
            features={stream.features}
            version={stream.version}
            hidden={hidden}
            dark={dark}
            bounds={start}
            fitTo={fitTo}
            onOpen={open}
            onView={setView}
            label={t('spatial.map.canvas')}
          />
        </Box>
      </Box>
      {phone && (
        // Above the app bar, which otherwise covers the drawer's first rows on a phone.
        <Drawer
          anchor="left"
          open={drawer}
          onClose={() => setDrawer(false)}
          sx={{ zIndex: (th) => th.zIndex.modal }}
        >
          {side}
        </Drawer>
      )}
    </Box>
  );
}
