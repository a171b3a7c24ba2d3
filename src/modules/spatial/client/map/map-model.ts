import type { MapFeature } from '../../contract-map';

// The map's pure parts (unit tested in test/map-model.test.ts): marker sizes, colours by spatial
// type, the layer tree's pages and its loaders, the features as GeoJSON for MapLibre.

/** Children per branch of the layer tree before "Show more" (spec §9). */
export const TREE_PAGE = 25;

/** Marker radius in pixels: a larger circle for a less accurate point (spec §9), clamped. */
export const MARKER_MIN = 5;
export const MARKER_MAX = 22;
export function markerRadius(accuracy: number | undefined | null): number {
  if (accuracy === undefined || accuracy === null || !Number.isFinite(accuracy) || accuracy <= 0)
    return MARKER_MIN + 1;
  // Logarithmic: 10 m and 1 km must both read as points, the second clearly vaguer.
  const r = MARKER_MIN + 2.4 * Math.log2(1 + accuracy / 10);
  return Math.round(Math.min(MARKER_MAX, Math.max(MARKER_MIN, r)) * 10) / 10;
}

// Colours readable on both plain backgrounds (#eef1ec light, #1e2226 dark): mid lightness, a
// white or near-black outline from the theme separates them from the ground.
const PALETTE = ['#d9534f', '#2e86de', '#28a06b', '#b07cc6', '#e08e0b', '#16a2b8', '#c2185b', '#7c8a2e'];
const KNOWN: Record<string, string> = {
  TRADITIONAL_USE: '#e08e0b',
  TRAPLINE: '#b07cc6',
  HARVESTING: '#28a06b',
  BURIAL: '#d9534f',
  SACRED: '#c2185b',
  CABIN: '#8d6e63',
  WATER: '#2e86de',
};

/** A spatial type's colour: the demo's known types by name, any other by a stable hash. */
export function typeColour(type: string | null | undefined): string {
  if (!type) return '#607d8b';
  if (KNOWN[type]) return KNOWN[type];
  let h = 0;
  for (const ch of type) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

/** The outline of markers and shapes, against the theme's plain background. */
export const outlineColour = (dark: boolean) => (dark ? '#0b0d0f' : '#ffffff');

export interface GeoFeature {
  type: 'Feature';
  id: number;
  geometry: unknown;
  properties: { id: string; label: string; colour: string; r: number; collection: string };
}

/** The features as one GeoJSON collection; MapLibre wants numeric feature ids, so `id` is a property. */
export function toGeoJSON(features: ReadonlyMap<string, MapFeature>, hidden: ReadonlySet<string>) {
  const out: GeoFeature[] = [];
  let n = 0;
  for (const [id, f] of features) {
    if (f.collection && hidden.has(f.collection)) continue;
    out.push({
      type: 'Feature',
      id: ++n,
      geometry: f.geometry,
      properties: {
        id,
        label: f.label,
        colour: typeColour(f.spatialType),
        r: markerRadius(f.accuracy),
        collection: f.collection ?? '',
      },
    });
  }
  return { type: 'FeatureCollection' as const, features: out };
}

type BBox = [number, number, number, number];

/** The box around a geometry's positions (null for none). */
export function geometryBox(g: unknown): BBox | null {
  let box: BBox | null = null;
  const walk = (c: unknown): void => {
    if (!Array.isArray(c)) return;
    if (typeof c[0] === 'number' && typeof c[1] === 'number') {
      const [x, y] = c as [number, number];
      box = box
        ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)]
        : [x, y, x, y];
      return;
    }
    for (const x of c) walk(x);
  };
  walk((g as { coordinates?: unknown } | null)?.coordinates);
  return box;
}

/** Whether a feature shows inside the view's box (its own box overlaps it). */
export function inView(f: MapFeature, view: BBox): boolean {
  const b = geometryBox(f.geometry);
  return !!b && b[0] <= view[2] && b[2] >= view[0] && b[1] <= view[3] && b[3] >= view[1];
}

/** The box around all features, for "fit to the places". */
export function featuresBox(features: Iterable<MapFeature>): BBox | null {
  let out: BBox | null = null;
  for (const f of features) {
    const b = geometryBox(f.geometry);
    if (!b) continue;
    out = out
      ? [Math.min(out[0], b[0]), Math.min(out[1], b[1]), Math.max(out[2], b[2]), Math.max(out[3], b[3])]
      : b;
  }
  return out;
}

// ---- the layer tree: nodes, pages and the loaders by node type ----

export interface TreeNode {
  id: string;
  /** The node's type: 'root', or an item type (SpatialCollection, SpatialFeature…). */
  type: string;
  label: string;
  /** A node with children to load when opened. */
  branch: boolean;
}

export interface TreePage {
  nodes: TreeNode[];
  /** How many children the branch has in all (readable ones). */
  total: number;
}

/** Loads one page of a branch's children. */
export type ChildLoader = (node: TreeNode, offset: number) => Promise<TreePage>;

/** Spec §8: "A map loader with no registered child loader throws an error." */
export class MapLoaderError extends Error {
  override name = 'MapLoaderError';
  constructor(readonly nodeType: string) {
    super(`The map has no child loader for ${nodeType} nodes.`);
  }
}

/** The loaders of the layer tree, by node type. */
export class LoaderRegistry {
  private readonly loaders = new Map<string, ChildLoader>();

  register(type: string, loader: ChildLoader): this {
    if (this.loaders.has(type)) throw new Error(`A map child loader for ${type} is already registered.`);
    this.loaders.set(type, loader);
    return this;
  }

  /** The children of a node, one page; an unknown node type throws MapLoaderError. */
  load(node: TreeNode, offset = 0): Promise<TreePage> {
    const loader = this.loaders.get(node.type);
    if (!loader) throw new MapLoaderError(node.type);
    return loader(node, offset);
  }
}

/** The search of a branch's page: the ACTIVE layers, or a layer's ACTIVE places, by name. */
export function branchQuery(node: TreeNode, offset: number) {
  const must =
    node.type === 'root'
      ? { _t: ['SpatialCollection'], state: ['ACTIVE'] }
      : { _t: ['SpatialFeature', 'Feature'], collection: [node.id] };
  return {
    must,
    ...(node.type === 'root' ? {} : { mustNot: { state: ['DRAFT', 'ARCHIVED'] } }),
    sort: [{ key: 'label', order: 'asc' as const }],
    max: TREE_PAGE,
    offset,
    labels: true,
  };
}

/** Appends a page to what a branch shows; "Show more" is offered while some are left. */
export function appendPage(shown: readonly TreeNode[], page: TreePage) {
  const seen = new Set(shown.map((n) => n.id));
  const nodes = [...shown, ...page.nodes.filter((n) => !seen.has(n.id))];
  return { nodes, more: nodes.length < page.total };
}
