import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { parseBBoxValue } from '../../kernel/geometry';

// The spatial acts of the map's reads: streamFeatures (spec §7) and what the layer tree needs. One file per part of the module so each
// part's contract reads on its own; contract.ts joins them.

/** The most features one batch carries; the client asks again with the cursor until it is null. */
export const STREAM_BATCH_MAX = 2000;
export const STREAM_BATCH_DEFAULT = 1000;

const ItemId = z.string().regex(/^[A-Za-z][A-Za-z0-9]*-[1-9][0-9]*$/, 'an item id');
const TypeName = z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'a type name');
const Ids = z.array(ItemId).min(1).max(500);

/** One feature as the map draws it: only what a marker and its tooltip need. */
export const MapFeature = z.strictObject({
  /** The item's type (SpatialFeature, Feature, or another type with a geometry). */
  t: z.string(),
  label: z.string(),
  spatialType: z.string().nullable(),
  geometry: z.unknown(),
  accuracy: z.number().optional(),
  collection: z.string().optional(),
  /** A Feature's item it stands for. */
  rel: z.string().optional(),
});
export type MapFeature = z.infer<typeof MapFeature>;

export const StreamFeaturesBody = z
  .strictObject({
    /** Layers: features whose collection is one of these, or items $linked to them. */
    relatedIDs: Ids.optional(),
    /** These items themselves, where they have a geometry (a search's results, the MAP mode). */
    itemIDs: Ids.optional(),
    /** Feature items standing for these items. */
    proxyIDs: Ids.optional(),
    /** Only proxies (Feature items) whose `rel` is of these types. */
    onlyProxyTypes: z.array(TypeName).min(1).max(50).optional(),
    /**
     * A search query (search/ids' body) whose results are streamed, however many (the MAP mode):
     * its own filters, the read rule in SQL, keyset-paged; its sort, page and facets are not used.
     */
    query: z.record(z.string(), z.unknown()).optional(),
    /** Also DRAFT and ARCHIVED features (the map shows ACTIVE ones). */
    includeExcluded: z.boolean().optional(),
    /** "west,south,east,north": only features whose box overlaps it. */
    bbox: z
      .string()
      .max(200)
      .refine((v) => parseBBoxValue(v) !== null, 'errors.invalidValue')
      .optional(),
    /** The previous batch's cursor (its last id); null or absent for the first batch. */
    cursor: ItemId.nullable().optional(),
    /** Also count the whole stream (the reply's total); the client asks it with its second batch. */
    count: z.boolean().optional(),
    batch: z.number().int().min(1).max(STREAM_BATCH_MAX).optional(),
  })
  .refine((b) => b.relatedIDs || b.itemIDs || b.proxyIDs || b.onlyProxyTypes || b.query, {
    message: 'errors.required',
    path: ['relatedIDs'],
  });

export const mapActs = defineActs({
  /**
   * One batch of the features the asker may read (spec §7): every id comes from search (the read
   * rule in SQL), every row from a policy-checked read. `cursor` null: the last batch.
   */
  streamFeatures: {
    body: StreamFeaturesBody,
    reply: z.strictObject({
      features: z.record(z.string(), MapFeature),
      cursor: z.string().nullable(),
      /**
       * How many the whole stream holds (readable ones only), for the progress bar: null unless
       * `count` was asked or this first batch is the whole stream.
       */
      total: z.number().int().nullable(),
    }),
  },
});
