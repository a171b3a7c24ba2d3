import type { Role } from '../../protocol/access-levels';
import { loadPrincipal } from '../auth/principals';
import type { Executor } from '../db/open';
import type { ItemService } from '../items/item-service';
import type { ItemRow } from '../items/rows';
import type { AccessRow } from './access-row';
import { ANONYMOUS, type Principal } from './principal';

// Who reads an item, as the few principals whose reads bound everyone's. What is built from
// other items' content for those readers (an impact report, a letter, a summary or a file sent
// to an outside party) takes a part only when every one of them may read it, so it never tells
// any of its readers about something hidden from them (docs/access-model.md "Copies and what is
// assembled from other items").

const LEVEL_ROLE: Record<'COMMUNITY' | 'PROTECTED' | 'PRIVATE', Role> = {
  COMMUNITY: 'member',
  PROTECTED: 'staff',
  PRIVATE: 'orgAdmin',
};

/**
 * A stand-in for the least of the people of `org` holding `role`: no grants, no items of their
 * own (its id is nobody's), in no protocol, so the policy answers for the role alone.
 */
const floorOf = (org: string, role: Role): Principal => ({
  userId: `floor:${org}:${role}`,
  admin: false,
  orgs: new Map([[org, role]]),
  masqueradeFrom: null,
});

/**
 * The item's readers, as the fewest principals whose reads bound everyone's: the weakest role
 * its level lets in, its creator when that matters, and each grant's holder (an organisation's
 * grant by its plainest member). Site admins read everything and need no place. A derived item
 * is read by its source's readers: pass the source.
 */
export async function readersOf(
  tx: Executor,
  row: Pick<AccessRow, 'access' | 'owner' | 'createdBy' | 'grants'>,
): Promise<Principal[]> {
  const out: Principal[] = [];
  if (row.access === 'PUBLIC') out.push(ANONYMOUS);
  else if (row.owner) out.push(floorOf(row.owner, LEVEL_ROLE[row.access]));
  if (row.createdBy && (row.access === 'PRIVATE' || row.owner === null)) {
    const creator = await loadPrincipal(tx, row.createdBy);
    if (creator) out.push(creator);
  }
  for (const g of row.grants) {
    if (g.principal.startsWith('User-')) {
      const who = await loadPrincipal(tx, g.principal);
      if (who) out.push(who);
    } else out.push(floorOf(g.principal, 'member'));
  }
  return out;
}

/** May every one of `readers` read `row`? Asked of the one policy, reader by reader. */
export async function readableByAll(
  items: ItemService,
  tx: Executor,
  readers: readonly Principal[],
  row: ItemRow,
): Promise<boolean> {
  const load = items.loaderFor(tx);
  for (const p of readers) if (!(await items.policy.can(p, 'read', row, load))) return false;
  return true;
}

/** The rows of `rows` every one of `readers` may read, in their order. */
export async function readableRowsByAll(
  items: ItemService,
  tx: Executor,
  readers: readonly Principal[],
  rows: readonly ItemRow[],
): Promise<ItemRow[]> {
  const out: ItemRow[] = [];
  for (const r of rows) if (!r.deleted && (await readableByAll(items, tx, readers, r))) out.push(r);
  return out;
}
