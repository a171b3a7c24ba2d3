import type { Executor } from '../db/open';

// Group commit (issue 21, docs/write-path.md "Session 17"). The creates and updates that arrive
// in one turn of the event loop (the frames of the packets read in that turn, from every socket)
// run in one transaction, one after another, and commit together: one `begin` and one `commit`,
// and one flush of the write-ahead log, for the lot. On this 2-core machine a transaction per
// write kept even bare SQL near 2,500 updates a second; eight per commit ran 9,000.
//
// What each write sees and does is unchanged: its own checks, event, NOTIFY and hooks, in the
// same transaction as the others of its batch. If any write of a batch fails, the whole batch is
// rolled back and every write of it runs again in a transaction of its own, so that a write
// fails only for its own reason (a stale version, a refused check) and never for its neighbour's.
// Nothing a write does outside the database happens before its commit (listeners run on the
// committed NOTIFY), so running it again repeats nothing.

interface Pending {
  /** The item written: a batch runs its writes in this order, so batches lock rows in one order. */
  key: string;
  /** The item an update changes: its row is locked with the batch's others before the first write. */
  lock: string | undefined;
  fn: (tx: Executor) => Promise<unknown>;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

/** The most writes one transaction takes: a longer batch holds its first rows' locks longer. */
export const BATCH_MAX = 32;

export class WriteBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  /** Batches running now. */
  private running = 0;
  /** Batches run, for the tests and the benchmark's report. */
  batches = 0;
  /** Batches rolled back and run again write by write. */
  retried = 0;

  constructor(
    private readonly transaction: <T>(fn: (tx: Executor) => Promise<T>) => Promise<T>,
    /** Locks the rows of a batch's updates in one statement (ItemService.lockAhead). */
    private readonly lockAhead: (tx: Executor, ids: string[]) => Promise<void> = async () => {},
    /**
     * How many batches may run at once. PGlite runs one transaction at a time: there one, so the
     * writes that arrive meanwhile wait in the queue and make the next batch, not many small
     * batches queued behind each other.
     */
    private readonly concurrency = Infinity,
  ) {}

  /**
   * Runs `fn` in a transaction shared with the other writes of this turn; resolves after the
   * commit. `lock`: the item `fn` updates, locked ahead with the batch's others.
   */
  submit<T>(key: string, fn: (tx: Executor) => Promise<T>, lock?: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ key, lock, fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the poll phase: every frame read in this turn has reached submit by then.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.queue.length && this.running < this.concurrency) {
      this.running++;
      void this.run(this.queue.splice(0, BATCH_MAX)).finally(() => {
        this.running--;
        this.flush();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    this.batches++;
    if (batch.length === 1) return this.alone(batch[0]!);
    batch.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    let results: unknown[];
    try {
      results = await this.transaction(async (tx) => {
        // In the batch's order (sorted), as the writes would lock them one by one.
        await this.lockAhead(
          tx,
          batch.flatMap((w) => (w.lock ? [w.lock] : [])),
        );
        const out: unknown[] = [];
        for (const w of batch) out.push(await w.fn(tx));
        return out;
      });
    } catch {
      this.retried++;
      await Promise.all(batch.map((w) => this.alone(w)));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]));
  }

  private async alone(w: Pending): Promise<void> {
    try {
      w.resolve(await this.transaction(w.fn));
    } catch (e) {
      w.reject(e);
    }
  }
}
