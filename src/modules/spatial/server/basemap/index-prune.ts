import type { GeoJSONVT } from '@maplibre/geojson-vt';

// geojson-vt keeps every tile it drills down to, and its `source` features to drill further, and
// has no way to let them go: a basemap asked for tile after tile grows without end. Its first
// pass (the pyramid to indexMaxZoom, made when the index is built) is what every deeper tile is
// cut from again, so the index is brought back to it: the drilled tiles dropped, each first-pass
// tile given back the source that drilling took from it. This reads the index's insides
// (@maplibre/geojson-vt 6: tileIndex.tiles, tileIndex.tileCoords); where they are not there,
// `prunable` says so and the caller builds the index again instead.

interface InternalTile {
  source: unknown;
}

interface Inside {
  tiles: Record<string, InternalTile>;
  tileCoords: unknown[];
}

export interface Prunable {
  /** Tiles the index holds now. */
  size(): number;
  /** Drops every tile drilled since the index was built. */
  prune(): void;
}

function insideOf(index: GeoJSONVT): Inside | null {
  const inside = (index as unknown as { tileIndex?: Partial<Inside> }).tileIndex;
  if (!inside || typeof inside.tiles !== 'object' || !inside.tiles || !Array.isArray(inside.tileCoords))
    return null;
  return inside as Inside;
}

/** The index's way back to its first pass, taken right after it is built; null when unknown. */
export function prunable(index: GeoJSONVT): Prunable | null {
  const inside = insideOf(index);
  if (!inside) return null;
  const first = new Map(Object.entries(inside.tiles).map(([id, t]) => [id, t.source]));
  const coords = [...inside.tileCoords];
  return {
    size: () => Object.keys(inside.tiles).length,
    prune() {
      for (const id of Object.keys(inside.tiles)) {
        if (first.has(id)) inside.tiles[id]!.source = first.get(id);
        else delete inside.tiles[id];
      }
      inside.tileCoords = [...coords];
    },
  };
}
