import { randomBytes } from 'node:crypto';
import { AppError } from '../../protocol/errors';

/** How long an unfetched large reply or stream is kept. */
const KEPT_MS = 10 * 60_000;

/**
 * At most this many bytes (UTF-16 string length × 2, as V8 may hold them) of unfetched replies on
 * one node. Each is over 1 MiB and is kept up to KEPT_MS, so without a cap a socket that asks for
 * big replies and never fetches them would grow the node's memory for ten minutes.
 */
export const LARGE_REPLIES_MAX_BYTES = 256 * 1024 * 1024;

interface Entry {
  owner: string | null;
  done: boolean;
  body: string;
  at: number;
}

/**
 * Replies too big for one socket message (lrg/ pushes) and streamed HTTP replies (stream-key),
 * held on this node until their owner fetches them. A key is 144 random bits, and only the
 * principal who made the request may fetch it (a signed-out visitor's reply has owner null).
 */
export class LargeReplies {
  private readonly entries = new Map<string, Entry>();

  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.entries) if (now - e.at > KEPT_MS) this.entries.delete(k);
  }

  private heldBytes(): number {
    let n = 0;
    for (const e of this.entries.values()) n += e.body.length * 2;
    return n;
  }

  /** Holds `body` (serialised) for `owner`; returns its key. Over the cap: serverBusy. */
  put(owner: string | null, body: string | null): string {
    this.sweep();
    // serverBusy, not queryTooBroad: the request was fine, and it succeeds once replies are fetched.
    if (body !== null && this.heldBytes() + body.length * 2 > LARGE_REPLIES_MAX_BYTES)
      throw new AppError('serverBusy', 'too many large replies are waiting to be fetched');
    const key = randomBytes(18).toString('base64url');
    this.entries.set(key, { owner, done: body !== null, body: body ?? '', at: Date.now() });
    return key;
  }

  finish(key: string, body: string): void {
    const e = this.entries.get(key);
    if (e) Object.assign(e, { done: true, body, at: Date.now() });
  }

  /** The entry if it exists and belongs to `owner`; a finished one is handed out once. */
  take(key: string, owner: string | null): { done: boolean; body: string } | null {
    const e = this.entries.get(key);
    if (!e || e.owner !== owner) return null;
    if (e.done) this.entries.delete(key);
    return { done: e.done, body: e.body };
  }
}
