import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';

// The archive's acts (spec capability-modules §7: "searchSourceOrgs: payload query; response
// results"; server/source-orgs.ts).

/** Most organisations one answer lists. */
export const SOURCE_ORGS_MAX = 200;

export const archiveActs = defineActs({
  /**
   * The organisations that are the source (`sourceOrg`) of archive entries the caller may read,
   * whose name matches `query` (all of them when blank), by name, each with how many of those
   * entries it is the source of.
   */
  searchSourceOrgs: {
    body: z.strictObject({ query: z.string().max(200) }),
    reply: z.strictObject({
      results: z
        .array(z.strictObject({ $id: z.string(), label: z.string(), entries: z.number().int() }))
        .max(SOURCE_ORGS_MAX),
    }),
  },
});
