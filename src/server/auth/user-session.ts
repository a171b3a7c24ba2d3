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
    dark: data.dark === true,
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

/** Admins hold every capability; others hold Core, their own, and their organisations'. */
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
  const own = data.capabilities;
  if (Array.isArray(own)) for (const c of own) if (typeof c === 'string') out[c] = true;
  if (own && typeof own === 'object' && !Array.isArray(own))
    for (const [c, v] of Object.entries(own)) if (v === true) out[c] = true;
  const orgs = await s.items.readMany(p, [...p.orgs.keys()]);
  for (const org of Object.values(orgs)) {
    const caps = (org as { capabilities?: unknown }).capabilities;
    if (Array.isArray(caps)) for (const c of caps) if (typeof c === 'string') out[c] = true;
  }
  return out;
}
