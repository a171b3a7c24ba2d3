import { Alert, Box } from '@mui/material';
import type { GeoJSONSource, Map as MlMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../../../client/module-api';
import type { MapFeature } from '../../contract-map';
import { fallBackOnError, resolveBasemap } from '../common/basemap';
import { loadMapLibre } from '../common/maplibre';
import { outlineColour, toGeoJSON } from './map-model';

// The MapLibre canvas: one GeoJSON source of the streamed features, drawn as filled areas, lines
// and circles sized by accuracy. It needs no tiles: with none reachable the plain background
// stays and every feature is still drawn.

export type ViewBox = [number, number, number, number];

export interface MapCanvasProps {
  features: ReadonlyMap<string, MapFeature>;
  /** Bumped when `features` changed (the map is mutated in place). */
  version: number;
  hidden: ReadonlySet<string>;
  dark: boolean;
  /** Where to look first: [west, south, east, north]. */
  bounds: ViewBox;
  /** Once the places are loaded: the box to fit them in (the map moves there once). */
  fitTo: ViewBox | null;
  onOpen(id: string): void;
  onView(box: ViewBox): void;
  /** A label for the canvas (screen readers are pointed to the places list). */
  label: string;
}

const SOURCE = 'spl';

function addLayers(map: MlMap, dark: boolean) {
  const outline = outlineColour(dark);
  map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  const polygon = ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false];
  const line = ['match', ['geometry-type'], ['LineString', 'MultiLineString'], true, false];
  const point = ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false];
  map.addLayer({
    id: 'spl-fill',
    type: 'fill',
    source: SOURCE,
    filter: polygon as never,
    paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': dark ? 0.4 : 0.3 },
  });
  map.addLayer({
    id: 'spl-outline',
    type: 'line',
    source: SOURCE,
    filter: polygon as never,
    paint: { 'line-color': ['get', 'colour'], 'line-width': 2 },
  });
  map.addLayer({
    id: 'spl-line-casing',
    type: 'line',
    source: SOURCE,
    filter: line as never,
    paint: { 'line-color': outline, 'line-width': 6 },
    layout: { 'line-cap': 'round', 'line-join': 'round' },
  });
  map.addLayer({
    id: 'spl-line',
    type: 'line',
    source: SOURCE,
    filter: line as never,
    paint: { 'line-color': ['get', 'colour'], 'line-width': 3.5 },
    layout: { 'line-cap': 'round', 'line-join': 'round' },
  });
  map.addLayer({
    id: 'spl-point',
    type: 'circle',
    source: SOURCE,
    filter: point as never,
    paint: {
      'circle-color': ['get', 'colour'],
      'circle-radius': ['get', 'r'],
      'circle-opacity': 0.85,
      'circle-stroke-color': outline,
      'circle-stroke-width': 2,
    },
  });
}

const CLICKABLE = ['spl-point', 'spl-line', 'spl-fill'];

export function MapCanvas(props: MapCanvasProps) {
  const { t } = useTranslation();
  const { config } = useApp();
  const box = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MlMap | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef(props);
  latest.current = props;
  // The last view: a map rebuilt for the other theme opens where the person was looking.
  const view = useRef<[number, number, number, number] | null>(null);

  // The map is made once per theme: a dark switch rebuilds it with the other plain style.
  useEffect(() => {
    let made: MlMap | null = null;
    let gone = false;
    void loadMapLibre()
      .then(async (ml) => {
        const style = await resolveBasemap(ml, config.map, latest.current.dark);
        if (gone || !box.current) return;
        const p = latest.current;
        made = new ml.Map({
          container: box.current,
          style,
          bounds: view.current ?? p.bounds,
          fitBoundsOptions: { padding: view.current ? 0 : 24 },
          attributionControl: { compact: true },
          // Screenshots and tests read the canvas back.
          canvasContextAttributes: { preserveDrawingBuffer: true },
        });
        made.addControl(new ml.NavigationControl({ showCompass: false }), 'top-right');
        const m = made;
        // A style URL that cannot be reached (an office offline) must not leave the features
        // undrawn: the map falls back to the built-in basemap once, and draws on it.
        fallBackOnError(m, p.dark);
        m.on('style.load', () => {
          if (gone || m.getSource(SOURCE)) return;
          addLayers(m, p.dark);
          setMap(m);
        });
        const report = () => {
          const b = m.getBounds();
          view.current = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
          latest.current.onView(view.current);
        };
        m.on('moveend', report);
        m.on('load', report);
        for (const id of CLICKABLE) {
          m.on('click', id, (e) => {
            const f = e.features?.[0];
            const fid = f?.properties?.id;
            if (typeof fid === 'string') latest.current.onOpen(fid);
          });
          m.on('mouseenter', id, () => (m.getCanvas().style.cursor = 'pointer'));
          m.on('mouseleave', id, () => (m.getCanvas().style.cursor = ''));
        }
      })
      .catch((e: unknown) => setFailed(e instanceof Error ? e.message : String(e)));
    return () => {
      gone = true;
      setMap(null);
      made?.remove();
    };
  }, [config.map, props.dark]);

  useEffect(() => {
    const src = map?.getSource(SOURCE) as GeoJSONSource | undefined;
    void src?.setData(toGeoJSON(props.features, props.hidden) as never);
  }, [map, props.features, props.version, props.hidden]);

  const fitted = useRef(false);
  useEffect(() => {
    if (!map || !props.fitTo || fitted.current) return;
    fitted.current = true;
    map.fitBounds(props.fitTo, { padding: 48, maxZoom: 13, animate: false });
  }, [map, props.fitTo]);

  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', minHeight: 320 }}>
      <Box
        ref={box}
        role="region"
        aria-label={props.label}
        data-testid="spatial-map-canvas"
        data-ready={map ? 'true' : 'false'}
        // Not absolute: MapLibre's own class makes its container position: relative.
        sx={{ width: '100%', height: '100%' }}
      />
      {failed && (
        <Alert severity="warning" sx={{ position: 'absolute', top: 8, left: 8, right: 8 }}>
          {t('spatial.map.noWebgl')}
        </Alert>
      )}
    </Box>
  );
}
