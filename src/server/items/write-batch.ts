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
  updates: string | undefined;
  /** The type a create makes an item of: it holds the type's counter until its commit. */
  creates: string | undefined;
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
  /** The types whose counters the running batches hold (their creates). */
  private readonly held = new Set<string>();
  /** Batches run, for the tests and the benchmark's report. */
  batches = 0;
  /** Batches rolled back and run again write by write. */
  retried = 0;

  constructor(
    private readonly transaction: <T>(fn: (tx: Executor) => Promise<T>) => Promise<T>,
    /**
     * Readies a batch before its first write (ItemService.ahead): locks its updates' rows in one
     * statement, and takes the numbers of its creates.
     */
    private readonly ahead: (
      tx: Executor,
      batch: { updates: string[]; creates: string[] },
    ) => Promise<void> = async () => {},
    /**
     * How many batches may run at once. PGlite runs one transaction at a time: there one, so the
     * writes that arrive meanwhile wait in the queue and make the next batch, not many small
     * batches queued behind each other.
     */
    private readonly concurrency = Infinity,
  ) {}

  /**
   * Runs `fn` in a transaction shared with the other writes of this turn; resolves after the
   * commit. `updates`: the item `fn` changes, locked ahead with the batch's others. `creates`: the
   * type `fn` makes an item of. A create holds its type's counter row until it commits (numbers
   * never repeat), so a batch's creates would wait in the database for any other batch creating
   * the same type: while a running batch holds the type, the create waits in the queue for the
   * next batch instead, and creates make fewer, fuller batches.
   */
  submit<T>(
    key: string,
    fn: (tx: Executor) => Promise<T>,
    opts: { updates?: string; creates?: string } = {},
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        key,
        updates: opts.updates,
        creates: opts.creates,
        fn,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
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
      const batch: Pending[] = [];
      const waiting: Pending[] = [];
      for (const w of this.queue) {
        if (batch.length < BATCH_MAX && !(w.creates && this.held.has(w.creates))) batch.push(w);
        else waiting.push(w);
      }
      if (batch.length === 0) return;
      this.queue = waiting;
      const holds = new Set(batch.flatMap((w) => (w.creates ? [w.creates] : [])));
      for (const h of holds) this.held.add(h);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        for (const h of holds) this.held.delete(h);
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
        await this.ahead(tx, {
          updates: batch.flatMap((w) => (w.updates ? [w.updates] : [])),
          creates: batch.flatMap((w) => (w.creates ? [w.creates] : [])),
        });
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
