import type { AccessLevel, Role } from '../protocol/access-levels';

// Property kinds a type may declare (DESIGN §3 "Type registry").
export const PROPERTY_KINDS = [
  'text',
  'string',
  'number',
  'date',
  'dateTime',
  'boolean',
  'enum',
  'lov',
  'relation',
  'geometry',
  'file',
  'json',
] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

export type NumberKind = 'FLOAT' | 'INTEGER' | 'NATURAL';
export type StringFormat = 'email' | 'phone' | 'url' | 'hex' | 'lowercase';

export interface PropertyDef {
  kind: PropertyKind;
  /** Relation target types; '*' accepts any registered type. */
  types?: readonly string[];
  list?: boolean;
  /** true, or 'exceptAdmin' for spec §5's "required except for admins". */
  required?: boolean | 'exceptAdmin';
  /** Feeds full-text search. */
  textField?: boolean;
  /**
   * A search facet: true counts each value; 'sizeBands' counts a byte size in the bands of
   * spec core §3 (and the value is shown as a size).
   */
  facet?: boolean | 'sizeBands';
  /** Dates may be just a year (YYYY) or a month (YYYY-MM). */
  impreciseDate?: boolean;
  /** Allowed values of an enum. */
  values?: readonly string[];
  /** The list-of-values name of a lov property. */
  lov?: string;
  maxLength?: number;
  numberKind?: NumberKind;
  /**
   * Whole cents of the site's currency (an INTEGER or NATURAL number): typed and shown as money,
   * "45.50" in the form and "$45.50" on the record, kept as 4550 (kernel/money.ts).
   */
  money?: boolean;
  format?: StringFormat;
  notBlank?: boolean;
  minItems?: number;
  maxItems?: number;
  exactItems?: number;
  /** For end dates: must not be before this other property (errors.endBeforeStart). */
  notBefore?: string;
  /** The value must be a kind registered for this family (Agreement and Import kinds). */
  registeredKind?: 'Agreement' | 'Import';
  /** A json map of language code → text (a list value's labels): edited per language, checked as such. */
  translations?: boolean;
  /** Who may write it: 'system' (server only) or 'admin'. Others may not set it. */
  write?: 'system' | 'admin';
  /**
   * 'current-only': its past values are not shown in the item's history (act/timeline) to anyone
   * but admins and those who may update the item (docs/access-model.md "History"): a living
   * person's birth facts, removed so the record could be opened, stay removed. Every geometry
   * property is so without saying it (`pastValuesKept`).
   * 'changed-only': the history shows only that it changed: its values, old and new, are shown to
   * admins alone, not to those who may update the item either (`changeValuesShown`). A family's
   * facts (research): who a child's parents are, and how, is not the next editor's to recover.
   */
  history?: 'current-only' | 'changed-only';
  /**
   * A boolean that, when true, keeps the item out of general search unless the query names the
   * property (a filter or a facet): a file in the trash. The narrow search table carries it
   * (ckk_item_search_data, migration 0009; test/search.test.ts checks that).
   */
  hideInGeneralSearch?: boolean;
  /**
   * Sorting by this property sorts by that one instead: a stored key computed on write (the
   * vocab module's Lexeme label sorts by its `sortKey`, the label in its language's alphabet).
   */
  sortBy?: string;
  /**
   * The field editor a module's client half registers under this name (manifest
   * `fieldEditorKinds`), used instead of the kind's: an enum list drawn as grouped badges.
   */
  editor?: string;
}

export interface TypeAccess {
  /** Who may create: 'admin', any signed-in user, or these roles (or higher) in the owner organisation. */
  create: 'admin' | 'signedIn' | readonly Role[];
  defaultLevel: AccessLevel;
  /** Spec names for the level and owner where a type calls them differently. */
  levelField?: string;
  ownerField?: string;
  /** Derived data: read and update follow the item named by this relation property. */
  follows?: string;
  /** Only the user named here may read the item (and only while they may read `follows`). */
  recipientField?: string;
  /** 'signedIn': every signed-in user may read every item of the type (site notices: SystemAlert). */
  read?: 'signedIn';
  /**
   * The item is its own owner (an organisation): it is created owning itself, its owner can never
   * be moved, and only items of such types may be named as an `owner`.
   */
  ownsItself?: boolean;
  /**
   * Actions granted to the item itself as a principal when it is created (a User holds read and
   * update on their own User item; nobody may ever grant on one's own item, see the policy).
   */
  selfGrant?: readonly ('read' | 'update' | 'delete')[];
  /**
   * For a type that `follows` a parent: the right on the parent needed to create under it.
   * Default 'update'; 'read' lets readers add to it (a reply in a thread one may read).
   */
  createUnderParent?: 'read' | 'update';
  /**
   * Its items are the people who sign in (core's User): credentials, sessions, memberships and
   * tokens name them, and every item's creator (`_c`) may be one. Exactly one registered type
   * declares it; the server asks the registry (`principalType`) rather than naming it.
   */
  principal?: boolean;
  /**
   * Where the type applies: an item of it may be owned only by an organisation matching one of
   * these places, on top of `create`'s roles. A place names the organisation kinds (the owner
   * type's `kindField`: an Organization's `type`) and a capability the creator must hold there
   * (their own or the organisation's). The community's keeping types (protocols, Local Contexts
   * wording, collections, the communication log) name COMMUNITY, so a proponent's or regulator's
   * people are never offered them; the policy answers type-level questions by it too, so the
   * screens offer exactly what the server allows (docs/layout.md "Screens match rights").
   * Admins pass; a personal item (no owner) never matches.
   */
  createIn?: readonly CreatePlace[];
  /** On a type that `ownsItself`: the enum property holding the organisation's kind. */
  kindField?: string;
}

/** One kind of organisation a type may be created in (TypeAccess.createIn). */
export interface CreatePlace {
  /** The owner's kind is one of these (any kind when left out). */
  kinds?: readonly string[];
  /** The creator holds this capability, personally or through the owner organisation. */
  capability?: string;
}

export interface ItemTypeDef {
  name: string;
  properties: Record<string, PropertyDef>;
  defaultHeaders?: readonly string[];
  facets?: readonly string[];
  defaultIcon?: string;
  /**
   * The properties a record's header shows beside its label (a contact's organisation, e-mail
   * and phone): what a person looks for first. Declared properties or automatic ones.
   */
  keyFacts?: readonly string[];
  /**
   * Properties the one-at-a-time display (CAROUSEL) keeps covered until the reader asks, so it
   * serves as flashcards: a word's translation, guessed before it is shown.
   */
  carouselReveal?: readonly string[];
  /** An enum property shown as the record's state chip in its header (an agreement's state). */
  stateField?: string;
  /**
   * How a map draws the type's items (the spatial module's streamFeatures and search MAP mode;
   * docs/spatial-map.md "Other types on the map"): the geometry property (default `geometry`,
   * else the type's first), and the property whose value sizes a marker: a number of metres, or
   * an enum value looked up in `accuracyMetres` (research data's LOW/MEDIUM/HIGH).
   */
  map?: { geometry?: string; accuracy?: string; accuracyMetres?: Readonly<Record<string, number>> };
  /**
   * The item's area is drawn from other items, its parts: the items of `type` whose relation
   * `link` names it (a consultation's project features). The spatial module's record section
   * shows them on a small map over the basemap, with the reader's own places beside them; the
   * parts are searched as the reader, so a part they may not read is not drawn.
   */
  areaParts?: { type: string; link: string };
  /**
   * Search results of the type show the item's image (its oldest image file: /item-id-image) as
   * a thumbnail in CARDS, TABLE and CAROUSEL, for items whose `property` is true or holds `value`
   * (an archive entry with an IMAGE among its media): only those ask for an image at all.
   */
  cardImage?: { property: string; value?: string };
  /** Label template, e.g. '{firstName} {lastName}'. Empty result falls back to the id. */
  label?: string;
  excludeGeneralSearch?: boolean;
  sideLoadItem?: boolean;
  /** Items of this type hold files: the generic item screen shows an Attachments section. */
  attachments?: boolean;
  /** Its writes are not news: they notify nobody (notifications themselves, the audit trail, tasks). */
  silent?: boolean;
  /** The item menu offers History (default true; false where the history says nothing, Notify). */
  history?: boolean;
  /** The item menu offers the item's notification preference (default true). */
  notifyPrefs?: boolean;
  /**
   * false: the type takes none of the modules' item properties (manifest `itemProperties`, such
   * as Local Contexts' labels). For bookkeeping rows (time logged, an expense, a rate), which
   * hold no knowledge to label and whose forms those fields only clutter. Default true.
   */
  itemProperties?: boolean;
  /**
   * Its items may be named as an item's creator (`_c`) besides the principal type's (core's
   * Contact: imported records name people without an account). The registry derives `_c`'s
   * targets from this and `access.principal`.
   */
  creator?: boolean;
  /**
   * A relation to the principal type naming the person's account (core's Contact.user): when
   * that account is blocked, searches with `excludeBlocked` (pickers) leave the item out, as
   * they leave out the blocked account's own item.
   */
  accountField?: string;
  /**
   * Indexes on this type's rows in `items`, made at start (`create index if not exists`, only
   * over this type's rows): a lookup a module's screens or jobs make often, or a search its
   * screens run on many rows. A btree index's keys are declared properties (indexed as their
   * text, `data->>'key'`) or the columns in INDEXABLE_COLUMNS; a gin index has one key, a
   * declared property (see TypeIndex `method`). The name must start with `items_` and be unique.
   * Searches without words read `items`, so these serve them (docs/adr/0005-declared-search-indexes.md).
   */
  indexes?: readonly TypeIndex[];
  /**
   * The counts of the type's facets are kept ahead of time (search/kept-facets.ts): per
   * organisation, level and protocol set, by triggers on every write. The catalogue's first page
   * (the type alone, every facet its screen asks for) then sums a few thousand kept counts instead
   * of counting every readable item (issue 17: 200,000 archive entries). Only for a type whose
   * read rule is its own level, owner and grants (no `follows`, no `recipientField`).
   */
  keepFacetCounts?: boolean;
  /**
   * Its items run workflows (the workflow module's engine): they carry `_wf` and the flat
   * `_wf.*` keys (workflow/types.ts `workflowProperties(stateList)`), whose `_wf.state` takes the
   * values of this list in the owning organisation (ConsultResponse: RWF_STATES).
   */
  workflow?: {
    stateList: string;
    /** The capability its items are worked under (admin.workflows is offered to its holders). */
    capability?: string;
  };
  access: TypeAccess;
}

export interface TypeIndex {
  name: string;
  keys: readonly string[];
  /**
   * 'btree' (the default): the keys' text, for equality, ranges and order (`data->>'key'`).
   * 'gin': one property's JSON value with jsonb_path_ops (`data->'key'`), which serves the
   * test search writes for a property's value, `(data->'key') @> value`: a value of a list
   * property such as `_wf.$assigned` ("assigned to me"), which no btree on its text can find.
   */
  method?: 'btree' | 'gin';
}

/**
 * The columns of `items` a declared btree index may name besides the type's properties. `access`
 * with `owner` serves the read rule: each of its branches tests a level, an owner or both, so
 * with such an index over a type's rows the planner reads only the asker's organisations' items
 * of that type (a BitmapOr) instead of every row of it.
 */
export const INDEXABLE_COLUMNS = ['num', 'owner', 'access', 'created_at'] as const;

/**
 * The automatic creator relation. Its targets are the types that may create (the principal type
 * and those declared `creator`), which only the registry knows: `buildRegistry` sets them.
 */
export const CREATOR_PROPERTY: PropertyDef = { kind: 'relation', write: 'system', facet: true };

/** Properties every type has automatically (spec core §3 "Item (generic)"). */
export const AUTO_PROPERTIES: Record<string, PropertyDef> = {
  url: { kind: 'string', write: 'system' },
  _t: { kind: 'string', write: 'system', facet: true },
  _i: { kind: 'number', write: 'system' },
  _c: CREATOR_PROPERTY,
  '_c.ts': { kind: 'dateTime', write: 'system', facet: true },
  _score: { kind: 'number', write: 'system' },
};

export const DEFAULT_HEADERS = ['_i', '_c', '_c.ts'] as const;

/**
 * Whether the history may show a property's past values to its ordinary readers: not for those
 * declared `history: 'current-only'`, nor for any geometry (an exact site before it was
 * generalised is what generalising withdrew).
 */
export function pastValuesKept(p: PropertyDef | undefined): boolean {
  return !p || (p.history === undefined && p.kind !== 'geometry');
}

/**
 * Whether the history may show a change's values at all to anyone but admins: not for those
 * declared `history: 'changed-only'`, present values included (the record shows those).
 */
export function changeValuesShown(p: PropertyDef | undefined): boolean {
  return p?.history !== 'changed-only';
}
