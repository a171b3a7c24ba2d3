import type { AccessPath } from '../../../../test/helpers/access-cases';

// The access matrix's paths of the coded-data import's part (docs/research-import.md), for the
// research module's access case (test/access-cases.ts) to list in its `paths`: research.data's
// MAP mode, the search's own query streamed (streamFeatures `query`) to the last batch.

/** research.data in MAP mode: every ResearchData point the principal is streamed. */
export function dataMapPath<P extends string>(): AccessPath<P> {
  return {
    name: 'research.data MAP mode (streamFeatures query)',
    types: ['ResearchData'],
    async run({ client }) {
      const ids: string[] = [];
      const text: string[] = [];
      let cursor: string | null = null;
      do {
        const b = (
          await client.request('act/streamFeatures', {
            query: { must: { _t: ['ResearchData'] } },
            cursor,
            batch: 500,
          })
        ).b as { features?: Record<string, unknown>; cursor?: string | null };
        text.push(JSON.stringify(b));
        ids.push(...Object.keys(b.features ?? {}));
        cursor = b.cursor ?? null;
      } while (cursor);
      return { ids, text: text.join('\n') };
    },
  };
}
