import type { ViewDef } from '../views/view-def';

/**
 * Redirect rules of spec core §2. Returns where to go, or null to stay.
 * Signed-out users go to /sign-in?next={path}; '/' and /sign-out go to plain /sign-in;
 * /sign-in and /i- paths are exempt, and so are public views.
 */
export function signedOutRedirect(
  pathname: string,
  search: string,
  view: ViewDef | undefined,
): string | null {
  if (pathname.startsWith('/sign-in') || pathname.startsWith('/i-')) return null;
  if (view?.public) return null;
  if (pathname === '/' || pathname === '' || pathname.startsWith('/sign-out')) return '/sign-in';
  return `/sign-in?next=${encodeURIComponent(pathname + search)}`;
}

/** Only same-origin paths are followed after sign-in. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return '/';
  return next;
}
