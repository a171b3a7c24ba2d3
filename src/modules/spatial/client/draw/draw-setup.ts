import type { Map as MapLibreMap } from 'maplibre-gl';
import type { GeoJSONStoreFeatures } from 'terra-draw';
import type { Geometry } from '../../../../kernel/geometry';
import { partsOf } from './geometry-model';

// terra-draw on a MapLibre map: the modes the editor offers, their colours, and the store's
// features read back as shapes. Loaded with the editor only (its own chunk, with MapLibre).

export const DRAW_MODES = ['point', 'linestring', 'polygon', 'select'] as const;
export type DrawMode = (typeof DRAW_MODES)[number];

const SHAPE_MODE: Record<string, DrawMode> = { Point: 'point', LineString: 'linestring', Polygon: 'polygon' };

/** Guidance features (vertices, midpoints, closing points) are not shapes of the value. */
const GUIDES = ['selectionPoint', 'midPoint', 'closingPoint', 'snappingPoint', 'coordinatePoint'];

export function shapesOf(features: readonly GeoJSONStoreFeatures[]): Geometry[] {
  return features
    .filter((f) => !f.properties.currentlyDrawing && !GUIDES.some((g) => f.properties[g]))
    .filter((f) => Object.hasOwn(SHAPE_MODE, f.geometry.type))
    .map((f) => ({ type: f.geometry.type, coordinates: f.geometry.coordinates }) as Geometry);
}

/** terra-draw keeps at most 9 decimals; finer than a millimetre means nothing here. */
function round(c: unknown): unknown {
  return Array.isArray(c) ? c.map(round) : typeof c === 'number' ? Math.round(c * 1e9) / 1e9 : c;
}

/** A value's parts as terra-draw features, each in the mode that draws its kind. */
export function featuresOf(g: Geometry | null): GeoJSONStoreFeatures[] {
  if (!g) return [];
  return partsOf(g).map(
    (p) =>
      ({
        type: 'Feature',
        geometry: { type: p.type, coordinates: round(p.coordinates) },
        properties: { mode: SHAPE_MODE[p.type]! },
      }) as GeoJSONStoreFeatures,
  );
}

/** The editor's drawing, with the theme's colours. */
export async function startDraw(map: MapLibreMap, colour: `#${string}`) {
  const [td, { TerraDrawMapLibreGLAdapter }] = await Promise.all([
    import('terra-draw'),
    import('terra-draw-maplibre-gl-adapter'),
  ]);
  const edit = { draggable: true, deletable: true, midpoints: true };
  const draw = new td.TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [
      new td.TerraDrawPointMode({ editable: true, styles: { pointColor: colour, pointWidth: 7 } }),
      new td.TerraDrawLineStringMode({
        editable: true,
        styles: { lineStringColor: colour, lineStringWidth: 3 },
      }),
      new td.TerraDrawPolygonMode({
        editable: true,
        styles: { fillColor: colour, fillOpacity: 0.25, outlineColor: colour, outlineWidth: 2 },
      }),
      new td.TerraDrawSelectMode({
        flags: {
          point: { feature: { draggable: true } },
          linestring: { feature: { draggable: true, coordinates: edit } },
          polygon: { feature: { draggable: true, coordinates: edit } },
        },
      }),
    ],
    undoRedo: { modeLevel: new td.TerraDrawModeUndoRedo() },
  });
  draw.start();
  return draw;
}
