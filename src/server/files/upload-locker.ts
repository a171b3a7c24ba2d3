import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { query } from '../db/query';

// tus upload locks in the shared database (table upload_locks, migration 0014), so that a resumed
// upload may reach any node: a PATCH on node B waits for, or asks to end, the PATCH still writing
// the same upload on node A, as tus's own in-memory locker does within one node.
//
// A lock is a row: taken by an insert that succeeds when there is none or the one there has
// lapsed, renewed while held, deleted on unlock. A waiter asks the holder to let go over NOTIFY
// (tus then ends the holder's request, typically a half-open connection the client gave up on).

/** Release requests: the payload is the upload's id. */
export const UPLOAD_RELEASE_CHANNEL = 'ckk_upload_release';

/** A held lock lapses this long after its last renewal (its node stopped or died). */
const LEASE_MS = 30_000;
/** How often a waiter tries again. */
const RETRY_MS = 50;

export class SharedUploadLocker implements Locker {
  /** The locks this node holds: their release requests, and their renewal timers. */
  private readonly held = new Map<
    string,
    { holder: string; release: RequestRelease; renew: NodeJS.Timeout }
  >();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    readonly database: Database,
    /** How long lock() waits before tus answers the request with its lock timeout. */
    readonly acquireTimeoutMs = 30_000,
  ) {}

  /** Listens for release requests from the first lock on (a node that takes no uploads never does). */
  ready(): Promise<unknown> {
    this.listening ??= this.database.listen(UPLOAD_RELEASE_CHANNEL, (id) => {
      const h = this.held.get(id);
      if (h) void Promise.resolve(h.release()).catch(() => undefined);
    });
    return this.listening;
  }

  /** Records that this node's `holder` holds `id` (its release request and renewal timer). */
  hold(id: string, holder: string, release: RequestRelease, renew: NodeJS.Timeout): void {
    this.held.set(id, { holder, release, renew });
  }

  /** Forgets `holder`'s lock on `id` and stops renewing it (another holder's is left alone). */
  forget(id: string, holder: string): void {
    const h = this.held.get(id);
    if (h?.holder !== holder) return;
    clearInterval(h.renew);
    this.held.delete(id);
  }

  newLock(id: string): Lock {
    return new SharedLock(this, id);
  }

  async close(): Promise<void> {
    for (const h of this.held.values()) clearInterval(h.renew);
    this.held.clear();
    if (this.listening) await (await this.listening)();
  }
}

class SharedLock implements Lock {
  private readonly holder = randomUUID();

  constructor(
    private readonly locker: SharedUploadLocker,
    private readonly id: string,
  ) {}

  private async take(): Promise<boolean> {
    const rows = await query<{ holder: string }>(
      this.locker.database.db,
      sql`insert into upload_locks (id, holder, expires_at)
        values (${this.id}, ${this.holder}, now() + make_interval(secs => ${LEASE_MS / 1000}))
        on conflict (id) do update set holder = excluded.holder, expires_at = excluded.expires_at
          where upload_locks.expires_at < now()
        returning holder`,
    );
    return rows.length > 0;
  }

  async lock(signal: AbortSignal, release: RequestRelease): Promise<void> {
    await this.locker.ready();
    const db = this.locker.database.db;
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let asked = 0;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (await this.take()) break;
      // Ask whoever holds it to let go: at once, then every second while it has not.
      if (Date.now() - asked >= 1_000) {
        asked = Date.now();
        await db.execute(sql`select pg_notify(${UPLOAD_RELEASE_CHANNEL}, ${this.id})`);
      }
      if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    const renew = setInterval(() => {
      db.execute(
        sql`update upload_locks set expires_at = now() + make_interval(secs => ${LEASE_MS / 1000})
          where id = ${this.id} and holder = ${this.holder}`,
      ).catch(() => undefined);
    }, LEASE_MS / 3);
    renew.unref();
    this.locker.hold(this.id, this.holder, release, renew);
  }

  async unlock(): Promise<void> {
    this.locker.forget(this.id, this.holder);
    await this.locker.database.db.execute(
      sql`delete from upload_locks where id = ${this.id} and holder = ${this.holder}`,
    );
  }
}
