import { capabilityNames } from '../../kernel/capabilities';
import { CORE_CAPABILITY } from '../../protocol/constants';
import { makeId } from '../../protocol/ids';
import type { Principal } from '../access/principal';
import type { Services } from '../services';
import { listMemberships } from './principals';

/** The user session of spec core §3, sent in the `authed` reply. */
export async function userSession(s: Services, p: Principal, tokenExpiresAt: Date | null) {
  // The session is shaped as an item of the principal type (spec core §3: a User).
  const type = s.registry.principalType;
  if (!p.userId) {
    return {
      _t: type,
      _i: 0,
      $id: makeId(type, 0),
      admin: false,
      capabilities: { [CORE_CAPABILITY]: true },
      activeTasks: [],
      version: s.config.version,
    };
  }
  const row = await s.items.systemRow(p.userId);
  const data = row?.data ?? {};
  const memberships = await listMemberships(s.items.db, p.userId);
  return {
    _t: type,
    _i: row?.num ?? 0,
    $id: p.userId,
    $version: row?.version ?? 0,
    name: data.name,
    email: data.email,
    // The uppyID of the avatar image (served by /attachment/{uppyID}?variant=thumbnail).
    avatar: typeof data.avatar === 'string' ? data.avatar : undefined,
    admin: p.admin,
    capabilities: await capabilities(s, p, data),
    menuPackage: null,
    // Only a mode the person chose: without one, the app follows the device's (App.tsx).
    ...(typeof data.dark === 'boolean' ? { dark: data.dark } : {}),
    hideGuidance: data.hideGuidance === true,
    multiColumns: data.multiColumns !== false,
    whatsNewViewed: typeof data.whatsNewViewed === 'string' ? data.whatsNewViewed : null,
    masquerading: p.masqueradeFrom !== null,
    // Running tasks (and results of the last day), so a reload shows them in the help menu again.
    activeTasks: await s.tasks.activeTasks(p.userId),
    memberships,
    tokenExpiresAt: tokenExpiresAt?.toISOString() ?? null,
    version: s.config.version,
  };
}

/**
 * Admins hold every registered capability; others hold Core, their own and their organisations'
 * (spec core §3), as far as a module registers them. The organisations' are read as the system:
 * a member holds them whether or not they may read the Organization item.
 */
async function capabilities(
  s: Services,
  p: Principal,
  data: Record<string, unknown>,
): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = { [CORE_CAPABILITY]: true };
  if (p.admin) {
    for (const c of s.registry.capabilities) out[c] = true;
    return out;
  }
  const held = capabilityNames(data.capabilities);
  for (const org of [...p.orgs.keys()]) {
    const row = await s.items.systemRow(org);
    if (row && !row.deleted) held.push(...capabilityNames(row.data.capabilities));
  }
  for (const c of held) if (s.registry.capabilities.has(c)) out[c] = true;
  return out;
}
