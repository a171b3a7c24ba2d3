import type { ComponentType, LazyExoticComponent } from 'react';
import type { PropertyDef } from '../kernel/property';
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
  /** Lower first; the generic form is 0. */
  order: number;
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

export interface FieldEditorProps {
  name: string;
  prop: PropertyDef;
  label: string;
  required: boolean;
  owner?: unknown;
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
  /** Components of the manifest's dashboard cards, by card component name. */
  dashboardCards?: Readonly<Record<string, Lazyable<DashboardCardProps>>>;
  mapLayers?: readonly MapLayer[];
  /** The module's strings (i18n/en.ts), merged into the bundle before its screens render. */
  strings?: () => Promise<Record<string, unknown>>;
}

export function defineClientModule(m: ClientModule): ClientModule {
  return m;
}
