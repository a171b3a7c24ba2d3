// The import dialog's logic, kept out of the component so it is tested alone.

/** The Import kind a file's name suggests (the person may choose another). */
export function kindForFile(name: string): string {
  const ext = name.toLowerCase().replace(/^.*\./, '');
  const kinds: Record<string, string> = {
    geojson: 'GEOJSON',
    json: 'GEOJSON',
    kml: 'KML',
    kmz: 'KMZ',
    gpx: 'GPX',
    zip: 'SHAPEFILE',
    gpkg: 'GEOPACKAGE',
  };
  return kinds[ext] ?? 'GEOJSON';
}

export const IMPORT_ACCEPT = '.geojson,.json,.kml,.kmz,.gpx,.zip,.gpkg';

export interface LayerSummary {
  name: string;
  read: number;
  imported: number;
  skippedCount: number;
  skipped: { index: number; reason: string }[];
}

/** Skipped places grouped by reason, with their places numbered from 1 as a person counts. */
export function skipGroups(
  layer: LayerSummary,
  shown = 5,
): { reason: string; places: number[]; more: number }[] {
  const by = new Map<string, number[]>();
  for (const s of layer.skipped) {
    const list = by.get(s.reason) ?? [];
    list.push(s.index + 1);
    by.set(s.reason, list);
  }
  return [...by].map(([reason, all]) => ({
    reason,
    places: all.slice(0, shown),
    more: Math.max(0, all.length - shown),
  }));
}

/** The phase the task's percentage stands for (the server reads up to 50, writes after). */
export function importPhase(pct: number): 'reading' | 'writing' {
  return pct < 50 ? 'reading' : 'writing';
}
