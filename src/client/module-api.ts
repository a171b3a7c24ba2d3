import type { ComponentType, LazyExoticComponent } from 'react';
import type { SvgIconProps } from '@mui/material';
import type { FieldProps } from './items/field-props';
import type { ItemType } from '../kernel/item-type';
import type { ListScreenDecl } from '../kernel/view';
import type { SearchQuery } from '../protocol/query';
import type { Item } from './state/items';
import type { UserSession } from './state/socket-client';
import type { ViewProps } from './views/view-def';
import type { ClientConfig } from './config';
import type * as MapLibre from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';

// The client module API (issue 12 §4): what a module's client half registers. A half is
// src/modules/<id>/client/index.ts exporting `client` (defineClientModule); it is loaded on
// demand (src/client/modules/), never at start, so the start-up JavaScript does not grow with
// each module. Its heavy parts (screens, editors, cards) are lazy components inside it.
// A module's client code imports the client only through this file.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound React.lazy uses
type Lazyable<P = any> = ComponentType<P> | LazyExoticComponent<ComponentType<P>>;

export interface ItemSectionProps {
  item: Item;
  type: ItemType;
  editable: boolean;
  user: UserSession | null;
  /**
   * The item as a write this section made answered it (an update's reply, or the item read
   * again after an act): the record adopts it as its own change, so it does not announce it as
   * someone else's. Optional where a section is shown outside a record.
   */
  onSaved?(saved: Item): void;
}

/** A section below an item's form (Attachments, the profile panel, a map, a workflow). */
export interface ItemSection {
  /** Unique across modules ("already registered"). */
  id: string;
  /** Lower first; the generic form is 0 (a negative order shows above it). */
  order: number;
  /**
   * Shown inside the record, between its header and its fields (the workflow panel), in `order`
   * among such sections; the record's keyboard shortcuts do not reach into it.
   */
  belowHeader?: boolean;
  /** Properties the section edits itself: the form leaves them out while the section shows. */
  omit?: readonly string[];
  /** Whether the section shows for this item (its type, the user, the item itself). */
  applies(item: Item, type: ItemType, user: UserSession | null): boolean;
  component: Lazyable<ItemSectionProps>;
}

/** An entry of an item cell's menu. */
export interface ItemMenuEntry {
  id: string;
  labelKey: string;
  applies(item: Item, type: ItemType, user: UserSession | null): boolean;
  /** A dialog the entry opens. */
  dialog: Lazyable<{ item: Item; open: boolean; onClose(): void }>;
}

/** What a field editor gets: the generic field props, the item, and whether it may change. */
/** An entry of the user menu that opens a dialog (core's "Act as another user…"). */
export interface UserMenuEntry {
  /** Unique across modules ("already registered"). */
  id: string;
  labelKey: string;
  /** Whether the signed-in user is offered the entry. */
  applies(user: UserSession): boolean;
  dialog: Lazyable<{ open: boolean; onClose(): void }>;
}

export interface FieldEditorProps extends FieldProps {
  /** The item the form is based on (its id, its value of the property, $labels). */
  item: Item;
  /** False: show the value (the form is read-only, or the property is not the user's to write). */
  editable: boolean;
  /** Labels of related items ($labels). */
  labels: Readonly<Record<string, string>>;
  /** Opens a related item in a cell. */
  onOpen(id: string): void;
  /** The field's validation message, translated. */
  error?: string;
}

export interface DashboardCardProps {
  /** The card's settings from the dashboard declaration. */
  settings: Readonly<Record<string, unknown>>;
}

/**
 * What a step kind's panel gets inside the workflow panel (workflow module): the item, the
 * step (the item's `_wf.steps` entry, a StepInstance of modules/workflow/types.ts) and whether
 * the user may act on it. The panel shows what the kind needs (an outcome picker, a thread to
 * open) and completes the step with the workflow acts.
 */
export interface StepPanelProps {
  item: Item;
  step: Readonly<Record<string, unknown>> & { id: string; kind: string; state: string };
  editable: boolean;
  /** The workflow section's `onSaved` (ItemSectionProps), handed on: the panel's own writes. */
  onSaved?(saved: Item): void;
}

/**
 * An export a module offers on the search page (ClientModule.searchExports), beside core's CSV:
 * the spatial module's GIS files for any type with a geometry property. It starts its own task
 * with the search as shown.
 */
export interface SearchExportEntry {
  /** Unique across modules. */
  id: string;
  /** Whether it is offered for a search over this type. */
  applies(type: ItemType): boolean;
  component: Lazyable<{ query: SearchQuery; type: ItemType; compact: boolean }>;
}

/**
 * An action a module offers on a list screen of one type (ClientModule.listActions), beside the
 * exports: core's "Import from CSV" on lists declared `csvImport: true`. The component decides
 * for itself whether the person may use it (useCanCreate).
 */
export interface ListActionEntry {
  /** Unique across modules. */
  id: string;
  /** Whether it is offered on this list (its declaration) for this type. */
  applies(type: ItemType, list: ListScreenDecl): boolean;
  component: Lazyable<{ type: ItemType; list: ListScreenDecl; compact: boolean }>;
}

/** A layer of the map screen (the spatial module draws them; other modules add theirs). */
export interface MapLayer {
  id: string;
  titleKey: string;
  /** Item types whose geometry the layer shows (read through search, so through the policy). */
  types: readonly string[];
  capability?: string;
}

/**
 * A type's own create dialog (ClientModule.createDialogs): the list screen's New button opens it
 * instead of the generic one. It creates the item itself and hands it back.
 */
export interface CreateDialogProps {
  type: ItemType;
  onCreated(item: Item): void;
  onClose(): void;
}

/**
 * A display mode of the search page that a module draws (ClientModule.searchDisplays): MAP,
 * from the spatial module. It gets the search's query (search/ids, the read rule applied) and
 * runs it itself, so the generic search code never loads the module's libraries.
 */
export interface SearchDisplayProps {
  /** The search/ids body of the current search (its page's offset and max included). */
  query: Readonly<Record<string, unknown>>;
  /** The search's total. */
  total: number;
  /** Opens a result in the next cell. */
  onOpen(id: string): void;
}

/**
 * A small action a module draws on each search result of one of its types (ClientModule
 * resultActions): the vocab module's play button on a word, in lists, cards and the carousel.
 * It sits beside the result's link, never inside it, and may answer a key pressed on the result.
 */
export interface ResultActionProps {
  /** The item as read (readMany), with its properties. */
  item: Item;
  label: string;
}

/**
 * Badges a module draws on every item, whatever its type (ClientModule.itemBadges): the Local
 * Contexts labels. In a record's header they may open a dialog (`interactive`); on a search
 * result they sit inside the result's link, so they are pictures with a name only.
 */
export interface ItemBadgesProps {
  item: Item;
  interactive: boolean;
}

export interface ClientModule {
  /** The manifest's id. */
  id: string;
  /** The Markdown of the manifest's help pages (`docs`), by key, loaded when opened. */
  docPages?: Readonly<Record<string, () => Promise<string>>>;
  /** Components of the manifest's views declared `screen: true`, by view name. */
  screens?: Readonly<Record<string, Lazyable<ViewProps>>>;
  itemSections?: readonly ItemSection[];
  itemMenu?: readonly ItemMenuEntry[];
  /** Editors by property kind (the spatial module adds `geometry`). */
  fieldEditors?: Readonly<Record<string, Lazyable<FieldEditorProps>>>;
  /** Entries of the user menu, after the profile (the shell loads core's half on sign-in). */
  userMenu?: readonly UserMenuEntry[];
  /** Components of the manifest's dashboard cards, by card component name. */
  dashboardCards?: Readonly<Record<string, Lazyable<DashboardCardProps>>>;
  mapLayers?: readonly MapLayer[];
  /** Exports offered on the search page (SearchExportEntry). */
  searchExports?: readonly SearchExportEntry[];
  /** Badges on every item: the record's header, search cards and rows (ItemBadgesProps). */
  itemBadges?: Lazyable<ItemBadgesProps>;
  /** Actions offered on list screens of one type (ListActionEntry). */
  listActions?: readonly ListActionEntry[];
  /** Actions drawn on each search result of a type (ResultActionProps), by type name. */
  resultActions?: Readonly<Record<string, Lazyable<ResultActionProps>>>;
  /** Display modes of the search page the module draws, by mode (DISPLAY_MODES: 'MAP'). */
  searchDisplays?: Readonly<Record<string, Lazyable<SearchDisplayProps>>>;
  /**
   * Panels of the workflow step kinds the manifest declares (`stepKinds`), by kind: shown in
   * the workflow panel under an ACTIVE step of that kind. A kind without one shows the generic
   * actions only.
   */
  stepPanels?: Readonly<Record<string, Lazyable<StepPanelProps>>>;
  /**
   * Create dialogs by type name, for the module's own types only, where the generic form cannot
   * do it (the consultation's guided form). Loaded halves only: a type's half loads with the
   * user's session when they may see the module.
   */
  createDialogs?: Readonly<Record<string, Lazyable<CreateDialogProps>>>;
  /**
   * Icons of the module's types, by the `defaultIcon` name its types declare ('translate'): an
   * icon the module imports itself, so it travels in the module's chunk, not the start-up one.
   */
  typeIcons?: Readonly<Record<string, ComponentType<SvgIconProps>>>;
  /** The module's strings (i18n/en.ts), merged into the bundle before its screens render. */
  strings?: () => Promise<Record<string, unknown>>;
  /**
   * The basemap every map of the app starts from (the spatial module's): the style for MapLibre,
   * or its URL, for the site's map config and the theme. Another module's map asks for it with
   * `useBasemap()`, so there is one basemap and one place that chooses it.
   */
  basemap?: MapBasemap;
}

/** A basemap provider (ClientModule.basemap). */
export interface MapBasemap {
  /** The style a map starts with, for the site's map config and the theme. */
  style(ml: typeof MapLibre, map: ClientConfig['map'], dark: boolean): Promise<StyleSpecification | string>;
  /** Keeps a map drawing when its style cannot load (a style URL out of reach): the fallback. */
  keepDrawing(map: MapLibre.Map, dark: boolean): void;
}

export function defineClientModule(m: ClientModule): ClientModule {
  return m;
}

// What modules' client code may use of the client (their screens, sections and dialogs). Each is
// re-exported from where it lives; a module's code imports none of those files itself (ESLint).

// The app: services, the session, the socket client, errors.
export { useApp, useSession } from './state/app-context';
// The basemap a module's map starts from (ClientModule.basemap of a loaded half).
export { useBasemap } from './modules/basemap';
// A step kind's panel's Complete button (wfSetStepState), in the kind's module's words.
export { CompleteStepButton, type CompleteStepButtonProps } from './workflow/CompleteStepButton';
export type { SocketClient, UserSession } from './state/socket-client';
export { RequestError, restrictedFileNames } from './state/request-error';
// The person a stored token belongs to (a page loaded offline knows them before the session).
export { storedUserId } from './state/token-store';
// What a module keeps on the device for a person, cleared on sign-out (client/device-data.ts).
export type { DeviceData } from './modules/device-data';
export type { TaskInfo } from './state/socket-client';
export { isRunning, taskStoreFor, useTasks } from './state/tasks';

// Items: the cache, reading, labels, formatting, the recently opened.
export { itemKey, readMany, useItem, type Item } from './state/items';
export { itemLabel, itemType } from './items/item-label';
export { useItemLabels } from './items/useItemLabels';
export { formatDate } from './items/format';
// Labels as the generic screens write them: a property's, an enum value's (humanized), an event kind's.
export { enumLabel, eventLabel, propLabel } from './items/labels';
export { TimelineList, useTimeline } from './items/TimelineList';
export { TypeIcon } from './search/TypeIcon';
export { mergeStrings } from './i18n/merge-strings';
export { readSearchReply } from './items/lookups';
export { useRelationSearch } from './items/useRelationSearch';
// An organisation's list of values (entries with their labels), as the form's selects read it.
export { useLov } from './items/useLov';
// The label a list-of-values key shows (the item's own organisation's list first), as cells do.
export { useLovLabel } from './search/useLovLabel';
export { recentItems } from './state/recent';

// The shell: views and cells, the navigation and the admin's menu settings.
export type { ViewProps } from './views/view-def';
export { useCell } from './shell/cell-api';
export { useCellLink, useItemHref } from './shell/cell-href';
export { ItemLinkRow } from './items/ItemLinkRow';
// A record's titled section block (core's Related, Conversations, History; modules' sections).
export { SectionFrame } from './items/SectionFrame';
export { groupNav, navKey, visibleNav } from './shell/nav';
export { applyMenuItems, useMenuItems } from './admin/menu-items';

// The generic form's parts, for a module's own form of a type (a guided create): each field as
// the generic form draws it (inside a react-hook-form FormProvider), its defaults and wire data.
export { PropertyField } from './items/PropertyField';
export { blankItem, formDefaults, toWireData, type FormValues } from './items/form-model';

// Search: the search component, saved views, creating items, organisation labels.
export { SearchPanel } from './search/SearchPanel';
export { SEARCH_SCREEN } from './search/screens';
export { HASH_PARAM } from './search/saved-search';
export { useSavedView } from './search/useSavedView';
export { CreateItemDialog } from './search/CreateItemDialog';
export { keyLabel, typeLabel } from './search/search-labels';
export { useCanCreate } from './search/useCanCreate';
export { useOrgLabels } from './search/useOrgLabels';
export { useLiveRefetch } from './search/useLiveRefetch';
export { useTypeEnv } from './search/useTypeEnv';

// Files: attachment rows, the viewer, upload settings.
export { AttachmentDownloadButton, AttachmentRowButton } from './files/AttachmentRow';
export { groupOf } from './files/attachment-urls';
export { useAttachments } from './files/useAttachments';
export { AttachmentViewer } from './files/AttachmentViewer';
export { FileChoice } from './files/FileChoice';
export { tusOptions } from './files/tus-options';
export { uploadOnto } from './files/upload-onto';

// Notifications (the bell's store, shared with core's notifications screen).
export { fetchNotifications, markNotifications, pairsKey, useUnreadPairs } from './notifications/notify-api';
export { notificationText } from './notifications/notify-text';

// Help pages and what's new: the pages, the Markdown renderer, the releases and their unseen count.
export { docPage, menuDocPages } from './docs/doc-pages';
export { Markdown } from './docs/Markdown';
export { RELEASES, unseenReleases } from './whats-new/releases';
export { useWhatsNew } from './whats-new/useWhatsNew';

// The English bundle in its two parts (the wording screen lists every message).
export { en } from './i18n/en';
export { allModuleStrings } from './modules/loader';
export { enScreens } from './i18n/en-screens';

// Dashboards: the home view shows the home dashboard of the user's capability.
export { dashboardScreen, HomeDashboard } from './dashboards/dashboard-screen';
export { useCardCount } from './dashboards/card-context';

// Workflows: the registered step kinds, and the step kinds' panels of the loaded halves.
export { stepKindNames } from './items/item-label';
export { useStepPanels } from './modules/step-panels';

// Item sections, menus, editors and the user menu (core's half holds them).
export { lazyScreen } from './i18n/screen-strings';
export { hasAttachmentsSection } from './files/attachment-rules';
export { USER_TOGGLES, useUserToggles } from './people/useUserToggles';
export { recentMasquerades, startMasquerade } from './shell/masquerade';
// The Attachments section (lists, viewers, uploads) is part of core's half: that half loads on
// demand, so it stays out of the start-up JavaScript. (A lazy import of it from the half split
// the start-up chunks and cost 2.4 KB gzip at start; see e2e/performance.e2e.ts.)
export { AttachmentsSection } from './files/AttachmentsSection';
