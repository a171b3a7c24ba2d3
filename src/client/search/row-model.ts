import type { ItemType } from '../../kernel/item-type';

// What a result row shows besides its label, and how a click on a row link is handled; pure, so
// the rules are tested without a browser.

/**
 * The property keys a label template shows ('{firstName} {lastName}' → firstName, lastName). Of
 * alternatives ('{name|email}') only the first: the others fill in when it is empty, so a User's
 * e-mail is still worth a place beside the name.
 */
export function labelKeys(type: ItemType | undefined): Set<string> {
  const out = new Set<string>();
  for (const m of (type?.label ?? '').matchAll(/\{([^{}]*)\}/g)) {
    const first = m[1]!.split('|')[0]!.trim();
    if (first) out.add(first);
  }
  return out;
}

/**
 * The enumeration that tells where an item stands (an Agreement's or a list value's state): the
 * type's declared `stateField`, as the record's header shows it. It shows as a chip.
 */
export function stateKeys(type: ItemType | undefined): string[] {
  return type?.stateField ? [type.stateField] : [];
}

/**
 * The default headers shown as the row's secondary text: those the label already says and the
 * states (chips of their own) are left out, and so is the creation date when other facts remain
 * (it says little beside an e-mail or an organisation).
 */
export function detailKeys(type: ItemType | undefined): string[] {
  if (!type) return [];
  const skip = labelKeys(type);
  for (const k of stateKeys(type)) skip.add(k);
  const keys = type.defaultHeaders.filter((k) => !skip.has(k));
  const facts = keys.filter((k) => k !== '_c.ts');
  return facts.length ? facts : keys;
}

/** The facet column beside the results, in CSS pixels. */
export const FACETS_WIDTH = 230;

/**
 * The narrowest search component (its cell's content), in CSS pixels, beside whose results the
 * facets fit as a column: 230 px of facets, a 24 px gap and a 400 px result list (a row's label,
 * its secondary line and chips). Narrower, the facets open in a drawer. See docs/layout.md.
 */
export const FACETS_BESIDE_MIN_WIDTH = 660;

/** Below this width (a phone, a third of a laptop) the panel is tighter: less padding, small paging. */
export const COMPACT_MAX_WIDTH = 560;

export const facetsBeside = (width: number) => width >= FACETS_BESIDE_MIN_WIDTH;

/**
 * Where an empty list's words are looked up, most particular first: the screen's
 * (search.empty.screens.my-contacts), then its one type's (search.empty.types.Contact).
 */
export function emptyKeys(screenName: string, typeName: string | null): string[] {
  const keys = [`search.empty.screens.${screenName.replace(/\./g, '_')}`];
  if (typeName) keys.push(`search.empty.types.${typeName}`);
  return keys;
}
