import type { IncomingHttpHeaders } from 'node:http';
import type { ServerConfig } from '../config';

// The sign-in cookie is sent by the browser whatever page starts the request; SameSite=Lax
// still lets in other ports and subdomains of the same site. So wherever the cookie alone
// signs someone in to do something (the socket, state-changing HTTP), the page's Origin must
// be ours. A token given explicitly (socket body, Authorization header) needs no check: a
// foreign page cannot know it. docs/decisions.md "Client address and origin".

/**
 * Whether a request that would be signed in by its cookie comes from one of our own pages:
 * - no Origin header: not a browser page (browsers send Origin on every WebSocket handshake
 *   and every POST/PATCH/DELETE), and a non-browser client cannot carry a victim's cookie;
 * - Origin is PUBLIC_URL's origin or listed in ALLOWED_ORIGINS;
 * - Origin is http(s)://<Host header>: a page served by this very address (the server reached
 *   as http://127.0.0.1:port while PUBLIC_URL says localhost, or the Vite dev server, whose
 *   proxy keeps the Host). A foreign page cannot forge this: the browser sets Host from the URL
 *   it connects to and Origin from the page. A page on another name pointed at us (DNS
 *   rebinding) does match, but the browser sends it that name's cookies, not ours.
 * `Origin: null` (sandboxed frames, file:) is never ours.
 */
export function originAllowed(config: ServerConfig, headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin?.toLowerCase();
  if (origin === undefined) return true;
  if (origin === publicOrigin(config)) return true;
  if (config.allowedOrigins.some((o) => o.toLowerCase() === origin)) return true;
  const host = headers.host?.toLowerCase();
  return !!host && (origin === `http://${host}` || origin === `https://${host}`);
}

function publicOrigin(config: ServerConfig): string | null {
  try {
    return new URL(config.publicUrl).origin.toLowerCase();
  } catch {
    return null;
  }
}

/** Methods that change nothing: the cookie alone may sign them in from anywhere (downloads, <img>). */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
