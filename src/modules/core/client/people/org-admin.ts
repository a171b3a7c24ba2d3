import { type UserSession } from '../../../../client/module-api';

// Who manages organisations: site admins, and orgAdmins of at least one organisation.

/** Organisations where the user is orgAdmin (from the session's memberships). */
export function orgAdminOrgs(user: UserSession | null): string[] {
  return (user?.memberships ?? []).filter((m) => m.roles.includes('orgAdmin')).map((m) => m.org);
}

export function managesAnyOrg(user: UserSession | null): boolean {
  return !!user && (user.admin || orgAdminOrgs(user).length > 0);
}
