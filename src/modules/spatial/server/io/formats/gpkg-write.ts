import type { Geometry } from '../../../../../kernel/geometry';
import wkx from 'wkx';
import { GPKG_APPLICATION_ID, GPKG_SRS_ROWS, GPKG_USER_VERSION, loadSqlJs } from './gpkg';

// A GeoPackage of one features table (WGS 84) through sql.js: attributes become columns (REAL
// for numbers, TEXT for the rest; objects as JSON), the geometry a GeoPackage binary (header with
// its envelope, then little-endian WKB). sql.js builds the database in memory (export limit).

export interface GpkgFeature {
  geometry: Geometry;
  properties: Record<string, unknown>;
}

export function toGpkgBlob(g: Geometry): Uint8Array {
  const wkb = wkx.Geometry.parseGeoJSON(g).toWkb();
  const [minX, minY, maxX, maxY] = envelope(g);
  const head = Buffer.alloc(8 + 32);
  head.write('GP', 0, 'latin1');
  head[2] = 0; // version 1
  head[3] = 0b0000_0011; // little-endian header, envelope [minx, maxx, miny, maxy]
  head.writeInt32LE(4326, 4);
  head.writeDoubleLE(minX, 8);
  head.writeDoubleLE(maxX, 16);
  head.writeDoubleLE(minY, 24);
  head.writeDoubleLE(maxY, 32);
  return Buffer.concat([head, wkb]);
}

function envelope(g: Geometry): [number, number, number, number] {
  const b = [Infinity, Infinity, -Infinity, -Infinity] as [number, number, number, number];
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      b[0] = Math.min(b[0], c[0]);
      b[1] = Math.min(b[1], c[1] as number);
      b[2] = Math.max(b[2], c[0]);
      b[3] = Math.max(b[3], c[1] as number);
    } else if (Array.isArray(c)) c.forEach(walk);
  };
  walk(g.coordinates);
  return b;
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

export async function writeGeoPackage(table: string, features: GpkgFeature[]): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    const columns = new Map<string, 'REAL' | 'TEXT'>();
    for (const f of features)
      for (const [k, v] of Object.entries(f.properties)) {
        if (k.toLowerCase() === 'fid' || k.toLowerCase() === 'geom' || v === null || v === undefined)
          continue;
        const t = typeof v === 'number' ? 'REAL' : 'TEXT';
        if (!columns.has(k)) columns.set(k, t);
        else if (columns.get(k) !== t) columns.set(k, 'TEXT');
      }
    const cols = [...columns];
    db.run(`PRAGMA application_id = ${GPKG_APPLICATION_ID}; PRAGMA user_version = ${GPKG_USER_VERSION};`);
    db.run(`CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY,
      organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
      CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL,
      identifier TEXT UNIQUE, description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
      min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER);
      CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
      geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
      CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name));`);
    for (const r of GPKG_SRS_ROWS) db.run('INSERT INTO gpkg_spatial_ref_sys VALUES (?,?,?,?,?,?)', [...r]);
    db.run(
      `CREATE TABLE ${quote(table)} (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom GEOMETRY${cols
        .map(([k, t]) => `, ${quote(k)} ${t}`)
        .join('')})`,
    );
    const box = features.reduce<[number, number, number, number]>(
      (b, f) => {
        const e = envelope(f.geometry);
        return [Math.min(b[0], e[0]), Math.min(b[1], e[1]), Math.max(b[2], e[2]), Math.max(b[3], e[3])];
      },
      [180, 90, -180, -90],
    );
    db.run(
      'INSERT INTO gpkg_contents (table_name, data_type, identifier, min_x, min_y, max_x, max_y, srs_id) VALUES (?,?,?,?,?,?,?,4326)',
      [table, 'features', table, ...box],
    );
    db.run("INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', 'GEOMETRY', 4326, 0, 0)", [table]);
    const stmt = db.prepare(
      `INSERT INTO ${quote(table)} (geom${cols.map(([k]) => `, ${quote(k)}`).join('')}) VALUES (?${cols.map(() => ', ?').join('')})`,
    );
    db.run('BEGIN');
    for (const f of features) {
      stmt.run([
        toGpkgBlob(f.geometry),
        ...cols.map(([k, t]) => {
          const v = f.properties[k];
          if (v === null || v === undefined) return null;
          if (t === 'REAL') return v as number;
          return typeof v === 'object' ? JSON.stringify(v) : String(v);
        }),
      ]);
    }
    db.run('COMMIT');
    stmt.free();
    return db.export();
  } finally {
    db.close();
  }
}
