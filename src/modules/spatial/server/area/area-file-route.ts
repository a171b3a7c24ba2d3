import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError, requestPrincipal, TaskError, type Services } from '../../../../server/module-api';
import type { SourceLayer } from '../io/layers';
import { READERS } from '../io/readers';
import { skipReason } from '../io/import-task';

// A GIS file dropped on the drawing map (issue 37): a zipped shapefile, KML, KMZ, GeoPackage,
// GPX or GeoJSON, read by the GIS import's own readers (a shapefile reprojected from its .prj,
// every zip through zip-guard.ts), and sent back as GeoJSON for the editor to take as the shape.
// Nothing is kept: the file is read from a scratch folder that is removed before the reply.

export const AREA_FILE_PATH = '/api/spatial/area-file';

/** A file to draw one shape from, not a layer to import: larger ones go through the GIS import. */
export const AREA_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Features sent back at most: a project area is a few shapes; more is a layer for the import. */
export const AREA_FILE_MAX_FEATURES = 500;

/** The reader of a file by its name's ending (the Import kinds of readers.ts). */
export function areaFileKind(name: string): keyof typeof READERS | null {
  const ext = name.toLowerCase().split('.').pop();
  const kinds: Record<string, keyof typeof READERS> = {
    zip: 'SHAPEFILE',
    kml: 'KML',
    kmz: 'KMZ',
    gpkg: 'GEOPACKAGE',
    gpx: 'GPX',
    geojson: 'GEOJSON',
    json: 'GEOJSON',
  };
  return (ext && kinds[ext]) || null;
}

/**
 * A refusal in the protocol's error body, with `problem`: the message for the person (an i18n
 * key of the editor's, or the GIS import's errors.spatialIo.* naming the file and its part).
 */
const refuse = (
  code: number,
  key: 'identFailed' | 'invalidInput',
  msg: string,
  problem?: { key: string; params?: Record<string, string | number> },
) => ({ code, body: { data: { ...new AppError(key, msg).toBody(), ...(problem ? { problem } : {}) } } });

const FILE_TYPE = { key: 'spatial.draw.problems.fileType' };

/**
 * Why a file's shapes are off the globe: a shapefile without its .prj (the usual case: the .prj
 * was left out of the zip, and the coordinates are a projection's metres), or a file whose
 * system could not be taken as longitude and latitude.
 */
function notLonLatProblem(layers: SourceLayer[]) {
  const noPrj = layers.find((l) => l.projection === null);
  return noPrj
    ? { key: 'spatial.draw.problems.noProjection', params: { part: `${noPrj.name}.prj` } }
    : { key: 'spatial.draw.problems.notLonLat' };
}

export function areaFileRoutes(app: FastifyInstance, s: Services) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: AREA_FILE_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.post<{ Querystring: { name?: string } }>(
      AREA_FILE_PATH,
      { bodyLimit: AREA_FILE_MAX_BYTES },
      async (req, reply) => {
        const signedIn = await requestPrincipal(s, req).then(
          (p) => p.userId !== null,
          () => false,
        );
        const send = (r: ReturnType<typeof refuse>) => reply.code(r.code).send(r.body);
        if (!signedIn) return send(refuse(401, 'identFailed', 'sign in first'));
        const name = path.basename(String(req.query.name ?? '')).slice(0, 200);
        const kind = areaFileKind(name);
        if (!kind) return send(refuse(400, 'invalidInput', 'not a GIS file', FILE_TYPE));
        const body = req.body;
        if (!Buffer.isBuffer(body) || !body.length)
          return send(refuse(400, 'invalidInput', 'no file', FILE_TYPE));
        const dir = await mkdtemp(path.join(os.tmpdir(), 'ckk-area-'));
        let layers: (SourceLayer[] & { close?(): void | Promise<void> }) | null = null;
        try {
          const file = path.join(dir, `source${path.extname(name)}`);
          await writeFile(file, body);
          layers = await READERS[kind]!({ path: file, name, size: body.length });
          const features: GeoJSON.Feature[] = [];
          let skipped = 0;
          // Shapes whose coordinates are not longitude and latitude, by the layer they are in.
          const notLonLat = new Set<SourceLayer>();
          for (const layer of layers)
            for await (const f of layer.features) {
              const why = skipReason(f);
              if (why) {
                skipped++;
                if (why === 'geometry.range') notLonLat.add(layer);
                continue;
              }
              if (features.length >= AREA_FILE_MAX_FEATURES)
                return send(
                  refuse(400, 'invalidInput', 'too many features', {
                    key: 'spatial.draw.problems.fileTooMany',
                    params: { max: AREA_FILE_MAX_FEATURES },
                  }),
                );
              features.push({
                type: 'Feature',
                properties: { layer: layer.name },
                geometry: f.geometry as GeoJSON.Geometry,
              });
            }
          // Nothing could be placed because the numbers are metres or feet, not degrees: say why,
          // and what fixes it, rather than "no shape in it".
          if (!features.length && notLonLat.size)
            return send(refuse(400, 'invalidInput', 'not lon/lat', notLonLatProblem([...notLonLat])));
          // The systems the file was reprojected from, to show the person (issue 38).
          const projections = [...new Set(layers.map((l) => l.projection).filter((n): n is string => !!n))];
          return reply.send({ data: { type: 'FeatureCollection', features, skipped, projections } });
        } catch (e) {
          // A broken file names itself in the GIS import's words (errors.spatialIo.*).
          if (e instanceof TaskError)
            return send(
              refuse(400, 'invalidInput', e.message, {
                key: `errors.${e.errorKey}`,
                params: { ...e.params },
              }),
            );
          throw e;
        } finally {
          await layers?.close?.();
          await rm(dir, { recursive: true, force: true });
        }
      },
    );
  });
}
