import type { ActContract } from './act-contract';
import type { CardDecl, DashboardDecl } from './dashboard';
import type { ItemType } from './item-type';
import type { KeyCapGate } from './key-caps';
import type { PropertyDef } from './property';
import type { ViewDecl } from './view';

/** A navigation entry; `keyCap`/`dedicatedKeyCap` gate it on the deployment (key-caps.ts). */
export interface NavEntry extends KeyCapGate {
  /** Dotted path, e.g. 'admin.all-items'. */
  path: string;
  capability?: string;
  adminOnly?: boolean;
  routeOnly?: boolean;
  noColumns?: boolean;
  icon?: string;
  /**
   * A group header (the drawer's `admin` section): it names no view, and at least one other entry
   * lies under it (`admin.state` under `admin`). Every other entry must name a registered view.
   */
  group?: true;
}

/** A module's act contracts by name (contract.ts, defineActs). */
export type ActContracts = Readonly<Record<string, ActContract>>;
/** What a module without acts has: no names, so it adds nothing to the app's act types. */
export type NoActs = Readonly<Record<never, ActContract>>;

export interface ModuleManifest<
  A extends ActContracts = ActContracts,
  AA extends ActContracts = ActContracts,
> {
  id: string;
  /**
   * The modules this one builds on (e.g. consultation requires workflow). The registry refuses
   * a missing or circular requirement, and a list where a module comes before what it requires,
   * so a module's types, acts and hooks are always registered after those of its requirements.
   */
  requires?: readonly string[];
  /**
   * The module has a server half: server/index.ts exporting `server` (a ServerModule whose id is
   * this id). The server loads it from the one list (src/modules/index.ts); a module with acts
   * or hooks needs one.
   */
  server?: boolean;
  /**
   * The module has a client half: client/index.ts exporting `client` (a ClientModule whose id is
   * this id), loaded on demand, with a component for each view declared `screen: true` and each
   * component card.
   */
  client?: boolean;
  types: readonly ItemType[];
  /**
   * The acts the module's server half implements: its contracts (contract.ts). The values are
   * here so the app's act types derive from the one list (src/modules/contracts.ts) and the
   * server can check each handler is registered with this very contract.
   */
  acts?: A;
  /** Its async actions (act/{name}/async), likewise. */
  asyncActs?: AA;
  lovLists?: readonly string[];
  capabilities?: readonly string[];
  nav?: readonly NavEntry[];
  /**
   * The module's views as data (kernel/view.ts): list screens, dashboards, and screens of its
   * client half. The server sends them in the page's config; names are unique across modules.
   */
  views?: readonly ViewDecl[];
  /**
   * The English titles of its navigation entries and views, by flat key (`nav.consult_projects`,
   * `nav.consult`): the drawer shows them before the module's client half (and its i18n/en.ts)
   * loads, so they travel in the page's config, not in the start-up JavaScript. A key is unique
   * across modules; an admin's wording (admin.systext) still wins. The words of a notification
   * kind the module makes (`notifications.kind.{kind}`) go here too: the bell shows them before
   * the half loads, and core's mail reads them on the server.
   */
  titles?: Readonly<Record<string, string>>;
  /**
   * The module's help pages (spec core §2 /docs/{docKey}), written for the people who use its
   * screens: each key's Markdown comes from the client half (ClientModule.docPages), loaded when
   * the page is opened; the title (a key of `titles`) travels in the page's config so the help
   * menu lists the page before the half loads. Keys are unique across modules and core's pages.
   */
  docs?: readonly ModuleDocPage[];
  /** Agreement and Import kinds; they must be uppercase. */
  kinds?: { Agreement?: readonly string[]; Import?: readonly string[] };
  /**
   * The workflow step kinds it provides (DESIGN §3: modules add step kinds where the generic path
   * is not enough); a name is unique across modules. The workflow module runs them.
   */
  stepKinds?: readonly string[];
  /**
   * Other modules' workflow-capable types that may use some of its kinds, by kind: a type's
   * workflows use the workflow module's kinds, its own module's, and these (the spatial module's
   * RWF_SPATIAL on ConsultResponse). A kind named here must be in `stepKinds`.
   */
  stepKindTypes?: Readonly<Record<string, readonly string[]>>;
  /**
   * Property kinds whose field editor its client half registers (`fieldEditors`, the spatial
   * module's `geometry`): a form with such a property loads the half whoever the user is, so the
   * editor is there even for someone without the module's capabilities. Unique across modules.
   */
  fieldEditorKinds?: readonly string[];
  /**
   * Properties the module adds to every registered type, its own and other modules' (the
   * localcontexts module's `$tkLabels` and `$lcProject`: a label may be put on any item). Their
   * names start with `$` so they never meet a type's own; the registry adds them to each type's
   * properties (and facets, for those declared `facet`) once every module is registered. They
   * are plain data: written by whoever may update the item, searched like any property.
   */
  itemProperties?: Readonly<Record<string, PropertyDef>>;
  /** Its dashboards (kernel/dashboard.ts); a key is unique across modules. */
  dashboards?: readonly DashboardDecl[];
  /** Cards on its own dashboards or on those of modules registered before it. */
  dashboardCards?: readonly CardDecl[];
  /**
   * The home screen of a capability (spec capability-modules §2): the dashboard the home view
   * shows to a user who holds it (see docs/architecture.md "Dashboards").
   */
  home?: { capability: string; dashboard: string };
}

/**
 * A module manifest: what a capability module adds (types, acts, lists of values, capabilities,
 * navigation and kinds), as typed data. Modules are registered from one explicit list.
 */
export function defineModule<A extends ActContracts = NoActs, AA extends ActContracts = NoActs>(
  m: ModuleManifest<A, AA>,
): ModuleManifest<A, AA> {
  return m;
}

/** A module's help page: /docs/{key}, titled by `titleKey` (one of the module's `titles`). */
export interface ModuleDocPage {
  key: string;
  titleKey: string;
}
