import type { ComponentType, LazyExoticComponent } from 'react';
import type { FieldProps } from './items/field-props';
import type { ItemType } from '../kernel/item-type';
import type { Item } from './state/items';
import type { UserSession } from './state/socket-client';
import type { ViewProps } from './views/view-def';

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
}

/** A section below an item's form (Attachments, the profile panel, a map, a workflow). */
export interface ItemSection {
  /** Unique across modules ("already registered"). */
  id: string;
  /** Lower first; the generic form is 0 (a negative order shows above it). */
  order: number;
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

/** A layer of the map screen (the spatial module draws them; other modules add theirs). */
export interface MapLayer {
  id: string;
  titleKey: string;
  /** Item types whose geometry the layer shows (read through search, so through the policy). */
  types: readonly string[];
  capability?: string;
}

export interface ClientModule {
  /** The manifest's id. */
  id: string;
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
  /** The module's strings (i18n/en.ts), merged into the bundle before its screens render. */
  strings?: () => Promise<Record<string, unknown>>;
}

export function defineClientModule(m: ClientModule): ClientModule {
  return m;
}

// Item sections and editors (B): what a module's client half uses from the client for its item
// sections, item menu entries, field editors and user-menu entries.
export { lazyScreen } from './i18n/screen-strings';
export { useApp, useSession } from './state/app-context';
export { readSearchReply } from './items/lookups';
export { useOrgLabels } from './search/useOrgLabels';
export { hasAttachmentsSection } from './files/attachment-rules';
export { USER_TOGGLES, useUserToggles } from './people/useUserToggles';
export { recentMasquerades, startMasquerade } from './shell/masquerade';
// The Attachments section (lists, viewers, uploads) is part of core's half: that half loads on
// demand, so it stays out of the start-up JavaScript. (A lazy import of it from the half split
// the start-up chunks and cost 2.4 KB gzip at start; see e2e/performance.e2e.ts.)
export { AttachmentsSection } from './files/AttachmentsSection';
