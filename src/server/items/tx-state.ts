import type { ItemRow } from './rows';

/**
 * One `ItemService.transaction()`'s state: what it has written so far, what its batch readied
 * ahead (the rows it locked, the numbers it took), and its time once read (`nowIn`).
 *
 * The list of writes serves two ends: the written rows leave the node's cache once the
 * transaction commits, and a writer knows whether a hook wrote its item again after it (then it
 * reads the row back instead of returning the row as written). Every write of an item's row or of
 * its grants goes through `wrote` (createIn, write, touchIn, deleteIn; a grant change is always
 * followed by a touchIn), so the list is the truth about what the transaction changed.
 *
 * The locked rows are group commit's (write-batch.ts): a batch of updates locks all its rows in
 * one statement before its first write, where each write would lock its own. A write takes its
 * row from there only if nothing in the transaction has written that item since the lock; else
 * it locks and reads it again, as it always did.
 */
export class TxState {
  readonly list: [id: string, u: number][] = [];
  private locked = new Map<string, ItemRow>();
  private lockedAt = 0;
  /** The transaction's time (now()), once read. */
  now: Promise<Date> | undefined;
  /** Numbers taken ahead for the batch's creates, by type, in the order they are handed out. */
  private readonly numbers = new Map<string, number[]>();

  wrote(id: string, u: number): void {
    this.list.push([id, u]);
  }

  /** Where the list of writes stands now. */
  mark(): number {
    return this.list.length;
  }

  /** Whether `id` was written in the transaction since `mark`. */
  writtenSince(id: string, mark: number): boolean {
    for (let i = mark; i < this.list.length; i++) if (this.list[i]![0] === id) return true;
    return false;
  }

  /** Keeps rows locked (`for update`) in this transaction, for the writes that follow. */
  keepLocked(rows: Map<string, ItemRow>): void {
    this.locked = rows;
    this.lockedAt = this.list.length;
  }

  /**
   * Keeps numbers taken for a type's creates in this transaction. A hook of the batch may create
   * an item of the type too and take one; the batch's last create then takes the next number
   * from the counter, so numbers neither repeat nor skip.
   */
  keepNumbers(type: string, nums: number[]): void {
    this.numbers.set(type, nums);
  }

  /**
   * The next number taken ahead for a create of `type`, undefined when none is left: a number
   * taken in this transaction is this transaction's, whoever in it creates the item (a hook may).
   */
  takeNumber(type: string): number | undefined {
    return this.numbers.get(type)?.shift();
  }

  /**
   * The row locked ahead for `id`, once: undefined if none was, or if the transaction has written
   * the item since (its row or grants changed under the lock; the caller reads it again).
   */
  takeLocked(id: string): ItemRow | undefined {
    const row = this.locked.get(id);
    if (!row) return undefined;
    this.locked.delete(id);
    return this.writtenSince(id, this.lockedAt) ? undefined : row;
  }
}
