import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { DEFAULT_COLOURS } from './client-config';

// The installable app (issue 20, docs/adr/0031-offline-app-service-worker.md): the service
// worker the server writes with the build's precache list, the web app manifest and its icon.
// Field monitors reload the app with no signal for days: the worker keeps every built asset and
// a copy of the app page, and serves that copy to navigations the network does not answer.

/** The built files a worker keeps: every asset but source maps and the pre-compressed copies. */
export function precacheList(dir: string): string[] {
  const assets = path.join(dir, 'assets');
  if (!existsSync(assets)) return [];
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const e of readdirSync(path.join(assets, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (!/\.(map|br|gz)$/.test(e.name)) out.push(`/assets/${rel}`);
    }
  };
  walk('');
  return out.sort();
}

export const MANIFEST_PATH = '/manifest.webmanifest';
export const ICON_PATH = '/app-icon.svg';

/** Paths outside /assets/ the worker keeps beside the page. */
const APP_FILES = [MANIFEST_PATH, ICON_PATH];

/**
 * The worker's source. One cache per version and build (`ckk-<version>-<hash of the list>`): a
 * new build installs beside the old one and waits (NewVersionPrompt offers the refresh), so the
 * open page keeps its own assets. Hashed assets already kept by an older cache are copied, not
 * fetched again. Navigations go to the network first (the page is `no-store`: the config inside
 * it follows the server) and fall back to the kept page after NAV_TIMEOUT_MS or on a failure.
 * API paths, uploads and sockets are never cached: the app keeps its data itself (IndexedDB).
 */
export function serviceWorker(version: string, precache: readonly string[]): string {
  const hash = createHash('sha256')
    .update(version + '\n' + precache.join('\n'))
    .digest('hex')
    .slice(0, 12);
  return `// Community Knowledge Keeper ${version}
const CACHE = ${JSON.stringify(`ckk-${version}-${hash}`)};
const PAGE = '/';
const FILES = ${JSON.stringify([...APP_FILES, ...precache])};
const NAV_TIMEOUT_MS = 8000;
const NOT_PAGES = /^\\/(api|ws|lov|locale-overrides|assets|attachment|item-id-image|item-uuid-image|files|upload)(\\/|$)/;

async function keep(cache, url) {
  const old = await caches.match(url);
  if (old) return cache.put(url, old);
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(url + ' ' + res.status);
  return cache.put(url, res);
}

self.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const page = await fetch(PAGE, { cache: 'no-store', credentials: 'same-origin' });
    if (!page.ok) throw new Error('page ' + page.status);
    await cache.put(PAGE, page);
    // A few at a time: a phone on a weak signal should not open hundreds of requests at once.
    const queue = FILES.slice();
    const worker = async () => { for (let u = queue.shift(); u; u = queue.shift()) await keep(cache, u); };
    await Promise.all([worker(), worker(), worker(), worker(), worker(), worker()]);
  })());
});

self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const k of await caches.keys()) if (k.startsWith('ckk-') && k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

self.addEventListener('message', (e) => { if (e.data === 'skipWaiting') self.skipWaiting(); });

function keptPage() {
  return caches.open(CACHE).then((c) => c.match(PAGE));
}

async function navigate(req) {
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(resolve, NAV_TIMEOUT_MS); });
  try {
    const res = await Promise.race([fetch(req), late]);
    if (res) return res;
  } catch (err) {
    // offline, or the server is unreachable: the kept page
  } finally {
    clearTimeout(timer);
  }
  return (await keptPage()) || Response.error();
}

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    if (NOT_PAGES.test(url.pathname)) return;
    e.respondWith(navigate(req));
    return;
  }
  if (url.pathname.startsWith('/assets/') || FILES.includes(url.pathname))
    e.respondWith(caches.open(CACHE).then((c) => c.match(url.pathname)).then((hit) => hit || fetch(req)));
});
`;
}

/** The web app manifest: installable, opening on the collection screen's home, in the theme's colours. */
export function webManifest(cfg: ServerConfig): string {
  return JSON.stringify({
    name: cfg.siteName,
    short_name: cfg.siteName.length > 12 ? 'Keeper' : cfg.siteName,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: DEFAULT_COLOURS.light.header,
    icons: [{ src: ICON_PATH, sizes: 'any', type: 'image/svg+xml', purpose: 'any maskable' }],
  });
}

/**
 * The app's icon: the Material "explore" glyph (@mui/icons-material's Explore path, Apache-2.0)
 * on the header colour, with room around it for a maskable crop.
 */
export function appIcon(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="${DEFAULT_COLOURS.light.header}"/><g transform="translate(12 12)" fill="${DEFAULT_COLOURS.light.accent}"><path d="M12 10.9c-.61 0-1.1.49-1.1 1.1s.49 1.1 1.1 1.1c.61 0 1.1-.49 1.1-1.1s-.49-1.1-1.1-1.1M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m2.19 12.19L6 18l3.81-8.19L18 6z"/></g></svg>`;
}
