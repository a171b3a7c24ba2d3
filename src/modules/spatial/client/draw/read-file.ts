import { readGeoJson, readGeometryText, type ReadResult } from './geometry-model';

// A file chosen or dropped on the geometry editor: GeoJSON read here; KML and GPX through
// @tmcw/togeojson, loaded only when such a file comes. Larger files belong to the GIS import.

/** Beyond this a file is a layer to import, not one shape to edit. */
export const MAX_FILE_BYTES = 5_000_000;

export type FileResult = ReadResult | { ok: false; problem: 'tooLarge' | 'fileType' };

export function fileKind(name: string): 'geojson' | 'kml' | 'gpx' | null {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'geojson' || ext === 'json') return 'geojson';
  if (ext === 'kml' || ext === 'gpx') return ext;
  return null;
}

export async function readGeometryFile(file: File): Promise<FileResult> {
  const kind = fileKind(file.name);
  if (!kind) return { ok: false, problem: 'fileType' };
  if (file.size > MAX_FILE_BYTES) return { ok: false, problem: 'tooLarge' };
  const text = await file.text();
  if (kind === 'geojson') return readGeometryText(text);
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  if (doc.getElementsByTagName('parsererror').length) return { ok: false, problem: 'notGeoJson' };
  const { kml, gpx } = await import('@tmcw/togeojson');
  return readGeoJson(kind === 'kml' ? kml(doc) : gpx(doc));
}
