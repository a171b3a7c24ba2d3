import { joinGeometries, readGeoJson, readGeometryText, type ReadResult } from './geometry-model';
import type { Geometry } from '../../../../kernel/geometry';

// A file chosen or dropped on the geometry editor: GeoJSON read here; KML and GPX through
// @tmcw/togeojson, loaded only when such a file comes; a zipped shapefile, KMZ or GeoPackage on
// the server by the GIS import's own readers (server/area/area-file-route.ts: the shapefile's
// .prj reprojected, every zip through the zip guard), which sends the shapes back as GeoJSON.
// Larger files belong to the GIS import.

/** Beyond this a file read here is a layer to import, not one shape to edit. */
export const MAX_FILE_BYTES = 5_000_000;
/** The server reads larger ones (area-file-route.ts AREA_FILE_MAX_BYTES): a zip or GeoPackage holds more than its shapes. */
export const MAX_SERVER_FILE_BYTES = 20 * 1024 * 1024;
export const AREA_FILE_PATH = '/api/spatial/area-file';

/** A file's problem in the server's words: an i18n key and its arguments. */
export interface FileProblem {
  key: string;
  params?: Record<string, string | number>;
}

/** A file's shape, with the systems the server reprojected it from (shown to the person). */
export type FileResult =
  | (ReadResult & { projections?: string[] })
  | { ok: false; problem: 'fileType' }
  | { ok: false; problem: 'file'; file: FileProblem };

export function fileKind(name: string): 'geojson' | 'kml' | 'gpx' | 'server' | null {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'geojson' || ext === 'json') return 'geojson';
  if (ext === 'kml' || ext === 'gpx') return ext;
  if (ext === 'zip' || ext === 'kmz' || ext === 'gpkg') return 'server';
  return null;
}

/** What the file chooser offers. */
export const FILE_ACCEPT =
  '.zip,.kml,.kmz,.gpkg,.geojson,.json,.gpx,application/geo+json,application/json,application/zip,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz';

const AREA = new Set(['Polygon', 'MultiPolygon']);

/**
 * A file's shapes as one value. A file of areas with a point or line beside them (a KML's pin
 * beside its boundary) gives its areas: kinds together cannot be one value, and the area is
 * what the file is for.
 */
export function fromFileGeoJson(v: unknown): ReadResult {
  const r = readGeoJson(v);
  if (r.ok || r.problem !== 'mixed') return r;
  const fc = v as { features?: { geometry?: Geometry | null }[] };
  const areas = (fc.features ?? [])
    .map((f) => f.geometry)
    .filter((g): g is Geometry => !!g && AREA.has(g.type));
  return areas.length ? joinGeometries(areas) : r;
}

async function readOnServer(file: File, token: string | null): Promise<FileResult> {
  let res: Response;
  try {
    res = await fetch(`${AREA_FILE_PATH}?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
    });
  } catch {
    return { ok: false, problem: 'file', file: { key: 'spatial.draw.problems.fileUnread' } };
  }
  const body = (await res.json().catch(() => null)) as {
    data?: { problem?: FileProblem; projections?: unknown };
  } | null;
  if (!res.ok)
    return {
      ok: false,
      problem: 'file',
      file: body?.data?.problem ?? { key: 'spatial.draw.problems.fileUnread' },
    };
  const r = fromFileGeoJson(body?.data);
  const projections = Array.isArray(body?.data?.projections)
    ? body.data.projections.filter((n): n is string => typeof n === 'string')
    : [];
  return r.ok && projections.length ? { ...r, projections } : r;
}

export async function readGeometryFile(file: File, token: string | null = null): Promise<FileResult> {
  const kind = fileKind(file.name);
  if (!kind) return { ok: false, problem: 'fileType' };
  const max = kind === 'server' ? MAX_SERVER_FILE_BYTES : MAX_FILE_BYTES;
  if (file.size > max)
    return {
      ok: false,
      problem: 'file',
      file: { key: 'spatial.draw.problems.tooLarge', params: { mb: Math.round(max / 1_000_000) } },
    };
  if (kind === 'server') return readOnServer(file, token);
  const text = await file.text();
  if (kind === 'geojson') return readGeometryText(text);
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  if (doc.getElementsByTagName('parsererror').length) return { ok: false, problem: 'notGeoJson' };
  const { kml, gpx } = await import('@tmcw/togeojson');
  return fromFileGeoJson(kind === 'kml' ? kml(doc) : gpx(doc));
}
