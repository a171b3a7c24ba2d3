import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { ORGANIZATION_TYPES } from '../core/types';

// The belongings acts (docs/belongings.md): the institutions list (spec §7 searchBelongingOrgs:
// "payload query; response results") and sharing a belonging's repatriation history with its
// institution.

const BelongingId = z.string().regex(/^Belonging-[1-9][0-9]*$/, 'a Belonging id');

export const BelongingOrg = z.strictObject({
  $id: z.string(),
  label: z.string(),
  type: z.enum(ORGANIZATION_TYPES).nullable(),
  /** How many of the belongings the caller may read it holds. */
  belongings: z.number().int(),
});

export const belongingsActs = defineActs({
  /**
   * The organisations that hold belongings the caller may read (their `institution`), whose
   * name matches `query` (words, any order; empty: all), by name. An organisation named only by
   * belongings the caller may not read is not listed, nor is one the caller may not read.
   */
  searchBelongingOrgs: {
    body: z.strictObject({ query: z.string().max(200) }),
    reply: z.strictObject({ results: z.array(BelongingOrg) }),
  },
  /**
   * Shares the belonging, with its history, with its institution (a read grant to the
   * organisation, so each of its members reads it), or stops sharing (`share: false`). For
   * those who may change the belonging's level (its owner's editors and orgAdmins).
   */
  belShareHistory: {
    body: z.strictObject({ belonging: BelongingId, share: z.boolean() }),
    reply: z.strictObject({ $id: z.string(), institution: z.string(), shared: z.boolean() }),
  },
});
