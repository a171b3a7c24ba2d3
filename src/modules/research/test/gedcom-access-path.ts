import type { AccessPath } from '../../../../test/helpers/access-cases';
import { taskFileText } from '../../../../test/helpers/task-file';

// The GEDCOM export as a path of the access matrix (test/helpers/access-cases.ts): the research
// module's access case lists it in its `paths`, so every principal's export must hold exactly the
// CommunityMembers they may read, and no trace of the others. A member shows in the file by its
// `_CKKID` line (its id); the whole file is the text the no-trace check searches.

export function gedcomExportPath<P extends string>(opts: { for?: readonly P[] } = {}): AccessPath<P> {
  return {
    name: 'exportGedcom (the GEDCOM file of the community members one may read)',
    types: ['CommunityMember'],
    ...(opts.for ? { for: opts.for } : {}),
    async run({ client, server }) {
      const { text, reply } = await taskFileText(client, server, 'exportGedcom', {});
      if (text === null) return { ids: [], text: reply };
      const ids = [...text.matchAll(/^1 _CKKID (\S+)\r?$/gm)].map((m) => m[1]!);
      return { ids, text };
    },
  };
}
