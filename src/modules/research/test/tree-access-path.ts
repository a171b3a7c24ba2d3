import type { AccessPath } from '../../../../test/helpers/access-cases';
import type { FamilyTree } from '../contract-tree';
import { TREE_MAX_GENERATIONS } from '../tree-limits';

// The family tree as a path of the access matrix (test/helpers/access-cases.ts). The research
// case links its members into three generations, the middle one PRIVATE; each principal asks
// for the tree around every member, as far as it goes. What the trees show by name (not as
// "someone you may not see") must be exactly the members the principal may read, and the whole
// answer is the text the no-trace check searches: a hidden parent's name, dates or birthplace
// must not be in it, nor anyone reached only through them.

export function familyTreePath<P extends string>(memberKeys: readonly string[]): AccessPath<P> {
  return {
    name: 'resFamilyTree around each member (ancestors and descendants)',
    types: ['CommunityMember'],
    async run({ client, ids }) {
      const shown = new Set<string>();
      const texts: string[] = [];
      for (const key of memberKeys) {
        const reply = await client.request('act/resFamilyTree', {
          member: ids[key]!,
          up: TREE_MAX_GENERATIONS,
          down: TREE_MAX_GENERATIONS,
        });
        texts.push(JSON.stringify(reply.b));
        const tree = reply.b as Partial<FamilyTree>;
        for (const p of tree.people ?? []) if (!p.hidden) shown.add(p.$id);
      }
      return { ids: [...shown], text: texts.join('\n') };
    },
  };
}
