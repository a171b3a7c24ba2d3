import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { AppError, requestPrincipal, type Services } from '../../../../server/module-api';
import { basemapTile, validTile } from './tiles';

// The built-in basemap's tiles (tiles.ts), to someone signed in only, as the PMTiles route: the
// server is a community's, not a public tile service. Gzipped as made (nearly every browser asks
// for gzip), with an ETag, so a revisit costs a 304; private, as the reply depends on a sign-in.

/** The tiles' URL; the client's style (client/common/builtin-style.ts) uses the same template. */
export const BASEMAP_TILES_PATH = '/api/spatial/basemap/tiles';

export function basemapTileRoutes(app: FastifyInstance, s: Services) {
  app.get<{ Params: { z: string; x: string; y: string } }>(
    `${BASEMAP_TILES_PATH}/:z/:x/:y`,
    async (req, reply) => {
      const signedIn = await requestPrincipal(s, req).then(
        (p) => p.userId !== null,
        () => false,
      );
      if (!signedIn)
        return reply.code(401).send({ data: new AppError('identFailed', 'sign in first').toBody() });
      const z = Number(req.params.z);
      const x = Number(req.params.x);
      const y = Number(/^(\d+)(\.pbf)?$/.exec(req.params.y)?.[1] ?? NaN);
      if (!validTile(z, x, y))
        return reply.code(404).send({ data: new AppError('notFound', 'no such tile').toBody() });
      const tile = basemapTile(z, x, y);
      reply
        .header('etag', tile.etag)
        .header('cache-control', 'private, max-age=86400')
        .header('vary', 'accept-encoding')
        .header('content-type', 'application/vnd.mapbox-vector-tile');
      const seen = req.headers['if-none-match'];
      if (seen && seen.split(',').some((t) => t.trim() === tile.etag)) return reply.code(304).send();
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? ''))
        return reply.header('content-encoding', 'gzip').send(tile.gz);
      return reply.send(gunzipSync(tile.gz));
    },
  );
}
