import { readFile } from 'node:fs/promises';
import proj4 from 'proj4';
import type { Database } from 'sql.js';
import wkx from 'wkx';
import { TaskError } from '../../../../../server/module-api';
import {
  fileError,
  type RawFeature,
  type SourceFile,
  type SourceLayer,
  WHOLE_FILE_MAX_BYTES,
} from '../layers';
import { loadSqlJs } from './gpkg';
import { projectionName } from './projection-name';

// GeoPackage (OGC 12-128r18) through sql.js: each features table of gpkg_contents is a layer;
// its geometry column (gpkg_geometry_columns) holds the GeoPackage binary header, then WKB.
// Coordinates in another SRS are reprojected to WGS 84 with the SRS's WKT definition. sql.js
// holds the database in memory: the file is read whole, up to WHOLE_FILE_MAX_BYTES.

/**
 * sql.js runs SQLite on the event loop, and one step of a view can run without end (a recursive
 * CTE, a join of a table with itself a few times): nothing can cut a step short, since sql.js
 * offers no progress handler. So only plain tables are read, never a view or a virtual table
 * (issue 36), the GeoPackage tables this reader asks included: a plain table's step is one row.
 * GeoPackage layers are tables in every program that writes them; a view is refused with
 * spatialIo.gpkgView naming it.
 */
function plainTables(db: Database): Set<string> {
  const out = new Set<string>();
  for (const [name, sql] of rows(db, `select name, sql from sqlite_master where type = 'table'`))
    if (!/^\s*create\s+virtual\b/i.test(String(sql ?? ''))) out.add(String(name));
  return out;
}

const GPKG_TABLES = ['gpkg_contents', 'gpkg_geometry_columns', 'gpkg_spatial_ref_sys'];

/**
 * Rows read from one layer at most: 5 million points is more than any layer a person maps, and a
 * file past it is cut with spatialIo.tooBig, not read until the disk of the scratch file fills.
 */
export const GPKG_MAX_ROWS = 5_000_000;

export async function readGeoPackage(src: SourceFile): Promise<SourceLayer[]> {
  if (src.size > WHOLE_FILE_MAX_BYTES)
    throw fileError('tooBig', src.name, src.name, `${src.size} bytes; at most ${WHOLE_FILE_MAX_BYTES}`);
  const bytes = await readFile(src.path);
  if (bytes.subarray(0, 16).toString('latin1') !== 'SQLite format 3\0')
    throw fileError('badPart', src.name, src.name, 'not an SQLite database');
  const SQL = await loadSqlJs();
  let db: Database;
  let tables: { table: string; name: string; column: string; srs: number }[];
  try {
    db = new SQL.Database(bytes);
    const plain = plainTables(db);
    const notPlain = GPKG_TABLES.find((t) => !plain.has(t));
    if (notPlain) throw fileError('gpkgView', src.name, notPlain);
    tables = rows(
      db,
      `select c.table_name, coalesce(c.identifier, c.table_name), g.column_name, g.srs_id
       from gpkg_contents c join gpkg_geometry_columns g on g.table_name = c.table_name
       where c.data_type = 'features' order by c.table_name`,
    ).map(([table, name, column, srs]) => ({
      table: String(table),
      name: String(name),
      column: String(column),
      srs: Number(srs),
    }));
  } catch (e) {
    if (e instanceof TaskError) throw e;
    throw fileError('badPart', src.name, 'gpkg_contents', (e as Error).message);
  }
  if (!tables.length) throw fileError('noLayers', src.name, 'gpkg_contents');
  const plain = plainTables(db);
  const view = tables.find((t) => !plain.has(t.table));
  if (view) throw fileError('gpkgView', src.name, view.table);
  const layers = tables.map((t) => ({
    name: t.name,
    features: features(src, db, t),
    projection: sourceSystemName(db, t.srs),
  }));
  return layers;
}

function rows(db: Database, sql: string, params: (string | number)[] = []): unknown[][] {
  const res = db.exec(sql, params);
  return res[0]?.values ?? [];
}

/** The name of a table's system when it is not longitude and latitude (for the person, not the reading). */
function sourceSystemName(db: Database, srs: number): string | undefined {
  if (srs === 4326 || srs === 0 || srs === -1) return undefined;
  const [row] = rows(
    db,
    'select srs_name, definition, organization, organization_coordsys_id from gpkg_spatial_ref_sys where srs_id = ?',
    [srs],
  );
  const name = typeof row?.[0] === 'string' && row[0].trim() ? row[0].trim() : null;
  return (
    name ??
    projectionName(String(row?.[1] ?? '')) ??
    `${String(row?.[2] ?? 'srs')}:${String(row?.[3] ?? srs)}`
  );
}

function projectionOf(src: SourceFile, db: Database, srs: number, table: string) {
  if (srs === 4326 || srs === 0 || srs === -1) return null;
  const [def] = rows(
    db,
    'select definition, organization, organization_coordsys_id from gpkg_spatial_ref_sys where srs_id = ?',
    [srs],
  );
  try {
    return proj4(String(def?.[0] ?? ''), 'WGS84');
  } catch {
    throw fileError('badProjection', src.name, `${table} (srs ${srs})`);
  }
}

function* features(
  src: SourceFile,
  db: Database,
  t: { table: string; column: string; srs: number },
): Generator<RawFeature> {
  const project = projectionOf(src, db, t.srs, t.table);
  const quoted = `"${t.table.replace(/"/g, '""')}"`;
  let stmt;
  try {
    stmt = db.prepare(`select * from ${quoted}`);
  } catch (e) {
    throw fileError('badPart', src.name, t.table, (e as Error).message);
  }
  let n = 0;
  try {
    while (stmt.step()) {
      if (++n > GPKG_MAX_ROWS)
        throw fileError('tooBig', src.name, t.table, `more than ${GPKG_MAX_ROWS} rows in ${t.table}`);
      const row = stmt.getAsObject();
      const blob = row[t.column];
      const properties: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row))
        if (k !== t.column && k !== 'fid' && !(v instanceof Uint8Array)) properties[k] = v;
      let geometry: unknown = null;
      if (blob instanceof Uint8Array) {
        try {
          geometry = fromGpkgBlob(blob);
          if (project && geometry) geometry = reproject(geometry as Geo, (p) => project.forward(p));
        } catch {
          geometry = { type: 'Unreadable' };
        }
      }
      yield { geometry, properties };
    }
  } finally {
    stmt.free();
  }
}

type Geo = { type: string; coordinates: unknown };

/** The GeoPackage binary: "GP", version, flags (byte order, envelope kind, empty), srs id, envelope, WKB. */
export function fromGpkgBlob(b: Uint8Array): Geo | null {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (buf[0] !== 0x47 || buf[1] !== 0x50) throw new Error('no GP header');
  const flags = buf[3]!;
  if (flags & 0x10) return null; // empty geometry
  const envelope = [0, 32, 48, 48, 64][(flags >> 1) & 0x07];
  if (envelope === undefined) throw new Error('bad envelope');
  const g = wkx.Geometry.parse(buf.subarray(8 + envelope)).toGeoJSON() as Geo;
  return g;
}

function reproject(g: Geo, f: (p: number[]) => number[]): Geo {
  const walk = (c: unknown): unknown =>
    Array.isArray(c) && typeof c[0] === 'number' ? f(c as number[]) : (c as unknown[]).map(walk);
  return { type: g.type, coordinates: walk(g.coordinates) };
}
