import { z } from 'zod';
import { MAX_ALL } from './constants';

// The search query model (spec core §3 "Search query and response"), shared by both sides.

/*
 * Bounds on a query's size (docs/protocol.md "Search"). A query becomes one SQL condition per
 * value, nested as its subs are, and on the embedded database that statement runs in the server's
 * own thread, where no statement timeout can stop it: the size must be bounded before any SQL is
 * written. The client's real queries use one level of subs and a handful of keys; export-zip
 * sends up to 1,000 parent ids under one key.
 */
/** How deep subs/subsShould may nest below the root query (a sub of the root is at depth 1). */
export const SEARCH_MAX_DEPTH = 4;
/** The most sub-queries in one subs or subsShould list. */
export const SEARCH_MAX_SUBS = 20;
/** The most nodes in a whole query: every query object (root and subs) and every key of its clauses. */
export const SEARCH_MAX_NODES = 100;
/** The most values under one key of a clause. */
export const SEARCH_MAX_VALUES_PER_KEY = 1000;
/** The most values in all clauses of a whole query. */
export const SEARCH_MAX_VALUES = 2000;
/**
 * The most full-text words in a whole query, each `$text` value counting the words it keeps (at
 * most 20, textTokens). Every word is a prefix scan of the text index: 2,000 values of 20 words
 * ran for over 8 minutes on the embedded database. A search box sends one value.
 */
export const SEARCH_MAX_TEXT_WORDS = 40;
/**
 * The most range values ("from..to": date bands, size bands) in a whole query. Unlike plain
 * values, which the server tests as one set, each range is a test of its own on every row.
 */
export const SEARCH_MAX_RANGES = 50;

const Value = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
export const Clause = z.record(z.string().min(1).max(200), z.array(Value).max(SEARCH_MAX_VALUES_PER_KEY));
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

/** What is wrong with a query's size or keys, found on the raw JSON before the schema reads it. */
export type QueryBoundsProblem =
  | { kind: 'tooBroad'; message: string }
  /** A clause key named after an Object.prototype member (`__proto__`, `constructor`, …). */
  | { kind: 'reservedKey'; key: string };

const CLAUSES = ['must', 'should', 'mustNot'] as const;
const SUB_LISTS = ['subs', 'subsShould'] as const;

/**
 * Walks a raw (JSON-parsed) query without recursion and stops at the first bound it passes, so a
 * frame nested a thousand levels deep costs a few steps and never reaches the recursive schema
 * (zod's z.lazy would recurse once per level). Shapes it does not expect are left to the schema.
 * It also reports clause keys named after Object.prototype members: the schema's record drops an
 * own `__proto__` key silently, so only the raw JSON still shows it.
 */
export function searchQueryBounds(raw: unknown): QueryBoundsProblem | null {
  const tooBroad = (message: string): QueryBoundsProblem => ({ kind: 'tooBroad', message });
  const stack: { q: unknown; depth: number }[] = [{ q: raw, depth: 0 }];
  let nodes = 0;
  let values = 0;
  let words = 0;
  let ranges = 0;
  while (stack.length) {
    const { q, depth } = stack.pop()!;
    if (!isObject(q)) continue;
    if (++nodes > SEARCH_MAX_NODES) return tooBroad(`more than ${SEARCH_MAX_NODES} query nodes`);
    for (const name of CLAUSES) {
      const c = q[name];
      if (!isObject(c)) continue;
      for (const key of Object.keys(c)) {
        if (key in Object.prototype) return { kind: 'reservedKey', key };
        if (++nodes > SEARCH_MAX_NODES) return tooBroad(`more than ${SEARCH_MAX_NODES} query nodes`);
        const v = c[key];
        if (!Array.isArray(v)) continue;
        if (v.length > SEARCH_MAX_VALUES_PER_KEY)
          return tooBroad(`more than ${SEARCH_MAX_VALUES_PER_KEY} values for ${key}`);
        values += v.length;
        if (values > SEARCH_MAX_VALUES) return tooBroad(`more than ${SEARCH_MAX_VALUES} values`);
        for (const t of v) if (typeof t === 'string' && t.includes('..')) ranges++;
        if (ranges > SEARCH_MAX_RANGES) return tooBroad(`more than ${SEARCH_MAX_RANGES} ranges`);
        if (key !== TEXT_KEY) continue;
        for (const t of v) if (typeof t === 'string') words += textTokens(t).length;
        if (words > SEARCH_MAX_TEXT_WORDS)
          return tooBroad(`more than ${SEARCH_MAX_TEXT_WORDS} words of full text`);
      }
    }
    for (const name of SUB_LISTS) {
      const subs = q[name];
      if (!Array.isArray(subs) || subs.length === 0) continue;
      if (subs.length > SEARCH_MAX_SUBS) return tooBroad(`more than ${SEARCH_MAX_SUBS} ${name}`);
      if (depth + 1 > SEARCH_MAX_DEPTH) return tooBroad(`${name} nested deeper than ${SEARCH_MAX_DEPTH}`);
      for (const sub of subs) stack.push({ q: sub, depth: depth + 1 });
    }
  }
  return null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const QueryShape: z.ZodType<SearchQuery> = z.lazy(() =>
  z.strictObject({
    must: Clause.optional(),
    should: Clause.optional(),
    mustNot: Clause.optional(),
    subs: z.array(QueryShape).max(SEARCH_MAX_SUBS).optional(),
    subsShould: z.array(QueryShape).max(SEARCH_MAX_SUBS).optional(),
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

/**
 * A search query. The bounds are checked first, on the raw value, so every reader of a query
 * (search/ids, the export acts, the zip route) refuses an oversized or deeply nested one before
 * the recursive shape is parsed.
 */
export const SearchQuery: z.ZodType<SearchQuery> = z
  .unknown()
  .superRefine((raw, ctx) => {
    const problem = searchQueryBounds(raw);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: problem.kind === 'tooBroad' ? problem.message : `unknown search key ${problem.key}`,
      });
  })
  .pipe(QueryShape);

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
