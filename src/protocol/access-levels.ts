// Visibility levels (spec core §3) and organisation roles (DESIGN §1), shared by both sides.
export const ACCESS_LEVELS = ['PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Roles in rising order of power; a higher role holds every right of a lower one. */
export const ROLES = ['member', 'staff', 'editor', 'orgAdmin'] as const;
export type Role = (typeof ROLES)[number];

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

export const ITEM_ACTIONS = ['read', 'update', 'delete', 'create', 'grant'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];
