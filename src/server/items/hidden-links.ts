import { declaredProperty, type ItemType } from '../../kernel/item-type';

// A relation list may hold links its next editor cannot read: someone who could read the target
// made them. Those links are not the editor's to remove (they cannot see what they would be
// unlinking), so a save keeps them wherever the list the editor sent leaves them out
// (docs/access-model.md "Links the writer may not read").

const idsOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The relation-list properties a patch sets whose stored list has targets, with those targets. */
export function linkedInPatch(
  t: ItemType,
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const k of Object.keys(patch)) {
    const prop = declaredProperty(t, k);
    if (prop?.kind !== 'relation' || prop.list !== true) continue;
    const ids = idsOf(current[k]);
    if (ids.length) out.set(k, ids);
  }
  return out;
}

/**
 * The list to store: what was sent, with each stored target in `hidden` that it leaves out put
 * back at its old place (or at the end, when the list got shorter), so an order that means
 * something (an interview's respondent numbers) moves as little as it can. A value that is not a
 * list is the validator's to refuse and is returned as it came, unless it clears the list.
 */
export function withHiddenLinks(
  sent: unknown,
  stored: readonly string[],
  hidden: ReadonlySet<string>,
): unknown {
  if (sent !== null && !Array.isArray(sent)) return sent;
  const out: unknown[] = sent === null ? [] : [...sent];
  const present = new Set(idsOf(out));
  stored.forEach((id, i) => {
    if (hidden.has(id) && !present.has(id)) out.splice(Math.min(i, out.length), 0, id);
  });
  return out.length ? out : sent;
}

/** Whether `id` is already among the stored targets of `k`: keeping a link is not making one. */
export function alreadyLinked(current: Record<string, unknown> | undefined, k: string, id: string): boolean {
  const v = current?.[k];
  return Array.isArray(v) ? v.includes(id) : v === id;
}
