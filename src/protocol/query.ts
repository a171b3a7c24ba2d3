import { z } from 'zod';
import { MAX_ALL } from './constants';

// The search query model (spec core §3 "Search query and response"), shared by both sides.

const Value = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
export const Clause = z.record(z.string().min(1).max(200), z.array(Value).max(1000));
export type Clause = z.infer<typeof Clause>;

export interface SearchQuery {
  must?: Clause;
  should?: Clause;
  mustNot?: Clause;
  subs?: SearchQuery[];
  subsShould?: SearchQuery[];
  minShould?: number;
  sort?: { key: string; order: 'asc' | 'desc' }[];
  facets?: string[];
  labels?: boolean;
  max?: number;
  offset?: number;
  /** Relation pickers: leave out Users whose account is blocked and Contacts linked to them. */
  excludeBlocked?: boolean;
}

export const SearchQuery: z.ZodType<SearchQuery> = z.lazy(() =>
  z.strictObject({
    must: Clause.optional(),
    should: Clause.optional(),
    mustNot: Clause.optional(),
    subs: z.array(SearchQuery).max(20).optional(),
    subsShould: z.array(SearchQuery).max(20).optional(),
    minShould: z.number().int().min(0).max(100).optional(),
    sort: z
      .array(z.object({ key: z.string().max(200), order: z.enum(['asc', 'desc']) }))
      .max(5)
      .optional(),
    facets: z.array(z.string().max(200)).max(20).optional(),
    labels: z.boolean().optional(),
    max: z.number().int().min(0).max(MAX_ALL).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional(),
    excludeBlocked: z.boolean().optional(),
  }),
);

export interface FacetBucket {
  value: string | number | boolean | null;
  count: number;
  label?: string;
}

export interface SearchResult {
  ids: string[];
  labels: Record<string, string>;
  facets: Record<string, FacetBucket[]>;
  total: number;
}

/** The key for full-text search inside must/should/mustNot. */
export const TEXT_KEY = '$text';

/**
 * Words as full-text search sees them, in an item's text and in a query alike: runs of letters
 * (with their combining marks) and digits of any script, lower-cased. Punctuation splits, so a
 * file name "drone-survey-2.bin", an e-mail address or a hyphenated name is found by any of its
 * parts; PostgreSQL's own parser would keep those whole, and a query word would miss them.
 */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

/** Words of a full-text query (at most 20). */
export function textTokens(text: string): string[] {
  return searchWords(text).slice(0, 20);
}
