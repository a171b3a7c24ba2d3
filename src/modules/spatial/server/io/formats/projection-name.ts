// The name a projection's WKT gives itself ("NAD83 / UTM zone 14N"), to tell a person which
// system their file was read from (issue 38: a projected shapefile is read and its projection
// shown). WKT 1 (PROJCS, GEOGCS) and WKT 2 (PROJCRS, GEOGCRS, GEODCRS) both open with the name.

const NAMED = /^\s*(?:PROJCS|GEOGCS|PROJCRS|GEOGCRS|GEODCRS)\s*\[\s*"([^"]{1,200})"/i;

/** The projection's own name, its underscores as spaces (ESRI writes "NAD_1983_UTM_Zone_14N"). */
export function projectionName(wkt: string): string | null {
  const m = NAMED.exec(wkt);
  return m ? m[1]!.replace(/_/g, ' ').trim() || null : null;
}
