// A community member's full name, made from the parts when left empty (docs/research.md
// "Community members"): first, the nickname in quotes, middle, last ("Robert "Bobby" James
// Cardinal"). Without any of those, the Indigenous name, so the record never has an empty label.

export interface NameParts {
  firstName?: unknown;
  middleName?: unknown;
  lastName?: unknown;
  nickName?: unknown;
  indigenousName?: unknown;
}

const part = (v: unknown): string => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '');

/** The full name the parts make, or '' when they make none. */
export function fullNameOf(n: NameParts): string {
  const nick = part(n.nickName);
  const name = [part(n.firstName), nick ? `"${nick}"` : '', part(n.middleName), part(n.lastName)]
    .filter(Boolean)
    .join(' ');
  return name || part(n.indigenousName);
}
