import { Box, Typography, useTheme } from '@mui/material';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../../../client/module-api';
import type { Geometry } from '../../../../kernel/geometry';
import { fallBackOnError, resolveBasemap } from '../common/basemap';
import { BUILTIN_ATTRIBUTION } from '../common/builtin-style';
import { loadMapLibre } from '../common/maplibre';
import { outlineColour, toGeoJSON } from '../map/map-model';
import { featuresOf, shapesOf, startDraw, type DrawMode } from './draw-setup';
import { joinGeometries, viewBox } from './geometry-model';
import type { Territory } from './territory';

type Draw = Awaited<ReturnType<typeof startDraw>>;

export interface GeometryMapProps {
  value: Geometry | null;
  /** Read-only: the shape drawn, nothing to click. */
  editable: boolean;
  mode: DrawMode;
  label: string;
  height: number;
  /** The drawn shapes after each finished change (editable only). */
  onShapes?(shapes: Geometry[]): void;
  onSelect?(selected: boolean): void;
  /** Gives the parent the drawing's commands (delete the selected shape, undo a vertex). */
  onReady?(cmd: DrawCommands): void;
  /** The map could not start (no WebGL): the editor still has paste and files. */
  onFail?(): void;
  /**
   * The community's own places, drawn under the shape in their spatial.map colours; with no
   * value, the map opens on them (territory.ts). Shown while `showTerritory`.
   */
  territory?: Territory | null;
  showTerritory?: boolean;
}

export interface DrawCommands {
  deleteSelected(): void;
  undo(): void;
}

const SRC = 'geometry';
const TERRITORY = 'territory';
const TERRITORY_LAYERS = ['territory-fill', 'territory-line', 'territory-point'];

/** The community's places under the drawing: quiet fills, their outlines, small dots. */
function addTerritoryLayers(m: MapLibreMap, dark: boolean) {
  m.addSource(TERRITORY, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  const colour = ['get', 'colour'] as never;
  m.addLayer({
    id: 'territory-fill',
    type: 'fill',
    source: TERRITORY,
    filter: ['==', '$type', 'Polygon'],
    paint: { 'fill-color': colour, 'fill-opacity': 0.18 },
  });
  m.addLayer({
    id: 'territory-line',
    type: 'line',
    source: TERRITORY,
    filter: ['!=', '$type', 'Point'],
    paint: { 'line-color': colour, 'line-width': 1.5, 'line-opacity': 0.8 },
  });
  m.addLayer({
    id: 'territory-point',
    type: 'circle',
    source: TERRITORY,
    filter: ['==', '$type', 'Point'],
    paint: {
      'circle-color': colour,
      'circle-radius': 4,
      'circle-stroke-color': outlineColour(dark),
      'circle-stroke-width': 1,
    },
  });
}

/** A small MapLibre map of one geometry: drawn with terra-draw when editable, as layers when not. */
export default function GeometryMap(p: GeometryMapProps) {
  const { config } = useApp();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const draw = useRef<Draw | null>(null);
  // Set while the value is drawn in from outside: the drawing's own delete events are not a person's.
  const syncing = useRef(false);
  const props = useRef(p);
  props.current = p;
  const [ready, setReady] = useState(false);
  const colour = theme.palette.primary.main as `#${string}`;

  useEffect(() => {
    let live = true;
    void loadMapLibre()
      .then(async (ml) => {
        const style = await resolveBasemap(ml, config.map, dark);
        if (!live || !box.current) return;
        const [w, s, e, n] = config.defaultBounds;
        const m = new ml.Map({
          container: box.current,
          style,
          bounds: [w!, s!, e!, n!],
          interactive: props.current.editable,
          // A map to read is an image (role img): a control inside it would be a button nested in
          // an image (axe: nested-interactive), so its credit is a line of text under it.
          attributionControl: props.current.editable ? { compact: true } : false,
          // Tiles out of reach must not stop the shape from showing (an office offline).
          fadeDuration: 0,
        });
        map.current = m;
        fallBackOnError(m, dark);
        const canvas = m.getCanvas();
        if (props.current.editable) canvas.setAttribute('aria-label', props.current.label);
        else {
          canvas.setAttribute('aria-hidden', 'true');
          canvas.removeAttribute('tabindex');
        }
        await new Promise<void>((ok) => m.once('load', () => ok()));
        if (!live) return;
        // Under the drawing's own layers, which terra-draw adds next.
        addTerritoryLayers(m, dark);
        if (props.current.editable) {
          const d = await startDraw(m, colour);
          if (!live) return d.stop();
          draw.current = d;
          d.on('finish', () => props.current.onShapes?.(shapesOf(d.getSnapshot())));
          d.on('change', (_ids, type) => {
            if (type === 'delete' && !syncing.current) props.current.onShapes?.(shapesOf(d.getSnapshot()));
          });
          d.on('select', () => props.current.onSelect?.(true));
          d.on('deselect', () => props.current.onSelect?.(false));
          props.current.onReady?.({
            deleteSelected() {
              const sel = d.getSnapshot().find((f) => f.properties.selected);
              if (sel?.id !== undefined) {
                d.removeFeatures([sel.id]);
                props.current.onSelect?.(false);
                props.current.onShapes?.(shapesOf(d.getSnapshot()));
              }
            },
            undo() {
              if (d.canUndo()) d.undo();
            },
          });
        } else {
          m.addSource(SRC, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
          m.addLayer({
            id: 'geometry-fill',
            type: 'fill',
            source: SRC,
            filter: ['==', '$type', 'Polygon'],
            paint: { 'fill-color': colour, 'fill-opacity': 0.25 },
          });
          m.addLayer({
            id: 'geometry-line',
            type: 'line',
            source: SRC,
            filter: ['!=', '$type', 'Point'],
            paint: { 'line-color': colour, 'line-width': 2 },
          });
          m.addLayer({
            id: 'geometry-point',
            type: 'circle',
            source: SRC,
            filter: ['==', '$type', 'Point'],
            paint: {
              'circle-color': colour,
              'circle-radius': 6,
              'circle-stroke-color': '#fff',
              'circle-stroke-width': 2,
            },
          });
        }
        setReady(true);
      })
      .catch(() => props.current.onFail?.());
    return () => {
      live = false;
      draw.current?.stop();
      draw.current = null;
      map.current?.remove();
      map.current = null;
    };
    // The map is made once; the value, mode and theme are followed by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The value: drawn (unless the drawing gave it) and the view fitted to it.
  const json = p.value ? JSON.stringify(p.value) : '';
  useEffect(() => {
    const m = map.current;
    if (!ready || !m) return;
    if (draw.current) {
      // The value the drawing just gave comes back: drawn already, and the view stays put.
      const drawn = joinGeometries(shapesOf(draw.current.getSnapshot()));
      if (drawn.ok ? JSON.stringify(drawn.geometry) === json : !json) return;
      syncing.current = true;
      try {
        draw.current.clear();
        if (p.value) draw.current.addFeatures(featuresOf(p.value));
      } finally {
        syncing.current = false;
      }
    } else {
      const src = m.getSource(SRC) as { setData(d: unknown): void } | undefined;
      src?.setData(
        p.value
          ? { type: 'Feature', properties: {}, geometry: p.value }
          : { type: 'FeatureCollection', features: [] },
      );
    }
    if (p.value) {
      const [w, s, e, n] = viewBox(p.value);
      m.fitBounds([w, s, e, n], { padding: 24, maxZoom: 15, animate: false });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, json]);

  useEffect(() => {
    if (ready && draw.current) draw.current.setMode(p.mode);
  }, [ready, p.mode]);

  // The community's places: drawn when read; with nothing drawn yet, the map opens on them.
  const fitted = useRef(false);
  useEffect(() => {
    const m = map.current;
    const tr = p.territory;
    if (!ready || !m || !tr) return;
    const src = m.getSource(TERRITORY) as { setData(d: unknown): void } | undefined;
    src?.setData(toGeoJSON(tr.features, new Set()));
    if (tr.box && !props.current.value && !fitted.current) {
      fitted.current = true;
      m.fitBounds(tr.box, { padding: 24, maxZoom: 12, animate: false });
    }
  }, [ready, p.territory]);

  useEffect(() => {
    const m = map.current;
    if (!ready || !m) return;
    for (const id of TERRITORY_LAYERS)
      if (m.getLayer(id)) m.setLayoutProperty(id, 'visibility', p.showTerritory ? 'visible' : 'none');
  }, [ready, p.showTerritory]);

  // The canvas says what is drawn now (its label holds the summary).
  useEffect(() => {
    if (ready && p.editable) map.current?.getCanvas().setAttribute('aria-label', p.label);
  }, [ready, p.editable, p.label]);

  const canvas = (
    <Box
      ref={box}
      role={p.editable ? undefined : 'img'}
      aria-label={p.editable ? undefined : p.label}
      data-geometry-map={ready ? 'ready' : 'loading'}
      data-territory={p.territory ? p.territory.features.size : undefined}
      sx={{
        height: p.height,
        width: '100%',
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: dark ? '#1e2226' : '#eef1ec',
        '& canvas': { outline: 'none' },
        '& canvas:focus-visible': { outline: `2px solid ${colour}`, outlineOffset: -2 },
      }}
    />
  );
  if (p.editable || config.map?.styleUrl || config.map?.pmtiles) return canvas;
  return (
    <Box>
      {canvas}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {BUILTIN_ATTRIBUTION}
      </Typography>
    </Box>
  );
}
