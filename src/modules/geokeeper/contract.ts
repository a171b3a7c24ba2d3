import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { geokeeperFormActs } from './contract-forms';
import { fieldworkActs } from './contract-fieldwork';
import { exportActs, exportAsyncActs } from './contract-export';
import { mapActs } from './contract-map';

// The GeoKeeper acts (docs/geokeeper.md "Held edits"). applyGeoKeeperFieldDataEdits (spec §7):
// the edits a monitor made offline, per record, each at the version it was made on. Each record
// is one write through the item service, so the policy, the hooks (the finalized lock) and the
// version check apply as to any update: a record changed on the server meanwhile is a conflict,
// reported with the server's record, never overwritten.

/** At most this many records per call, and changes per record (a sync sends its edits in batches). */
export const EDITS_MAX_ITEMS = 200;
export const EDITS_MAX_CHANGES = 500;

const FieldDataId = z.string().regex(/^GeoKeeperFieldData-[1-9][0-9]*$/, 'a GeoKeeperFieldData id');

/**
 * A path into the record: a property (`notes`, `categories`), or inside a json one
 * (`formInstance.formData.river_colour`, `formInstance.formData.visits.0.count`). Segments are
 * names or array indexes; a property's own name never starts with `$` or `_` here.
 */
const EditPath = z
  .string()
  .min(1)
  .max(500)
  .regex(/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+){0,15}$/, 'a dotted path');

export const FieldDataEdit = z.strictObject({
  /** The record's `$version` the edits were made on. */
  version: z.number().int().min(1),
  /** Applied in order; a null value removes the path. */
  changes: z
    .array(z.strictObject({ path: EditPath, value: z.unknown() }))
    .min(1)
    .max(EDITS_MAX_CHANGES),
});
export type FieldDataEdit = z.infer<typeof FieldDataEdit>;

export const FieldDataEditResult = z.discriminatedUnion('status', [
  /** Applied: the record's new version (the device clears its held edits). */
  z.strictObject({ status: z.literal('applied'), version: z.number() }),
  /** Changed on the server since: nothing applied; the server's record, to show beside the edits. */
  z.strictObject({ status: z.literal('conflict'), currentVersion: z.number(), current: z.unknown() }),
  /** Refused (not found, not allowed, invalid, finalized): nothing applied; the reason. */
  z.strictObject({
    status: z.literal('refused'),
    error: z.string(),
    fields: z.array(z.strictObject({ path: z.string(), key: z.string() })).optional(),
  }),
]);
export type FieldDataEditResult = z.infer<typeof FieldDataEditResult>;

const geokeeperEditActs = defineActs({
  applyGeoKeeperFieldDataEdits: {
    body: z.strictObject({
      edits: z
        .record(FieldDataId, FieldDataEdit)
        .refine((e) => Object.keys(e).length <= EDITS_MAX_ITEMS, `at most ${EDITS_MAX_ITEMS} records`),
    }),
    reply: z.strictObject({ results: z.record(z.string(), FieldDataEditResult) }),
  },
});

/** Every GeoKeeper act: the held edits', and each part's (contract-<part>.ts). */
export const geokeeperActs = {
  ...geokeeperEditActs,
  ...geokeeperFormActs,
  ...fieldworkActs,
  ...mapActs,
  ...exportActs,
};

/** The GeoKeeper async actions (act/{name}/async): the exports. */
export const geokeeperAsyncActs = { ...exportAsyncActs };
