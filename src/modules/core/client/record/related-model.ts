// What a record's Related section asks and how it groups the answer (pure, unit-tested).

/**
 * Types left out of Related: each has its own place on the record (the files are the
 * Attachments section, a thread's messages its pane) or is another person's (notifications).
 */
export const RELATED_EXCLUDED_TYPES = ['Notify', 'Attachment', 'Message'] as const;

/** The first page of related items; "Show more" asks for this many more. */
export const RELATED_PAGE = 10;

/**
 * search/ids for the items pointing at `id` (`$linked`), newest first, without the excluded
 * types and without the threads whose context it is (the Conversations section lists those).
 */
export function relatedQuery(id: string, max: number) {
  return {
    must: { $linked: [id] },
    mustNot: { _t: [...RELATED_EXCLUDED_TYPES], context: [id] },
    facets: ['_t'],
    labels: true,
    sort: [{ key: '_m.ts', order: 'desc' as const }],
    max,
  };
}

/** The type of an id (Contact-3 → Contact). */
export function typeOfId(id: string): string {
  const dash = id.lastIndexOf('-');
  return dash > 0 ? id.slice(0, dash) : id;
}

export interface RelatedGroup {
  type: string;
  /** How many of the type point at the item (the facet's count), shown or not. */
  count: number;
  ids: string[];
}

/** The ids grouped by type, groups in the order their first item came; counts from the facet. */
export function groupRelated(
  ids: readonly string[],
  typeCounts: readonly { value: unknown; count: number }[],
): RelatedGroup[] {
  const groups = new Map<string, RelatedGroup>();
  for (const id of ids) {
    const type = typeOfId(id);
    let g = groups.get(type);
    if (!g) {
      const count = typeCounts.find((b) => b.value === type)?.count ?? 0;
      g = { type, count, ids: [] };
      groups.set(type, g);
    }
    g.ids.push(id);
  }
  for (const g of groups.values()) g.count = Math.max(g.count, g.ids.length);
  return [...groups.values()];
}
