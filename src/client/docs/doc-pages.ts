/// <reference types="vite/client" />

// The bundled user documentation (spec core §2: /docs and /docs/{docKey}). Each page is a
// Markdown file loaded when opened, so none of it weighs on the start-up bundle. Keys with a
// slash are sub-pages: reachable by link, not listed in the documentation menu.

import type { ClientConfig } from '../config';
import { loadClientModule } from '../modules/loader';

export interface DocPage {
  key: string;
  titleKey: string;
  load(): Promise<string>;
}

const raw = (m: { default: string }) => m.default;

export const DOC_PAGES: readonly DocPage[] = [
  {
    key: 'getting-started',
    titleKey: 'adminScreens.docs.pages.gettingStarted',
    load: () => import('./pages/getting-started.md?raw').then(raw),
  },
  {
    key: 'items-and-columns',
    titleKey: 'adminScreens.docs.pages.itemsAndColumns',
    load: () => import('./pages/items-and-columns.md?raw').then(raw),
  },
  {
    key: 'search-and-views',
    titleKey: 'adminScreens.docs.pages.searchAndViews',
    load: () => import('./pages/search-and-views.md?raw').then(raw),
  },
  {
    key: 'access-and-sharing',
    titleKey: 'adminScreens.docs.pages.accessAndSharing',
    load: () => import('./pages/access-and-sharing.md?raw').then(raw),
  },
];

/** The modules' pages (manifest `docs`), their text loaded from the module's client half. */
function modulePages(config: Pick<ClientConfig, 'docs'> | undefined): DocPage[] {
  return (config?.docs ?? []).map((d) => ({
    key: d.key,
    titleKey: d.titleKey,
    load: async () => {
      const half = await loadClientModule(d.module);
      const text = half.docPages?.[d.key];
      if (!text) throw new Error(`module ${d.module} has no text for the help page ${d.key}`);
      return text();
    },
  }));
}

export function docPage(key: string, config?: Pick<ClientConfig, 'docs'>): DocPage | undefined {
  return [...DOC_PAGES, ...modulePages(config)].find((p) => p.key === key);
}

/**
 * The documentation menu lists pages whose keys contain no slash (spec core §2): core's, then
 * the modules' in module order.
 */
export const menuDocPages = (config?: Pick<ClientConfig, 'docs'>): DocPage[] =>
  [...DOC_PAGES, ...modulePages(config)].filter((p) => !p.key.includes('/'));
