/// <reference types="vite/client" />

// The bundled user documentation (spec core §2: /docs and /docs/{docKey}). Each page is a
// Markdown file loaded when opened, so none of it weighs on the start-up bundle. Keys with a
// slash are sub-pages: reachable by link, not listed in the documentation menu.

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

export function docPage(key: string): DocPage | undefined {
  return DOC_PAGES.find((p) => p.key === key);
}

/** The documentation menu lists pages whose keys contain no slash (spec core §2). */
export const menuDocPages = (): DocPage[] => DOC_PAGES.filter((p) => !p.key.includes('/'));
