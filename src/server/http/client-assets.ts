import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from '../../kernel/registry';
import type { ServerConfig } from '../config';
import { clientConfig, renderPage, scriptJson } from './client-config';
import { appIcon, ICON_PATH, MANIFEST_PATH, precacheList, serviceWorker, webManifest } from './offline-app';

const PLACEHOLDER = '<!--ckk-config-->';

/** dist/client, found from the source tree (src/server/http) or the bundle (dist/server). */
export function clientDir(): string {
  // CKK_CLIENT_DIR points at another build (parallel test runs build into their own folders).
  if (process.env.CKK_CLIENT_DIR) return path.resolve(process.env.CKK_CLIENT_DIR);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const up =
    here.includes(`${path.sep}dist${path.sep}`) || here.endsWith(`${path.sep}dist${path.sep}server`)
      ? '..'
      : '../../..';
  return path.resolve(here, up, here.includes(`${path.sep}dist`) ? 'client' : 'dist/client');
}

/** The app page: the built client's index.html with the config element, or a plain page before a build. */
export function appPage(cfg: ServerConfig, registry: Registry, dir = clientDir()): string {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return renderPage(cfg, registry);
  const html = readFileSync(index, 'utf8');
  const config = `<script type="application/json" id="config">${scriptJson(clientConfig(cfg, registry))}</script>`;
  return html
    .replace(PLACEHOLDER, config)
    .replace(/<title>[^<]*<\/title>/, `<title>${cfg.siteName.replace(/[<>&"]/g, '')}</title>`);
}

type PageEncoding = 'br' | 'gzip';

/**
 * The best of brotli and gzip that an Accept-Encoding header allows, or null for the plain page:
 * the negotiator @fastify/static uses for the assets, so the page follows the same rule.
 */
export function pageEncoding(accept: string | undefined): PageEncoding | null {
  return (negotiate(accept ?? '', ['br', 'gzip']) as PageEncoding | null | undefined) ?? null;
}

/** Serves the built client's assets, /sw.js, and the page for every other GET that is not an API path. */
export async function clientRoutes(
  app: FastifyInstance,
  cfg: ServerConfig,
  registry: Registry,
): Promise<void> {
  const dir = clientDir();
  const page = appPage(cfg, registry, dir);
  const assets = path.join(dir, 'assets');
  if (existsSync(assets))
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
      // The build writes <asset>.br and <asset>.gz (scripts/precompress.mjs): the best encoding
      // the request accepts is sent with its Content-Encoding and Vary: Accept-Encoding, else
      // the plain file. Each has its own length and ETag (its own file).
      preCompressed: true,
    });
  // The installable app (offline-app.ts): the worker keeps the build's assets and the page.
  const worker = serviceWorker(cfg.version, precacheList(dir));
  app.get('/sw.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(worker),
  );
  const manifest = webManifest(cfg);
  app.get(MANIFEST_PATH, async (_req, reply) =>
    reply.type('application/manifest+json').header('cache-control', 'no-cache').send(manifest),
  );
  const icon = appIcon();
  app.get(ICON_PATH, async (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(icon),
  );
  // The page is the same for every request (~30 KB with the config, ~4 KB compressed): its
  // encodings are made once here, as the build makes the assets'.
  const raw = Buffer.from(page);
  const encoded: Record<PageEncoding, Buffer> = {
    br: brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip: gzipSync(raw, { level: 9 }),
  };
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const encoding = pageEncoding(req.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'accept-encoding');
    if (!encoding) return reply.send(raw);
    return reply.header('content-encoding', encoding).send(encoded[encoding]);
  };
  app.get('/', sendPage);
  app.setNotFoundHandler((req, reply) => {
    const apiPath =
      /^\/(api|ws|lov|locale-overrides|assets|attachment|item-id-image|item-uuid-image)(\/|$)/.test(req.url);
    if (req.method === 'GET' && !apiPath) return sendPage(req, reply);
    return reply
      .code(404)
      .send({ erred: true, userMessage: 'notFound', sysMessage: `${req.method} ${req.url}` });
  });
}
