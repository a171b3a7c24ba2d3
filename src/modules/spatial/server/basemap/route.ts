import { createReadStream, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AppError, requestPrincipal, type Services } from '../../../../server/module-api';

// The local PMTiles basemap (config map.pmtiles, MAP_PMTILES_FILE): the archive served with HTTP
// range requests, which is how the pmtiles library reads it (a header, a directory, then each
// tile: never the whole file). Only to someone signed in: the server is a community's, and its
// basemap is not a public tile service. The client registers the `pmtiles` protocol with
// MapLibre (client/common/basemap.ts) and points it here.

export const BASEMAP_PATH = '/api/spatial/basemap.pmtiles';

/** The one byte range of a `Range: bytes=a-b` header (also `a-` and `-n`); null: the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'bad' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad'; // several ranges, or none
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'bad';
  return { start, end };
}

export function basemapRoutes(app: FastifyInstance, s: Services) {
  app.get(BASEMAP_PATH, async (req, reply) => {
    // A bad or expired token is "not signed in" here: the map falls back to its plain background.
    const signedIn = await requestPrincipal(s, req).then(
      (p) => p.userId !== null,
      () => false,
    );
    if (!signedIn)
      return reply.code(401).send({ data: new AppError('identFailed', 'sign in first').toBody() });
    const file = s.config.mapPmtilesFile;
    let size: number;
    let mtime: number;
    try {
      if (!file) throw new Error('none');
      const st = statSync(file);
      size = st.size;
      mtime = st.mtimeMs;
    } catch {
      return reply.code(404).send({ data: new AppError('notFound', 'no basemap file').toBody() });
    }
    // The pmtiles library checks that every range came from the same file by its ETag.
    const etag = `"${size.toString(36)}-${Math.floor(mtime).toString(36)}"`;
    reply
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('content-type', 'application/octet-stream')
      .header('cache-control', 'private, max-age=3600');
    const range = parseRange(req.headers.range, size);
    if (range === 'bad') return reply.code(416).header('content-range', `bytes */${size}`).send();
    if (!range) return reply.header('content-length', size).send(createReadStream(file!));
    const { start, end } = range;
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(createReadStream(file!, { start, end }));
  });
}
