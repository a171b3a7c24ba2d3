import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { MEDIA_CATEGORIES } from './media';

// The archive (spec capability-modules §3 "Archive"; docs/archive.md): bibliographic entries for
// the community's documents, photographs, recordings, maps and reports, with their files.

/** Lists of values per owning organisation (spec §5): an entry's category and its type. */
export const ARCHIVE_CATEGORIES = 'ARCHIVE_CATEGORIES';
export const ARCHIVE_TYPES = 'ARCHIVE_TYPES';
export const ARCHIVE_LOV_LISTS = [ARCHIVE_CATEGORIES, ARCHIVE_TYPES] as const;

/** The CSV import's kind (an Import item's `kind`; the importer itself is a later issue). */
export const ARCHIVE_IMPORT_KIND = 'ARCHIVE_CSV';

const str = (maxLength = 500): PropertyDef => ({ kind: 'string', maxLength, textField: true });
const text = (maxLength = 20_000): PropertyDef => ({ kind: 'text', maxLength, textField: true });

/**
 * An archive entry: every field of the spec ("title, secondaryTitle, creator, contributor, …,
 * $access, upgradeError"). `$access` is the item's level (the generic `access` column);
 * `attachments` lists its files (uploads with relProp "attachments" land there). `mediaCategories`,
 * `year` and `hasImage` are derived on every write and whenever one of its files changes
 * (server/hooks.ts), never typed by hand.
 */
export const ArchiveEntry = defineItemType({
  name: 'ArchiveEntry',
  attachments: true,
  label: '{title}',
  defaultIcon: 'inventory_2',
  properties: {
    title: { ...str(500), required: true, notBlank: true },
    secondaryTitle: str(500),
    creator: { kind: 'string', list: true, maxItems: 50, maxLength: 300, textField: true },
    contributor: { kind: 'string', list: true, maxItems: 50, maxLength: 300, textField: true },
    description: text(),
    notes: text(),
    /** When it was made: a day, a month or just a year ("1923"). */
    date: { kind: 'date', impreciseDate: true },
    yearPublished: { kind: 'number', numberKind: 'NATURAL' },
    publisher: str(300),
    locationPublished: str(300),
    fileNumber: str(100),
    recordGroupNumber: str(100),
    reelNumber: str(100),
    /** ISBN, ISSN or another standard number. */
    standardNumber: str(100),
    callNumber: str(100),
    volumeName: str(300),
    volumeNumber: str(100),
    section: str(300),
    pages: str(100),
    language: { kind: 'string', list: true, maxItems: 20, maxLength: 100, facet: true },
    keywords: { kind: 'string', list: true, maxItems: 100, maxLength: 200, textField: true, facet: true },
    webLinks: { kind: 'string', list: true, maxItems: 20, maxLength: 2000, format: 'url' },
    relatedPlaceName: { kind: 'string', list: true, maxItems: 50, maxLength: 300, textField: true },
    bibliographicReference: text(5000),
    category: { kind: 'lov', lov: ARCHIVE_CATEGORIES, facet: true },
    type: { kind: 'lov', lov: ARCHIVE_TYPES, facet: true },
    attachments: { kind: 'relation', types: ['Attachment'], list: true, maxItems: 500 },
    /** The records this entry is about or comes from (spec §7: "ArchiveEntry by related id"). */
    rel: { kind: 'relation', types: ['*'], list: true, maxItems: 200 },
    collections: { kind: 'relation', types: ['Collection'], list: true, maxItems: 50, facet: true },
    /** The organisation the material came from (a museum, an agency, a family's donation). */
    sourceOrg: { kind: 'relation', types: ['Organization'], facet: true },
    spatialFeatures: { kind: 'relation', types: ['SpatialFeature'], list: true, maxItems: 200 },
    needsAttention: { kind: 'boolean', facet: true },
    needsAttentionComment: text(2000),
    /** Written by the system when an imported or migrated record could not be brought up to date. */
    upgradeError: { kind: 'text', maxLength: 5000, write: 'system' },
    /** The kinds of its files (media.ts), for the media facet. */
    mediaCategories: { kind: 'enum', values: MEDIA_CATEGORIES, list: true, facet: true, write: 'system' },
    /** The year of `date`, else `yearPublished`: the year facet. */
    year: { kind: 'number', numberKind: 'INTEGER', facet: true, write: 'system' },
  },
  defaultHeaders: ['category', 'type', 'date', 'sourceOrg', 'mediaCategories'],
  keyFacts: ['category', 'type', 'date', 'creator', 'sourceOrg'],
  facets: ['category', 'type', 'mediaCategories', 'collections', 'sourceOrg', 'year', 'needsAttention'],
  // Results show the entry's first image (ItemTypeDef.cardImage) when it has one.
  cardImage: { property: 'mediaCategories', value: 'IMAGE' },
  // Editors catalogue: whoever makes an entry may also change it and upload its files.
  access: { create: ['editor'], defaultLevel: 'COMMUNITY' },
  // The catalogue reads through the policy's level-and-owner branches (access, owner); "by
  // related id" and the collection and organisation filters are `@>` tests on lists (gin).
  // The catalogue's first page counts its facets from kept counts (docs/archive.md "Measured").
  keepFacetCounts: true,
  indexes: [
    { name: 'items_archiveentry_access', keys: ['access', 'owner'] },
    { name: 'items_archiveentry_rel_gin', keys: ['rel'], method: 'gin' },
    { name: 'items_archiveentry_collections_gin', keys: ['collections'], method: 'gin' },
    { name: 'items_archiveentry_sourceorg', keys: ['sourceOrg'] },
  ],
});

export const archiveTypes = [ArchiveEntry] as const;
