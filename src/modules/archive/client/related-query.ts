// The archive's search by related id (spec capability-modules §7 "ArchiveEntry by related id"):
// the generic search with a must filter on `rel`, so the policy's SQL form decides what it finds.

/** How many entries the section lists before it points to the catalogue. */
export const RELATED_MAX = 10;

export function relatedEntriesQuery(itemId: string, max = RELATED_MAX) {
  return {
    must: { _t: ['ArchiveEntry'], rel: [itemId] },
    sort: [{ key: '_c.ts', order: 'desc' as const }],
    labels: true,
    max,
  };
}
