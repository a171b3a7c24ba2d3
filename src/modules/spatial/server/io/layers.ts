import { TaskError } from '../../../../server/module-api';

// What every GIS reader yields, whatever the format: layers of raw features (a geometry still to
// be checked, the source attributes), read one at a time so a big file is never held as objects.

export interface RawFeature {
  geometry: unknown;
  properties: Record<string, unknown> | null;
}

export interface SourceLayer {
  /** The layer's name in the file (a shapefile's base name, a KML document's, a GeoPackage table). */
  name: string;
  features: AsyncIterable<RawFeature> | Iterable<RawFeature>;
  /**
   * Where the reader reprojected from: the source system's name ("NAD83 / UTM zone 14N"); null
   * when the file could have said and did not (a shapefile without its .prj, taken as longitude
   * and latitude); absent when the format is always longitude and latitude (KML, GPX, GeoJSON).
   */
  projection?: string | null;
}

/** The file being read: where it is on this machine, its name as uploaded, its size. */
export interface SourceFile {
  path: string;
  name: string;
  size: number;
  /** Bytes read so far (0–size), for the readers that stream; the others report by feature. */
  onBytes?(read: number): void;
}

/** Larger files than this are refused by the readers that need the whole file in memory. */
export const WHOLE_FILE_MAX_BYTES = 200 * 1024 * 1024;

/**
 * A broken file: `errors.spatialIo.{key}` naming the file and its part ("roads.zip: roads.dbf is
 * missing"). The task fails with it and nothing of the import is kept.
 */
export function fileError(key: string, file: string, part: string, detail?: string): TaskError {
  // The whole file is the broken part (a KML, a GPX): a message that names it once.
  const whole = part === file && ['badXml', 'badZip', 'badPart'].includes(key);
  return new TaskError(
    `spatialIo.${key}${whole ? 'Whole' : ''}`,
    `${file}: ${part}${detail ? ` (${detail})` : ''}`,
    {
      file,
      part,
    },
  );
}
