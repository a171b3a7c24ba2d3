import type { Item, UserSession } from '../../../../client/module-api';

// The threads whose context is an item, and a new one about it (pure parts, unit-tested).

/** Types that are no context of conversations of their own (a thread, its messages, a notice). */
export const NO_CONVERSATIONS = ['Thread', 'Message', 'Notify'] as const;

export function hasConversations(typeName: string): boolean {
  return !(NO_CONVERSATIONS as readonly string[]).includes(typeName);
}

/** search/ids for the threads about `id`, latest activity first. */
export function contextThreadsQuery(id: string, max: number) {
  return {
    must: { _t: ['Thread'], context: [id] },
    sort: [
      { key: 'sortTS', order: 'desc' as const },
      { key: '_c.ts', order: 'desc' as const },
    ],
    max,
  };
}

/**
 * create/Thread about the item. It belongs to the item's organisation when the user is a member
 * of it (a thread about a community's record stays the community's); otherwise the server picks
 * the user's one organisation (or answers chooseOrg).
 */
export function newThreadBody(item: Item, subject: string, user: UserSession | null) {
  const own = !!item.owner && !!user?.memberships?.some((m) => m.org === item.owner);
  return { subject: subject.trim(), context: item.$id, ...(own ? { owner: item.owner } : {}) };
}
