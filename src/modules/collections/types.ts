import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { IN_COMMUNITIES } from '../core/community-places';

// Collections (spec capability-modules §3 "Collection"; docs/collections.md): named groups of
// items, from archive entries and belongings to words, that an archivist curates by hand (addRels,
// removeRels) or defines by a search (membershipQuery), and shows as an exhibition.

/**
 * Kinds of collection ("not shown" in the spec): an archive's fonds and series, a curated
 * collection, and an exhibition, which the belongings.exhibitions screen lists.
 */
export const COLLECTION_TYPES = ['COLLECTION', 'EXHIBITION', 'FONDS', 'SERIES'] as const;

const str = (maxLength = 500): PropertyDef => ({ kind: 'string', maxLength });

export const Collection = defineItemType({
  name: 'Collection',
  attachments: true,
  label: '{title}',
  defaultIcon: 'collections_bookmark',
  properties: {
    title: { ...str(300), textField: true, required: true, notBlank: true },
    subtitle: { ...str(500), textField: true },
    /** A short name for chips and menus ("Treaty 9 papers"); the title when blank. */
    label: { ...str(120), textField: true },
    collectionType: { kind: 'enum', values: COLLECTION_TYPES, facet: true },
    /** The collections this one sits in (a series in its fonds). */
    collections: { kind: 'relation', types: ['Collection'], list: true, maxItems: 20, facet: true },
    /** An image uploaded to this collection (its uppyID), shown large on its page and as its image. */
    featureImage: { kind: 'file' },
    /**
     * A search request (the `search` act's must/should/mustNot/text, no paging) that makes the
     * collection dynamic: its members are what that search finds for whoever reads it.
     */
    membershipQuery: { kind: 'json' },
    /**
     * Members added by hand (addRels/removeRels with prop `rel`). An item also joins by naming
     * the collection in its own `collections`, and a dynamic collection by its membershipQuery.
     */
    rel: { kind: 'relation', types: ['*'], list: true, maxItems: 5000 },
    /** The item types members may have; any type when empty. */
    constrainTypes: { kind: 'string', list: true, maxItems: 30, maxLength: 100 },
    description: { kind: 'text', maxLength: 20_000, textField: true },
  },
  defaultHeaders: ['collectionType', 'subtitle', '_c.ts'],
  keyFacts: ['collectionType', 'collections'],
  facets: ['collectionType', 'collections', '_c.ts'],
  // Curating is an edit of the collection (editors of its owner), so making one is too.
  // What a community curates (docs/collections.md).
  access: { create: ['editor'], defaultLevel: 'COMMUNITY', createIn: IN_COMMUNITIES },
});

export const collectionsTypes = [Collection] as const;
