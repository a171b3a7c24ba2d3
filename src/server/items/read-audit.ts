import { sql } from 'drizzle-orm';
import type { AccessRow } from '../access/access-row';
import type { Principal } from '../access/principal';
import type { Executor } from '../db/open';

// Audited reads (issue 16 "consult.audit"; docs/consult-audit.md): when a person opens an item
// whose own level is PRIVATE, who, which and when go to the append-only `read_audit` table. The
// read only pushes onto an in-memory queue; a timer writes the queue in one multi-row INSERT every
// FLUSH_MS, or at once when it holds MAX_ROWS, so no read waits for the database (bench/audit-read.ts
// measures the difference). A row's time is the read's, not the flush's.

export interface ReadAuditOptions {
  /** Longest a recorded read waits in memory before it is written. */
  flushMs: number;
  /** A queue this long is written at once. */
  maxRows: number;
  /**
   * The same person opening the same item again within this window is the same open: the client
   * reads an item when its cell opens and again when it is pushed a change or refocused.
   */
  sameOpenMs: number;
}

export const READ_AUDIT_DEFAULTS: ReadAuditOptions = { flushMs: 250, maxRows: 500, sameOpenMs: 10_000 };

/** A queue kept while the database refuses writes stops growing here (the oldest are kept). */
const MAX_HELD = 50_000;

/** One text parameter holding a whole array ('{"a",NULL}'). */
function arrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`)).join(',')}}`;
}

interface Pending {
  /** Milliseconds since the epoch: the ISO text is made when the batch is written, not on the read. */
  at: number;
  itemId: string;
  userId: string;
  realUser: string | null;
}

export class ReadAudit {
  /** Off only for the benchmark's comparison (bench/audit-read.ts); on in every node. */
  enabled = true;
  private queue: Pending[] = [];
  /** The last recorded open per reader and item, for `sameOpenMs`; swept as it is flushed. */
  private lastOpen = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  readonly options: ReadAuditOptions;
  /** What was written so far, and the time its INSERTs took (the benchmark reports it). */
  readonly stats = { rows: 0, batches: 0, ms: 0 };

  constructor(
    private readonly db: Executor,
    options: Partial<ReadAuditOptions> = {},
    private readonly onError: (err: unknown) => void = (err) =>
      console.warn(`read audit not written: ${(err as Error).message}`),
  ) {
    this.options = { ...READ_AUDIT_DEFAULTS, ...options };
  }

  /** Called by the item service after a read by id was allowed. Never waits, never throws. */
  record(p: Principal, row: AccessRow): void {
    if (!this.enabled || row.access !== 'PRIVATE' || !p.userId) return;
    const now = Date.now();
    if (this.options.sameOpenMs > 0) {
      const key = `${p.userId}\u0000${p.masqueradeFrom ?? ''}\u0000${row.id}`;
      const last = this.lastOpen.get(key);
      if (last !== undefined && now - last < this.options.sameOpenMs) return;
      this.lastOpen.set(key, now);
    }
    if (this.queue.length >= MAX_HELD) return;
    this.queue.push({
      at: now,
      itemId: row.id,
      userId: p.userId,
      realUser: p.masqueradeFrom,
    });
    if (this.queue.length >= this.options.maxRows) this.flushSoon(0);
    else this.flushSoon(this.options.flushMs);
  }

  private flushSoon(ms: number): void {
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
    // A node that is closing flushes in close(); the timer alone keeps no process alive.
    this.timer.unref();
  }

  /** Writes what is queued (one statement per MAX_ROWS); resolves once it is in the database. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeQueued());
    return this.writing;
  }

  private async writeQueued(): Promise<void> {
    this.sweep();
    // Only what is queued now: opens recorded while these INSERTs run wait for the next flush, so
    // a steady stream of reads is written every flushMs, not in a string of tiny INSERTs.
    let left = this.queue.length;
    while (left > 0 && this.queue.length) {
      const batch = this.queue.splice(0, Math.min(left, this.options.maxRows));
      left -= batch.length;
      const t0 = performance.now();
      try {
        // Four array parameters whatever the batch's size: building one parameter per value took
        // milliseconds of the event loop for a large batch (a read waiting behind it).
        await this.db.execute(
          sql`insert into read_audit (at, item_id, user_id, real_user)
            select * from unnest(${arrayLiteral(batch.map((r) => new Date(r.at).toISOString()))}::timestamptz[],
              ${arrayLiteral(batch.map((r) => r.itemId))}::text[], ${arrayLiteral(batch.map((r) => r.userId))}::text[],
              ${arrayLiteral(batch.map((r) => r.realUser))}::text[])`,
        );
        this.stats.rows += batch.length;
        this.stats.batches++;
        this.stats.ms += performance.now() - t0;
      } catch (err) {
        // Kept for the next flush (a database restart), up to MAX_HELD.
        this.queue.unshift(...batch.slice(0, MAX_HELD - this.queue.length));
        this.onError(err);
        this.flushSoon(Math.max(this.options.flushMs, 1000));
        return;
      }
    }
    if (this.queue.length)
      this.flushSoon(this.queue.length >= this.options.maxRows ? 0 : this.options.flushMs);
  }

  /** Forgets opens older than the window, so the map holds only the last few seconds' readers. */
  private sweep(): void {
    const cut = Date.now() - this.options.sameOpenMs;
    for (const [k, t] of this.lastOpen) if (t < cut) this.lastOpen.delete(k);
  }

  /** The node closes: what is queued is written first. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A write under way has taken its rows off the queue: they are written only when it ends, so
    // close waits for it even when the queue is empty (else the node closes the database under it).
    await this.writing;
    // A few rounds: opens recorded during a write wait for the next one (a refused write keeps its rows).
    for (let i = 0; i < 3 && this.queue.length; i++) await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
