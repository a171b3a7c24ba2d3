import type { ItemType } from '../../kernel/item-type';
import type { LovReply } from '../items/lookups';

// Which organisation's list of values names a key in a list or facet (spec core §7): pure, so the
// choice is tested without a browser.

/**
 * Names a key of a list of values. `owner` is the item's organisation; null for a facet value,
 * which stands for items of any owner.
 */
export type LovLabel = (list: string, key: string, owner: string | null) => string | undefined;

/** The lists of values the properties of these types draw from (each once, sorted). */
export function lovListsOf(types: readonly (ItemType | undefined)[]): string[] {
  const out = new Set<string>();
  for (const type of types)
    for (const p of Object.values(type?.allProperties ?? {})) if (p.kind === 'lov' && p.lov) out.add(p.lov);
  return [...out].sort();
}

/**
 * The label of `key` in `list`. Several organisations may each have the list, with their own
 * words for the same key; the one asked first that has the key wins:
 *   1. the item's own organisation (as its record shows it);
 *   2. the viewer's organisations, in the order of their memberships (a facet value has no item);
 *   3. any other organisation whose list the viewer may read, by id, so the choice is stable.
 * A label is the translation for the language, else the server's label, else English. A key no
 * readable list has stays the key: an archived or unknown value is still shown, never hidden.
 */
export function lovLabelFrom(
  replies: Readonly<Record<string, LovReply | undefined>>,
  viewerOrgs: readonly string[],
  language: string,
): LovLabel {
  return (list, key, owner) => {
    const reply = replies[list];
    if (!reply) return undefined;
    const others = Object.keys(reply).sort();
    for (const o of [...(owner ? [owner] : []), ...viewerOrgs, ...others]) {
      const v = reply[o]?.[key];
      if (v) return v.t?.[language] ?? v.label ?? v.t?.en ?? key;
    }
    return undefined;
  };
}
