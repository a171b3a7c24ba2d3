import { SearchQuery } from '../../protocol/query';

// Who is in a collection (docs/collections.md), as one search query that both halves build: the
// members added by hand (`rel`), the items that name the collection in their own `collections`,
// and, for a dynamic collection, what its membershipQuery finds. The query runs as the reader
// through the one search path, so each person sees the members they may read and no other: the
// same collection has different members for an Elder and for a visitor.

/** What of a saved search a membership query keeps: its filters, never its paging or facets. */
const FILTER_KEYS = ['must', 'should', 'mustNot', 'subs', 'subsShould', 'minShould'] as const;

export type MembershipQuery = Pick<SearchQuery, (typeof FILTER_KEYS)[number]>;

/**
 * A membership query as stored: the filters of a valid search query, or null when it is none
 * (the hook refuses it then). Sort, paging, facets and labels are the page's, not the collection's.
 */
export function membershipFilters(raw: unknown): MembershipQuery | null {
  const parsed = SearchQuery.safeParse(raw);
  if (!parsed.success) return null;
  const out: MembershipQuery = {};
  for (const k of FILTER_KEYS) if (parsed.data[k] !== undefined) Object.assign(out, { [k]: parsed.data[k] });
  return Object.keys(out).length ? out : null;
}

export interface CollectionLike {
  $id: string;
  rel?: unknown;
  membershipQuery?: unknown;
  constrainTypes?: unknown;
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The members of a collection as a search query (without sort and paging). */
export function membersQuery(c: CollectionLike): SearchQuery {
  const ways: SearchQuery[] = [{ must: { collections: [c.$id] } }];
  const rel = strings(c.rel);
  if (rel.length) ways.push({ must: { $id: rel } });
  const dynamic = membershipFilters(c.membershipQuery);
  if (dynamic) ways.push(dynamic);
  const types = strings(c.constrainTypes);
  return {
    subsShould: ways,
    // Never itself, and never its files: a collection's images are its own, not members.
    mustNot: { $id: [c.$id], _t: ['Attachment'] },
    ...(types.length ? { must: { _t: types } } : {}),
  };
}
