import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { Geometry } from '../../../../kernel/geometry';
import type { SearchQuery } from '../../../../protocol/query';
import {
  AppError,
  type AsyncAction,
  type AsyncActionContext,
  type Principal,
  type Services,
  TaskError,
  type WireItem,
  writeShapefileZip,
} from '../../../../server/module-api';
import type { SpatialExportFormat } from '../../contract-io';
import { writeGeoPackage } from './formats/gpkg-write';
import { KML_HEAD, KML_TAIL, kmlPlacemark } from './formats/kml-write';

// exportFeatures (async, issue 15 "Export"): the features a search finds, as a GIS file, run as
// the person who asked. Only what search returns to them is written (search applies the read
// rule in SQL; each page is read again through readMany, which has the last word), so a PRIVATE
// site they may not read leaves no id, name, attribute or coordinate in the file.
// GeoJSON and KML stream to the file; a shapefile and a GeoPackage are built in memory.

const PAGE = 200;
/** The most features one export writes; more is queryTooBroad at the start. */
export const GIS_EXPORT_MAX = 100_000;

const FILES: Record<SpatialExportFormat, string> = {
  GEOJSON: 'features.geojson',
  KML: 'features.kml',
  SHAPEFILE: 'features-shapefile.zip',
  GEOPACKAGE: 'features.gpkg',
};

interface ExportBody {
  query: SearchQuery;
  format: SpatialExportFormat;
}

/** The geometry properties of a type (the first one is exported). */
function geometryProps(s: Services, type: string): string[] {
  return Object.entries(s.registry.type(type)?.properties ?? {})
    .filter(([, p]) => p.kind === 'geometry')
    .map(([k]) => k);
}

function askedTypes(q: SearchQuery): string[] {
  return (q.must?._t ?? []).filter((t): t is string => typeof t === 'string');
}

export interface OutFeature {
  geometry: Geometry;
  properties: Record<string, unknown>;
}

/** A feature's columns: its name, type and description, then its imported attributes (which win). */
export function exportProperties(item: WireItem, label: string): Record<string, unknown> {
  const base: Record<string, unknown> = { name: label };
  for (const k of ['spatialType', 'description', 'accuracy'])
    if (item[k] !== undefined && item[k] !== null && item[k] !== '') base[k] = item[k];
  const attrs = item.attributes;
  return attrs && typeof attrs === 'object' && !Array.isArray(attrs) ? { ...base, ...attrs } : base;
}

/** The readable features of the query, page by page, as the principal. */
async function* readableFeatures(
  ctx: AsyncActionContext,
  q: SearchQuery,
  total: number,
): AsyncGenerator<OutFeature> {
  const { services: s, principal: p, signal } = ctx;
  let seen = 0;
  for (let offset = 0; offset < total; offset += PAGE) {
    if (signal.aborted) throw new TaskError('cancelled', 'killed');
    const page = await s.search.search(p, { ...q, max: PAGE, offset, facets: [], labels: true });
    if (!page.ids.length) break;
    const read = await s.items.readMany(p, page.ids);
    for (const id of page.ids) {
      const item = read[id] as WireItem | undefined;
      if (!item || !('$id' in item)) continue;
      const prop = geometryProps(s, item._t)[0];
      const g = prop ? (item[prop] as Geometry | undefined) : undefined;
      if (!g || typeof g !== 'object') continue;
      yield { geometry: g, properties: exportProperties(item, page.labels[id] ?? String(item.label ?? id)) };
    }
    seen += page.ids.length;
    await ctx.progress((seen / Math.max(1, total)) * 95);
  }
}

async function run(ctx: AsyncActionContext) {
  const { services: s, principal: p } = ctx;
  const body = ctx.body as unknown as ExportBody;
  const q = body.query;
  const first = await s.search.search(p, { ...q, max: 1, facets: [], labels: false });
  if (first.total > GIS_EXPORT_MAX)
    throw new TaskError('queryTooBroad', `${first.total} features; at most ${GIS_EXPORT_MAX}`);
  const name = FILES[body.format];
  const file = ctx.resultPath(name);
  mkdirSync(path.dirname(file), { recursive: true });
  const features = readableFeatures(ctx, q, first.total);
  if (body.format === 'GEOJSON' || body.format === 'KML') {
    const out = createWriteStream(file, { encoding: 'utf8' });
    const put = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    try {
      if (body.format === 'GEOJSON') {
        await put('{"type":"FeatureCollection","features":[\n');
        let n = 0;
        for await (const f of features)
          await put(
            `${n++ ? ',\n' : ''}${JSON.stringify({ type: 'Feature', geometry: f.geometry, properties: f.properties })}`,
          );
        await put('\n]}\n');
      } else {
        await put(KML_HEAD('features'));
        for await (const f of features)
          await put(kmlPlacemark(String(f.properties.name ?? ''), f.properties, f.geometry));
        await put(KML_TAIL);
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
  } else {
    const all: OutFeature[] = [];
    for await (const f of features) all.push(f);
    const bytes =
      body.format === 'SHAPEFILE'
        ? writeShapefileZip('features', all)
        : await writeGeoPackage('features', all);
    writeFileSync(file, bytes);
  }
  return { resultURI: ctx.resultURI(name) };
}

export const exportFeatures: AsyncAction = {
  /** The query is checked as search/ids checks it, and must be over types with a geometry. */
  validate(body, s: Services, _p: Principal) {
    const q = (body as unknown as ExportBody).query;
    s.search.validate(q);
    const types = askedTypes(q);
    if (!types.length || types.some((t) => !geometryProps(s, t).length))
      throw new AppError('invalidInput', 'query: must._t, types with a geometry property');
  },
  run,
};
