import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';

// The GeoKeeper map's act (docs/geokeeper.md "The map"): streamFieldDataForMap (spec §7). As
// spatial's streamFeatures: ids from search (the read rule in SQL), each row checked again by the
// policy, keyset batches. contract.ts joins it to the module's acts.

/** The most features one batch carries; the client asks again with the cursor until it is null. */
export const FIELD_MAP_BATCH_MAX = 2000;
export const FIELD_MAP_BATCH_DEFAULT = 1000;

const FieldDataId = z.string().regex(/^GeoKeeperFieldData-[1-9][0-9]*$/, 'a GeoKeeperFieldData id');
const ProgramId = z.string().regex(/^GeoKeeperProgram-[1-9][0-9]*$/, 'a GeoKeeperProgram id');
const ItemId = z.string().regex(/^[A-Za-z][A-Za-z0-9]*-[1-9][0-9]*$/, 'an item id');

/** The types the field data map draws: records and trips, and the program's work items and references. */
export const FIELD_MAP_TYPES = ['GeoKeeperFieldData', 'GeoKeeperWorkItem', 'GeoKeeperReference'] as const;

/** One feature as the field data map draws it: what a marker, its colour and its tooltip need. */
export const FieldMapFeature = z.strictObject({
  t: z.enum(FIELD_MAP_TYPES),
  label: z.string(),
  geometry: z.unknown(),
  /** Field data: TRIP or RECORD. */
  formType: z.string().optional(),
  /**
   * The work item whose colour it takes (field data: its work item; a work item: itself). Only a
   * work item the asker may read is named: another's id never travels.
   */
  workItem: z.string().optional(),
  collected: z.string().optional(),
});
export type FieldMapFeature = z.infer<typeof FieldMapFeature>;

export const StreamFieldDataBody = z
  .strictObject({
    /** These records and trips themselves (a search's results, a selection). */
    fieldDataIds: z.array(FieldDataId).min(1).max(500).optional(),
    /** Ours: a program's field data, with its work items and references (the program's map). */
    program: ProgramId.optional(),
    /** The previous batch's cursor (its last id); null or absent for the first batch. */
    cursor: ItemId.nullable().optional(),
    /** Also count the whole stream (the reply's total); the client asks it with its second batch. */
    count: z.boolean().optional(),
    batch: z.number().int().min(1).max(FIELD_MAP_BATCH_MAX).optional(),
  })
  .refine((b) => b.fieldDataIds || b.program, { message: 'errors.required', path: ['fieldDataIds'] });

export const mapActs = defineActs({
  /**
   * One batch of the field data the asker may read, with work item colours (spec §7): an id they
   * may not read is absent. `workItems`: the labels of the readable work items the batch names,
   * for the legend. `cursor` null: the last batch.
   */
  streamFieldDataForMap: {
    body: StreamFieldDataBody,
    reply: z.strictObject({
      features: z.record(z.string(), FieldMapFeature),
      workItems: z.record(z.string(), z.string()),
      cursor: z.string().nullable(),
      total: z.number().int().nullable(),
    }),
  },
});
