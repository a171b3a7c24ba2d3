import type { Role } from '../protocol/access-levels';
import type { ZipName } from '../protocol/files';
import type { KeyCapGate } from './key-caps';

// Views and dashboards as data (DESIGN §2 "A module is one folder"): a module's manifest declares
// its screens, their gates and their list or dashboard settings; the server sends them in the
// page's config, so the client can route, gate and list them in the navigation without loading
// the module's client half. Only a screen with code of its own (`screen: true`) needs the half.

export const CELL_WIDTHS = ['THIRD', 'HALF', 'TWO_THIRDS', 'FULL'] as const;
export type CellWidth = (typeof CELL_WIDTHS)[number];

// MAP is drawn by a module's search display (ClientModule.searchDisplays; the spatial module's),
// offered only for types with a geometry property.
export const DISPLAY_MODES = ['LIST', 'TABLE', 'CARDS', 'TIMELINE', 'CAROUSEL', 'MAP'] as const;
export type DisplayAs = (typeof DISPLAY_MODES)[number];

export type Order = 'asc' | 'desc';
export interface SortKey {
  key: string;
  order: Order;
}

/** A screen built on the generic search component: it needs no code of the module's. */
export interface ListScreenDecl {
  /** The types the screen lists; one type makes a per-type list. Null: the general search. */
  types: readonly string[] | null;
  /** Every registered type, also those left out of the general search (admin). */
  allTypes?: boolean;
  defaultSort: readonly SortKey[];
  displayAs: DisplayAs;
  /** The date facet and timeline key: created or changed. */
  dateKey: '_c.ts' | '_m.ts';
  /** Offer a create button (when the user may create the type); 'admin': to admins only. */
  create?: boolean | 'admin';
  /**
   * Ready-made filters the list offers as toggles above its results ("Overdue", "Assigned to
   * me"), each added to the query while on. Declared here so a module needs no code for them.
   */
  presets?: readonly ListPreset[];
  /**
   * A filter the list always applies, under whatever the person chooses (spec capability-modules
   * §2: spatial.features lists ACTIVE features only). Same value rules as a preset's.
   */
  must?: Readonly<Record<string, readonly (string | number | boolean | null)[]>>;
  /**
   * Filters of which the list's items must match at least one, under `must` and whatever the
   * person chooses: a list of several types that wants each on its own terms
   * (consult.communications: threads about a consultation or a response, and every log entry).
   */
  mustAny?: readonly Readonly<Record<string, readonly (string | number | boolean | null)[]>>[];
  /**
   * The type the create button makes on a list of several types, offered at once rather than
   * once the list is narrowed to it (consult.communications lists threads and the communication
   * log, and creates log entries: "Log a communication"). Must be one of `types`.
   */
  createType?: string;
  /** The create button's words (default "New {type}"), a message key. */
  createLabelKey?: string;
  /** Values the create form starts with (spatial.features: state ACTIVE). */
  createDefaults?: Readonly<Record<string, unknown>>;
  /**
   * Offer "Import from CSV" for the listed type to those who may create it (core's dialog,
   * act importCsv; docs/csv-import.md). Drawn by a module half's `listActions` entry. A string
   * names the Import kind to record (a registered kind ending in `_CSV`, e.g. ARCHIVE_CSV), so a
   * module's imports screen lists its own; `true` records core's CSV.
   */
  csvImport?: boolean | string;
  /** Offer a zip of the listed items' attachments under this name (act exportZip). */
  zip?: ZipName;
  /**
   * Default TABLE columns that depend on who looks (spec capability-modules §6, response
   * lists): `adminOnly` columns of the type's default headers are left out for non-admins;
   * `sharedAdmin` columns are added for admins on a shared (not dedicated) deployment, who see
   * several organisations' items at once. A person's own column choice still wins.
   */
  headers?: { adminOnly?: readonly string[]; sharedAdmin?: readonly string[] };
}

/**
 * A list's preset filter: clauses added to its `must` while the preset is on. In a string
 * value, `$me` stands for the signed-in user's id and `$now` for the current time (ISO), so
 * "overdue" is `{ anticipatedResponse: ['..$now'], state: ['PENDING'] }`.
 */
export interface ListPreset {
  id: string;
  titleKey: string;
  must: Readonly<Record<string, readonly (string | number | boolean | null)[]>>;
}

/**
 * Who may open a view (the client hides it otherwise; the server's policy still decides data).
 * `keyCap`/`dedicatedKeyCap`: whether the view exists at all on this deployment (key-caps.ts).
 */
export interface ViewGate extends KeyCapGate {
  capability?: string;
  /** Holders of at least one of these capabilities (admins always pass). */
  anyCapability?: readonly string[];
  /**
   * Holders of a capability that has workflow-capable types (spec capability-modules §2
   * admin.workflows): the registry adds the capabilities of every module that declares a type
   * with `workflow` to `anyCapability` (kernel/view-gate.ts `workflowCapabilities`).
   */
  workflowTypes?: true;
  adminOnly?: boolean;
  /** Also for users with this role (or higher) in some organisation. */
  minOrgRole?: Role;
  /**
   * Only in organisations of these kinds (an Organization's `type`): the role of `minOrgRole`,
   * or any membership, must be held in one. The registry sets it on a `minOrgRole` list screen
   * whose type applies in some kinds of organisation only (TypeAccess.createIn), so such a screen
   * is not offered where nothing on it can be used.
   */
  orgKinds?: readonly string[];
}

export interface ViewDecl extends ViewGate {
  /** The route name: 'conversations', 'admin.state', 'consult.dashboard'. */
  name: string;
  titleKey: string;
  /**
   * The view's icon in the drawer: a Material icon's name ('Home', 'Forum'). The shell maps its
   * own names (src/client/shell/nav-icons.tsx); a module maps those its views add in its
   * client/nav-icons.ts (`navIcons`), and the shell gathers them into the drawer's icon chunk.
   */
  icon?: string;
  width?: CellWidth;
  noColumns?: boolean;
  /** Reachable signed out. */
  public?: boolean;
  /** Listed in the navigation drawer (when a nav entry names it). */
  inNav?: boolean;
  /** Exactly one of: a list screen, a dashboard (its key), or a screen of the module's client half. */
  list?: ListScreenDecl;
  dashboard?: string;
  screen?: true;
}
