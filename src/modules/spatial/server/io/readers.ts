import { readGeoJson } from './formats/geojson-read';
import { readGeoPackage } from './formats/gpkg-read';
import { readShapefileZip } from './formats/shapefile-read';
import { readGpx, readKml, readKmz } from './formats/xml-read';
import type { SourceFile, SourceLayer } from './layers';

/** The reader of each Import kind (SPATIAL_IMPORT_KINDS). */
export const READERS: Record<string, (src: SourceFile) => Promise<SourceLayer[]> | SourceLayer[]> = {
  GEOJSON: readGeoJson,
  KML: readKml,
  KMZ: readKmz,
  GPX: readGpx,
  SHAPEFILE: readShapefileZip,
  GEOPACKAGE: readGeoPackage,
};
