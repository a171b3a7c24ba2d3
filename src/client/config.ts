import type { PropertyDef, TypeAccess } from '../kernel/property';
import type { DashboardDecl, RegisteredCard } from '../kernel/dashboard';
import type { NavEntry } from '../kernel/module';
import type { RegisteredView } from '../kernel/registry';

export interface TypeConfig {
  properties: Record<string, PropertyDef>;
  allProperties: Record<string, PropertyDef>;
  defaultHeaders: string[];
  facets: string[];
  defaultIcon: string | null;
  /** What a record's header shows beside the label (ItemTypeDef.keyFacts). */
  keyFacts?: string[];
  /** What the one-at-a-time display covers until asked (ItemTypeDef.carouselReveal: flashcards). */
  carouselReveal?: string[];
  /** Results show the item's image when this property says it has one (ItemTypeDef.cardImage). */
  cardImage?: { property: string; value?: string } | null;
  /** The enum shown as the record's state chip (ItemTypeDef.stateField). */
  stateField?: string | null;
  /** Where the item's area is drawn from (ItemTypeDef.areaParts: a consultation's project features). */
  areaParts?: { type: string; link: string } | null;
  label: string | null;
  excludeGeneralSearch: boolean;
  sideLoadItem: boolean;
  /** The item screen shows an Attachments section. */
  attachments?: boolean;
  access: TypeAccess;
  /** The id of the module that declares the type (its client half has the type's sections). */
  module: string | null;
  /** The item menu offers History (false: the type's items have none worth showing). */
  history: boolean;
  /** The item menu offers the notification preference for the item. */
  notifyPrefs: boolean;
  /** Its items run workflows (ItemTypeDef.workflow); null or absent: they do not. */
  workflow?: { stateList: string } | null;
}

export interface Colours {
  header: string;
  primary: string;
  secondary: string;
  accent: string;
}

export interface ModuleInfo {
  id: string;
  /** The capabilities the module declares; none: every signed-in user may see it. */
  capabilities: string[];
  /** It has a client half (src/modules/<id>/client/index.ts). */
  client: boolean;
}

/** The config object of spec core §3, embedded by the server as <script id="config">. */
export interface ClientConfig {
  version: string;
  siteName: string;
  defaultBounds: number[];
  /**
   * The basemap: a style URL, or a PMTiles file the server serves; neither: the one shipped with
   * the app. `areaWarnKm2`: the drawn area past which the drawing map warns (MAP_AREA_WARN_KM2).
   */
  map?: { styleUrl: string | null; pmtiles: boolean; areaWarnKm2?: number };
  disableRecaptcha: boolean;
  wsMaxMsgSize: number;
  httpTimeout: number;
  wsTimeout: number;
  keyCaps: string[];
  migratedFromCKK1: boolean;
  colours: { light: Colours; dark: Colours };
  types: Record<string, TypeConfig>;
  nav: NavEntry[];
  /** Every module's views, each with the id of its module (the client adds its own shell views). */
  views: RegisteredView[];
  /** The listed modules, in list order. */
  modules: ModuleInfo[];
  capabilities: string[];
  kinds?: { Agreement: string[]; Import: string[] };
  /** Workflow step kinds → the id of the module that provides each (manifest `stepKinds`). */
  stepKinds?: Record<string, string>;
  /** Property kinds → the id of the module whose half has the kind's editor (manifest `fieldEditorKinds`). */
  fieldEditors?: Record<string, string>;
  /** Facets every type has (the modules' item-wide properties, manifest `itemProperties`). */
  itemFacets?: string[];
  /** The modules' English titles of their nav entries and views, by flat key. */
  titles?: Record<string, string>;
  /** The modules' dashboards with their cards in order (kernel/dashboard.ts). */
  dashboards?: DashboardConfig[];
  /** Each capability's home screen: the dashboard the home view shows to its holders. */
  homes?: { capability: string; dashboard: string; module: string }[];
  /** The modules' help pages (manifest `docs`): their text is in the module's client half. */
  docs?: { key: string; titleKey: string; module: string }[];
}

export interface DashboardConfig extends DashboardDecl {
  module: string;
  cards: RegisteredCard[];
}

export function readConfig(doc: Document = document): ClientConfig {
  const el = doc.getElementById('config');
  if (!el?.textContent) throw new Error('The page has no config element.');
  return JSON.parse(el.textContent) as ClientConfig;
}
