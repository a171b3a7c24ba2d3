import { describe, expect, it } from 'vitest';
import {
  basemapMemory,
  basemapTile,
  TILE_CACHE_MAX,
  TILE_CACHE_MAX_BYTES,
  TILES_CUT_MAX,
} from '../server/basemap/tiles';

// The built-in basemap's tiles are cut on one node for every community (tiles.ts): asked for tile
// after tile (a person panning a territory at every zoom, a crawler), its memory must stop
// growing. The made tiles are a least-recently-used cache; geojson-vt's indexes are built again
// after TILES_CUT_MAX tiles (measured before: heap 109 MB → 316 MB after 40,000 tiles).

/** Distinct tiles at zooms 8–10 over western Canada, in a fixed order. */
function* tiles(): Generator<[number, number, number]> {
  for (const z of [8, 9, 10]) {
    const n = 2 ** z;
    const x0 = Math.floor(((-130 + 180) / 360) * n);
    const x1 = Math.floor(((-60 + 180) / 360) * n);
    for (let y = Math.floor(n * 0.28); y <= Math.floor(n * 0.36); y++)
      for (let x = x0; x <= x1; x++) yield [z, x, y];
  }
}

describe('the basemap in memory', () => {
  it('keeps at most TILE_CACHE_MAX tiles, the least recently used going first, and its indexes bounded', () => {
    // A tile of the demo territory at the deepest zoom, cut first.
    const home: [number, number, number] = [10, 180, 297];
    const first = basemapTile(...home);
    const k = 50;
    const all = [...tiles()].filter(([z, x, y]) => `${z}/${x}/${y}` !== home.join('/'));
    expect(all.length).toBeGreaterThan(TILE_CACHE_MAX + TILES_CUT_MAX + 2 * k);
    let peak = 0;
    let seen = 0;
    const cut = (n: number) => {
      for (let i = 0; i < n; i++) {
        basemapTile(...all[seen++]!);
        peak = Math.max(peak, basemapMemory().cutSinceBuild);
      }
    };
    // Used again half-way: the newest, so it outlives the tiles made before its last use.
    cut(TILE_CACHE_MAX / 2);
    expect(basemapTile(...home)).toBe(first);
    cut(TILE_CACHE_MAX / 2 + k);
    expect(basemapTile(...home)).toBe(first);
    const m = basemapMemory();
    expect(m.tiles).toBeLessThanOrEqual(TILE_CACHE_MAX);
    expect(m.bytes).toBeLessThanOrEqual(TILE_CACHE_MAX_BYTES);

    // Past TILES_CUT_MAX tiles cut, the indexes are built afresh: what they drilled to is gone.
    cut(TILES_CUT_MAX);
    const after = basemapMemory();
    expect(after.tiles).toBeLessThanOrEqual(TILE_CACHE_MAX);
    expect(peak).toBe(TILES_CUT_MAX);
    expect(after.cutSinceBuild).toBeLessThan(TILES_CUT_MAX);

    // A tile cut again from the new indexes is the same tile, and so is one zoomed out (the
    // reset of the old indexes' insides had made those all land).
    const again = basemapTile(...home);
    expect(again).not.toBe(first);
    expect(again.etag).toBe(first.etag);
    expect(again.gz.equals(first.gz)).toBe(true);
  }, 120_000);

  it('cuts the zoomed-out tiles the same after the indexes are built again', () => {
    const out: [number, number, number][] = [
      [3, 1, 2],
      [2, 0, 1],
      [1, 0, 0],
      [0, 0, 0],
    ];
    const before = out.map((t) => basemapTile(...t).etag);
    for (const t of tiles()) {
      basemapTile(...t);
      if (basemapMemory().cutSinceBuild === 0) break;
    }
    // Made anew (the cache keeps them, so ask for ones dropped from it: cut enough to push them out).
    let n = 0;
    for (const t of tiles()) if (n++ < TILE_CACHE_MAX + 10) basemapTile(...t);
    expect(out.map((t) => basemapTile(...t).etag)).toEqual(before);
  }, 120_000);
});
