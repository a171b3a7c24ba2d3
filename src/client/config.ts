import type { PropertyDef, TypeAccess } from '../kernel/property';
import type { DashboardDecl, RegisteredCard } from '../kernel/dashboard';
import type { NavEntry } from '../kernel/module';

export interface TypeConfig {
  properties: Record<string, PropertyDef>;
  allProperties: Record<string, PropertyDef>;
  defaultHeaders: string[];
  facets: string[];
  defaultIcon: string | null;
  label: string | null;
  excludeGeneralSearch: boolean;
  sideLoadItem: boolean;
  /** The item screen shows an Attachments section. */
  attachments?: boolean;
  access: TypeAccess;
}

export interface Colours {
  header: string;
  primary: string;
  secondary: string;
  accent: string;
}

/** The config object of spec core §3, embedded by the server as <script id="config">. */
export interface ClientConfig {
  version: string;
  siteName: string;
  defaultBounds: number[];
  disableRecaptcha: boolean;
  wsMaxMsgSize: number;
  httpTimeout: number;
  wsTimeout: number;
  keyCaps: string[];
  migratedFromCKK1: boolean;
  colours: { light: Colours; dark: Colours };
  types: Record<string, TypeConfig>;
  nav: NavEntry[];
  capabilities: string[];
  kinds?: { Agreement: string[]; Import: string[] };
  /** The modules' dashboards with their cards in order (kernel/dashboard.ts). */
  dashboards?: DashboardConfig[];
  /** Each capability's home screen: the dashboard the home view shows to its holders. */
  homes?: { capability: string; dashboard: string; module: string }[];
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
