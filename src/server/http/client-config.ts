import { HTTP_TIMEOUT_MS, WS_MAX_MSG_SIZE, WS_REPLY_TIMEOUT_MS } from '../../protocol/constants';
import { cardsOf } from '../../kernel/dashboard';
import type { ItemType } from '../../kernel/item-type';
import { passesKeyCaps } from '../../kernel/key-caps';
import type { Registry } from '../../kernel/registry';
import type { ServerConfig } from '../config';

/** Theme defaults of spec core §3. */
export const DEFAULT_COLOURS = {
  light: { header: '#424242', primary: '#1976D2', secondary: '#424242', accent: '#FDD835' },
  dark: { header: '#424242', primary: '#0F60B1', secondary: '#424242', accent: '#F9A825' },
};

/** The config object of spec core §3, embedded in the page as `<script id="config">`. */
export function clientConfig(cfg: ServerConfig, registry: Registry) {
  const moduleOf = new Map(registry.modules.flatMap((m) => m.types.map((t) => [t.name, m.id] as const)));
  return {
    version: cfg.version,
    siteName: cfg.siteName,
    defaultBounds: [...cfg.mapBounds],
    /**
     * The basemap (ServerConfig.mapStyleUrl / mapPmtilesFile): where the spatial module finds it;
     * with neither, the one shipped with the app. `areaWarnKm2`: the drawing map's threshold.
     */
    map: { styleUrl: cfg.mapStyleUrl, pmtiles: cfg.mapPmtilesFile !== null, areaWarnKm2: cfg.mapAreaWarnKm2 },
    disableRecaptcha: true,
    wsMaxMsgSize: WS_MAX_MSG_SIZE,
    httpTimeout: HTTP_TIMEOUT_MS,
    wsTimeout: WS_REPLY_TIMEOUT_MS,
    cmd: null,
    keyCaps: cfg.keyCaps,
    migratedFromCKK1: cfg.migratedFromCKK1,
    colours: DEFAULT_COLOURS,
    types: Object.fromEntries(
      [...registry.types.values()].map((t) => [
        t.name,
        {
          properties: t.properties,
          allProperties: t.allProperties,
          defaultHeaders: t.defaultHeaders,
          facets: t.facets,
          defaultIcon: t.defaultIcon ?? null,
          keyFacts: t.keyFacts ?? [],
          carouselReveal: t.carouselReveal ?? [],
          cardImage: t.cardImage ?? null,
          stateField: t.stateField ?? null,
          areaParts: t.areaParts ?? null,
          label: t.label ?? null,
          excludeGeneralSearch: t.excludeGeneralSearch === true,
          sideLoadItem: t.sideLoadItem === true,
          attachments: hasAttachments(t),
          access: t.access,
          module: moduleOf.get(t.name) ?? null,
          history: t.history !== false,
          notifyPrefs: t.notifyPrefs !== false,
          workflow: t.workflow ?? null,
        },
      ]),
    ),
    // Entries and views gated by a key capability this deployment lacks are not sent at all.
    nav: registry.nav.filter((e) => passesKeyCaps(e, cfg.keyCaps)),
    /** Every module's views (kernel/view.ts), each with the id of its module. */
    views: [...registry.views.values()].filter((v) => passesKeyCaps(v, cfg.keyCaps)),
    /** The listed modules: who may see each (its capabilities) and whether it has a client half. */
    modules: registry.modules.map((m) => ({
      id: m.id,
      capabilities: [...(m.capabilities ?? [])],
      client: m.client === true,
    })),
    capabilities: [...registry.capabilities],
    /** Dashboards with their cards in order, and each capability's home (kernel/dashboard.ts). */
    dashboards: [...registry.dashboards.values()].map((d) => ({
      ...d,
      cards: cardsOf(registry.cards, d.key),
    })),
    homes: registry.homes,
    /** The modules' help pages: key, title and the module whose half holds the text. */
    docs: registry.docs,
    /** Registered Agreement and Import kinds, offered as choices in forms. */
    /** The modules' English titles of their nav entries and views (added to the bundle at boot). */
    titles: Object.fromEntries(registry.titles),
    /** Workflow step kinds → the module that provides each (its client half has the kind's panel). */
    stepKinds: Object.fromEntries(registry.stepKinds),
    /** Property kinds → the module whose client half has the kind's field editor. */
    fieldEditors: Object.fromEntries(registry.fieldEditorKinds),
    /** Facets every type has (modules' `itemProperties` declared `facet`): every search offers them. */
    itemFacets: [...registry.itemProperties].filter(([, p]) => p.facet).map(([k]) => k),
    kinds: { Agreement: [...registry.kinds.Agreement].sort(), Import: [...registry.kinds.Import].sort() },
  };
}

/** JSON safe to place inside a script element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderPage(cfg: ServerConfig, registry: Registry): string {
  const config = scriptJson(clientConfig(cfg, registry));
  const title = cfg.siteName.replace(/[<>&"]/g, '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<script type="application/json" id="config">${config}</script>
</head>
<body>
<main id="root">
<h1>${title}</h1>
<p>A community knowledge keeper. The server is running; the web client arrives with the client shell.</p>
</main>
</body>
</html>`;
}

/** The Attachments section shows where a type says so, or where it lists Attachments already. */
function hasAttachments(t: ItemType): boolean {
  if (t.attachments === true) return true;
  return Object.values(t.properties).some((p) => p.kind === 'relation' && p.types?.includes('Attachment'));
}
