import type { Role } from '../../src/protocol/access-levels';
import { SYSTEM } from '../../src/server/access/principal';
import { createAccount } from '../../src/server/auth/accounts';
import type { ItemService } from '../../src/server/items/item-service';

export const PASSWORD = 'test-password-1';

let counter = 0;

export async function makeOrg(items: ItemService, displayName = `Org ${++counter}`, type = 'COMMUNITY') {
  return (await items.create(SYSTEM, 'Organization', { displayName, type })).$id;
}

/** A user with one role in each given organisation. */
export async function makeUser(
  items: ItemService,
  memberships: [org: string, role: Role][] = [],
  opts: { admin?: boolean } = {},
) {
  const email = `user${++counter}.${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = await createAccount(items, {
    email,
    password: PASSWORD,
    name: `Test User ${counter}`,
    admin: opts.admin ?? false,
    memberships: memberships.map(([org, role]) => ({ org, roles: [role] })),
  });
  return { id, email };
}

/** Sets an organisation's capabilities (as a site admin does on admin.capabilities). */
export async function setCapabilities(items: ItemService, org: string, capabilities: string[]) {
  const row = await items.read(SYSTEM, org);
  await items.update(SYSTEM, { $id: org, $version: row.$version, capabilities });
}
