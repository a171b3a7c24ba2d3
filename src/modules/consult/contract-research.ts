import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';

// The research checklist of a response (the RWF_RESEARCH step; docs/consult-response.md
// "Research checklist"): the sources the community checks before it answers, each ticked when
// checked, with a note and links to what was found. Saved on the response (`research`).

/** The sources, in the order the checklist lists them. */
export const RESEARCH_SOURCES = ['ARCHIVE', 'FIELD_DATA', 'LAND_USE', 'ELDERS'] as const;
export type ResearchSource = (typeof RESEARCH_SOURCES)[number];

/** At most this many links on one line. */
export const RESEARCH_LINKS_MAX = 20;

const ItemId = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*-[1-9]\d{0,15}$/, 'an item id');

export const ResearchCheckZ = z.strictObject({
  source: z.enum(RESEARCH_SOURCES),
  checked: z.boolean(),
  note: z.string().max(5000).optional(),
  /** Items that hold what was found (archive items, places, field data, recordings…). */
  found: z.array(ItemId).max(RESEARCH_LINKS_MAX).optional(),
});
export type ResearchCheck = z.infer<typeof ResearchCheckZ>;

export const researchActs = defineActs({
  /**
   * Saves the response's checklist (one line per source). A link must name an item every reader
   * of the response may read: a find that is more restricted than the response is refused
   * (invalidInput, `errors.invalidValue` on `checks.<i>.found.<j>`), to be noted in words, so no reader learns of it.
   */
  rwfResearchSave: {
    body: z.strictObject({
      response: z.string().regex(/^ConsultResponse-[1-9]\d*$/),
      checks: z.array(ResearchCheckZ).max(RESEARCH_SOURCES.length),
    }),
    reply: z.strictObject({ $id: z.string(), $version: z.number() }),
  },
});
export type ResearchActs = typeof researchActs;
