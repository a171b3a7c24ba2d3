import { SYSTEM } from '../access/principal';
import type { ItemService } from '../items/item-service';

// What several modules' demos do alike: turn a capability on for an organisation, and give an
// organisation's list of values its starting entries.

/** Adds capabilities to the organisation's own list, each once; an organisation already holding them is left as it is. */
export async function addOrgCapabilities(items: ItemService, org: string, ...add: string[]): Promise<void> {
  const row = await items.read(SYSTEM, org);
  const caps = Array.isArray(row.capabilities) ? (row.capabilities as string[]) : [];
  const missing = add.filter((c) => !caps.includes(c));
  if (missing.length)
    await items.update(SYSTEM, { $id: org, $version: row.$version, capabilities: [...caps, ...missing] });
}

/** One entry of a list: its key, its English name and, for a workflow state, its super-state. */
export type ListEntry = readonly [key: string, en: string, superState?: string];

/** Creates the list's entries in the organisation, ACTIVE, in the given order. */
export async function seedListValues(
  items: ItemService,
  owner: string,
  list: string,
  entries: readonly ListEntry[],
): Promise<void> {
  for (const [key, en, superState] of entries)
    await items.create(SYSTEM, 'LOVValue', {
      list,
      key,
      state: 'ACTIVE',
      t: { en },
      ...(superState ? { superState } : {}),
      owner,
    });
}
