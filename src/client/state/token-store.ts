import { TOKEN_COOKIE } from '../../protocol/constants';

// The token lives in localStorage (Access-Token) and in a cookie, so HTTP requests the browser
// makes by itself (downloads, images) carry it too. The user id beside it lets another tab tell
// "signed in as someone else" from "rotated".

export const TOKEN_KEY = 'Access-Token';
export const TOKEN_USER_KEY = 'Access-Token-User';

export interface TokenStore {
  read(): { token: string | null; fromCookie: boolean };
  write(token: string, userId: string | null): void;
  setUser(userId: string): void;
  user(): string | null;
  clear(): void;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string | null) {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; SameSite=Lax${secure}`
      : `${name}=${encodeURIComponent(value)}; path=/; max-age=${60 * 60 * 24 * 30}; SameSite=Lax${secure}`;
}

export function browserTokenStore(storage: Storage | null): TokenStore {
  return {
    read() {
      const local = storage?.getItem(TOKEN_KEY) ?? null;
      if (local) return { token: local, fromCookie: false };
      const cookie = readCookie(TOKEN_COOKIE);
      return { token: cookie, fromCookie: cookie !== null };
    },
    write(token, userId) {
      storage?.setItem(TOKEN_KEY, token);
      if (userId) storage?.setItem(TOKEN_USER_KEY, userId);
      writeCookie(TOKEN_COOKIE, token);
    },
    setUser(userId) {
      storage?.setItem(TOKEN_USER_KEY, userId);
    },
    user() {
      return storage?.getItem(TOKEN_USER_KEY) ?? null;
    },
    clear() {
      storage?.removeItem(TOKEN_KEY);
      storage?.removeItem(TOKEN_USER_KEY);
      writeCookie(TOKEN_COOKIE, null);
    },
  };
}

/**
 * The user id stored beside the token, when there is one: the signed-in person on a page loaded
 * offline, before the session arrives (the offline collection opens that person's data).
 */
export function storedUserId(): string | null {
  try {
    return localStorage.getItem(TOKEN_USER_KEY);
  } catch {
    return null;
  }
}
