// Who the home page speaks to (issue 13 "The text on it suits the audience"; docs/home.md): the
// types of the organisations the user belongs to (Organization.type, spec core §3). The site
// belongs to a community, so its own people come first: one community membership makes a
// community member or staff, whatever else they belong to. Otherwise a government body makes a
// regulator, and a company or a consultant a proponent. Site admins outside any organisation run
// the community's site: they are spoken to as its staff.

export const AUDIENCES = ['community', 'proponent', 'regulator', 'other'] as const;
export type Audience = (typeof AUDIENCES)[number];

const PROPONENT_TYPES: readonly string[] = ['INDUSTRY', 'CONSULTANT'];

/** The audience of a user who belongs to organisations of `orgTypes` (unknown types: left out). */
export function audienceOf(orgTypes: readonly (string | undefined)[], admin: boolean): Audience {
  if (orgTypes.includes('COMMUNITY')) return 'community';
  if (orgTypes.includes('GOVERNMENT')) return 'regulator';
  if (orgTypes.some((t) => t !== undefined && PROPONENT_TYPES.includes(t))) return 'proponent';
  if (admin && orgTypes.length === 0) return 'community';
  return 'other';
}
