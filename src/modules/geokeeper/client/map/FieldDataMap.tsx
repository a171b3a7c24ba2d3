import { Alert, Box, Button, LinearProgress, List, ListItem, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { GeoJSONSource, Map as MlMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasemap, useCell } from '../../../../client/module-api';
import { boxOf, kindOf, toGeoJSON } from './map-features';
import { loadMapLibre } from './maplibre';
import {
  backgroundColour,
  NO_WORK_ITEM_COLOUR,
  outlineColour,
  referenceColour,
  workItemColour,
} from './palette';
import { useFieldDataStream } from './useFieldDataStream';

// A program's field data on a map (docs/geokeeper.md "The map"): records and trips in their work
// item's colour, work items' own places as wide pale rings, references as hollow rings. It draws
// on the app's basemap (useBasemap: the spatial module's, shipped with the app and served by our
// own server), or a plain background without it. A click on a marker, or on a record in the list under
// the map (the keyboard's and screen reader's way in), opens the record in the next cell.

const SOURCE = 'gkp';
const CLICKABLE = ['gkp-record-point', 'gkp-record-line', 'gkp-ref', 'gkp-work', 'gkp-area'];
const LIST_MAX = 200;

function addLayers(map: MlMap, dark: boolean) {
  const outline = outlineColour(dark);
  const ref = referenceColour(dark);
  map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  const geom = (types: string[]) => ['match', ['geometry-type'], types, true, false];
  const kind = (k: string) => ['==', ['get', 'kind'], k];
  const both = (a: unknown, b: unknown) => ['all', a, b] as never;
  const area = geom(['Polygon', 'MultiPolygon']);
  const line = geom(['LineString', 'MultiLineString']);
  const point = geom(['Point', 'MultiPoint']);
  map.addLayer({
    id: 'gkp-area',
    type: 'fill',
    source: SOURCE,
    filter: area as never,
    paint: { 'fill-color': ['case', kind('ref'), ref, ['get', 'colour']] as never, 'fill-opacity': 0.18 },
  });
  map.addLayer({
    id: 'gkp-area-outline',
    type: 'line',
    source: SOURCE,
    filter: area as never,
    paint: { 'line-color': ['case', kind('ref'), ref, ['get', 'colour']] as never, 'line-width': 2 },
  });
  map.addLayer({
    id: 'gkp-work',
    type: 'circle',
    source: SOURCE,
    filter: both(point, kind('work')),
    paint: {
      'circle-radius': 16,
      'circle-color': ['get', 'colour'],
      'circle-opacity': 0.16,
      'circle-stroke-color': ['get', 'colour'],
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: 'gkp-ref',
    type: 'circle',
    source: SOURCE,
    filter: both(point, kind('ref')),
    paint: { 'circle-radius': 9, 'circle-opacity': 0, 'circle-stroke-color': ref, 'circle-stroke-width': 3 },
  });
  map.addLayer({
    id: 'gkp-record-casing',
    type: 'line',
    source: SOURCE,
    filter: both(line, ['!=', ['get', 'kind'], 'ref']),
    paint: { 'line-color': outline, 'line-width': 6 },
    layout: { 'line-cap': 'round', 'line-join': 'round' },
  });
  map.addLayer({
    id: 'gkp-record-line',
    type: 'line',
    source: SOURCE,
    filter: both(line, ['!=', ['get', 'kind'], 'ref']),
    paint: { 'line-color': ['get', 'colour'], 'line-width': 3.5 },
    layout: { 'line-cap': 'round', 'line-join': 'round' },
  });
  map.addLayer({
    id: 'gkp-record-point',
    type: 'circle',
    source: SOURCE,
    filter: both(point, kind('record')),
    paint: {
      'circle-radius': 7,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': outline,
      'circle-stroke-width': 2,
    },
  });
}

/** A legend's or list's marker: a filled disc, a hollow ring (a reference), or a pale ring (a work item's place). */
function Swatch({ colour, ring, pale }: { colour: string; ring?: boolean; pale?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: '50%',
        flex: 'none',
        bgcolor: pale ? `${colour}33` : ring ? 'transparent' : colour,
        border: ring || pale ? `${pale ? 2 : 3}px solid ${colour}` : 2,
        borderColor: ring || pale ? colour : 'text.primary',
      }}
    />
  );
}

export function FieldDataMap({ program }: { program: string }) {
  const { t } = useTranslation();
  const cell = useCell();
  const dark = useTheme().palette.mode === 'dark';
  const stream = useFieldDataStream(program);
  // The app's one basemap (the spatial module's); without that half, the plain background.
  const basemap = useBasemap();
  const basemapRef = useRef(basemap);
  basemapRef.current = basemap;
  const box = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MlMap | null>(null);
  const [failed, setFailed] = useState(false);
  const open = (id: string) => cell.open(`i-${id}`);
  const opener = useRef(open);
  opener.current = open;

  // One map per theme: a dark switch rebuilds it on the other background.
  useEffect(() => {
    let made: MlMap | null = null;
    let gone = false;
    void loadMapLibre()
      .then(async (ml) => {
        const plain = {
          version: 8 as const,
          sources: {},
          layers: [
            {
              id: 'background',
              type: 'background' as const,
              paint: { 'background-color': backgroundColour(dark) },
            },
          ],
        };
        const style = basemapRef.current
          ? await basemapRef.current.style(ml, dark).catch(() => plain)
          : plain;
        if (gone || !box.current) return;
        const m = new ml.Map({
          container: box.current,
          style,
          center: [-120.74, 56.2],
          zoom: 12,
          attributionControl: { compact: true },
          canvasContextAttributes: { preserveDrawingBuffer: true },
        });
        made = m;
        // A style URL out of reach (an office offline) gives way to the built-in basemap.
        basemapRef.current?.keepDrawing(m, dark);
        m.addControl(new ml.NavigationControl({ showCompass: false }), 'top-right');
        m.on('load', () => {
          if (gone) return;
          addLayers(m, dark);
          setMap(m);
        });
        // The topmost thing under the pointer opens (a record over its trip's line).
        m.on('click', (e) => {
          const top = m.queryRenderedFeatures(e.point, { layers: CLICKABLE })[0];
          const fid = top?.properties?.id;
          if (typeof fid === 'string') opener.current(fid);
        });
        for (const id of CLICKABLE) {
          m.on('mouseenter', id, () => (m.getCanvas().style.cursor = 'pointer'));
          m.on('mouseleave', id, () => (m.getCanvas().style.cursor = ''));
        }
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      setMap(null);
      made?.remove();
    };
  }, [dark]);

  useEffect(() => {
    const src = map?.getSource(SOURCE) as GeoJSONSource | undefined;
    void src?.setData(toGeoJSON(stream.features) as never);
  }, [map, stream.features, stream.version]);

  // Once every batch is in, the map fits what it drew.
  const fitted = useRef(false);
  useEffect(() => {
    if (!map || !stream.done || fitted.current) return;
    const b = boxOf(stream.features);
    if (!b) return;
    fitted.current = true;
    map.fitBounds(b, { padding: 48, maxZoom: 15, animate: false });
  }, [map, stream.done, stream.features, stream.version]);

  const records = useMemo(
    () =>
      [...stream.features]
        .filter(([, f]) => kindOf(f) === 'record')
        .sort((a, b) => a[1].label.localeCompare(b[1].label)),
    // The map is mutated in place; its version says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stream.features, stream.version],
  );
  const works = Object.entries(stream.workItems).sort((a, b) => a[1].localeCompare(b[1]));
  const anyLoose = records.some(([, f]) => !f.workItem);
  const anyRef = [...stream.features.values()].some((f) => f.t === 'GeoKeeperReference');
  const anyWork = [...stream.features.values()].some((f) => f.t === 'GeoKeeperWorkItem');

  return (
    <Box
      data-testid="geokeeper-map"
      data-count={stream.features.size}
      data-done={stream.done ? 'true' : 'false'}
    >
      {!stream.done && (
        <>
          <Typography variant="body2" role="status">
            {t('geokeeper.map.loading', { loaded: stream.loaded, total: stream.total })}
          </Typography>
          <LinearProgress
            variant={stream.total ? 'determinate' : 'indeterminate'}
            value={stream.total ? (100 * stream.loaded) / stream.total : 0}
          />
        </>
      )}
      <Box sx={{ position: 'relative', height: { xs: 300, md: 420 }, borderRadius: 1, overflow: 'hidden' }}>
        <Box
          ref={box}
          role="region"
          aria-label={t('geokeeper.map.canvas')}
          data-testid="geokeeper-map-canvas"
          data-ready={map ? 'true' : 'false'}
          sx={{ width: '100%', height: '100%' }}
        />
        {failed && (
          <Alert severity="warning" sx={{ position: 'absolute', top: 8, left: 8, right: 8 }}>
            {t('geokeeper.map.noWebgl')}
          </Alert>
        )}
      </Box>
      {stream.done && (
        <Typography variant="body2" role="status" sx={{ mt: 1 }}>
          {stream.features.size
            ? t('geokeeper.map.count', { count: stream.features.size })
            : t('geokeeper.map.none')}
        </Typography>
      )}
      <Box
        component="section"
        aria-label={t('geokeeper.map.legend')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1, alignItems: 'center' }}
      >
        <Typography variant="subtitle2" component="h3">
          {t('geokeeper.map.byWorkItem')}
        </Typography>
        {works.map(([id, label]) => (
          <Box
            key={id}
            sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}
            data-testid="geokeeper-legend-item"
          >
            <Swatch colour={workItemColour(id)} />
            <Typography variant="body2">{label}</Typography>
          </Box>
        ))}
        {anyLoose && (
          <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}>
            <Swatch colour={NO_WORK_ITEM_COLOUR} />
            <Typography variant="body2">{t('geokeeper.map.noWorkItem')}</Typography>
          </Box>
        )}
        {anyWork && (
          <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}>
            <Swatch colour={workItemColour(works[0]?.[0])} pale />
            <Typography variant="body2">{t('geokeeper.map.workItemPlace')}</Typography>
          </Box>
        )}
        {anyRef && (
          <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}>
            <Swatch colour={referenceColour(dark)} ring />
            <Typography variant="body2">{t('geokeeper.map.reference')}</Typography>
          </Box>
        )}
      </Box>
      {records.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
            {t('geokeeper.map.listed')}
          </Typography>
          <List dense disablePadding aria-label={t('geokeeper.map.listed')}>
            {records.slice(0, LIST_MAX).map(([id, f]) => (
              <ListItem key={id} disablePadding>
                <Button
                  size="small"
                  onClick={() => open(id)}
                  startIcon={<Swatch colour={workItemColour(f.workItem)} />}
                  sx={{ textTransform: 'none', justifyContent: 'flex-start', minHeight: 40 }}
                >
                  {f.label}
                </Button>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
