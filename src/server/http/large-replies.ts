import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '../../protocol/errors';
import type { Executor } from '../db/open';
import { query } from '../db/query';

/** How long an unfetched large reply or stream is kept. */
const KEPT_SECONDS = 10 * 60;

/**
 * At most this many bytes of unfetched replies, all nodes together. Each is over 1 MiB and is
 * kept up to KEPT_SECONDS, so without a cap a socket that asks for big replies and never fetches
 * them would grow the table for ten minutes.
 */
export const LARGE_REPLIES_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Replies too big for one socket message (lrg/ pushes) and streamed HTTP replies (stream-key),
 * held in the shared database (table large_replies, migration 0014) until their owner fetches
 * them, from whichever node the load balancer sends the fetch to. A key is 144 random bits, and
 * only the principal who made the request may fetch it (a signed-out visitor's reply has owner
 * null).
 */
export class LargeReplies {
  constructor(
    private readonly db: Executor,
    private readonly maxBytes = LARGE_REPLIES_MAX_BYTES,
  ) {}

  /** Holds `body` (serialised; null: a stream still running) for `owner`; returns its key. Over the cap: serverBusy. */
  async put(owner: string | null, body: string | null): Promise<string> {
    await this.db.execute(
      sql`delete from large_replies where at < now() - make_interval(secs => ${KEPT_SECONDS})`,
    );
    const key = randomBytes(18).toString('base64url');
    // The cap and the insert in one statement. Two nodes putting at the same moment may both pass
    // it: the cap bounds a runaway client, not the last byte.
    const rows = await query<{ key: string }>(
      this.db,
      sql`insert into large_replies (key, owner, done, body)
        select ${key}, ${owner}, ${body !== null}, ${body ?? ''}
        where ${body === null}
          or (select coalesce(sum(octet_length(body)), 0) from large_replies) + octet_length(${body ?? ''}) <= ${this.maxBytes}
        returning key`,
    );
    // serverBusy, not queryTooBroad: the request was fine, and it succeeds once replies are fetched.
    if (rows.length === 0)
      throw new AppError('serverBusy', 'too many large replies are waiting to be fetched');
    return key;
  }

  /** The stream `key` has finished with `body`. */
  async finish(key: string, body: string): Promise<void> {
    await this.db.execute(
      sql`update large_replies set done = true, body = ${body}, at = now() where key = ${key}`,
    );
  }

  /** The entry if it exists and belongs to `owner`; a finished one is handed out once. */
  async take(key: string, owner: string | null): Promise<{ done: boolean; body: string } | null> {
    const [finished] = await query<{ body: string }>(
      this.db,
      sql`delete from large_replies where key = ${key} and owner is not distinct from ${owner} and done
        returning body`,
    );
    if (finished) return { done: true, body: finished.body };
    // Still running (or finished between the two statements: the next poll takes it).
    const [running] = await query<{ key: string }>(
      this.db,
      sql`select key from large_replies where key = ${key} and owner is not distinct from ${owner}`,
    );
    return running ? { done: false, body: '' } : null;
  }
}
