import type { ItemRow } from './rows';

/**
 * A node's cache of item rows (with their grants), for reads outside transactions. Every change
 * to an item bumps its `_u` and sends NOTIFY {id, u}; `invalidate` drops the row and remembers the
 * highest `_u` announced, so a read that raced with a write can never put back an older row.
 */
export class RowCache {
  private readonly rows = new Map<string, ItemRow>();
  private readonly announced = new Map<string, number>();
  hits = 0;
  misses = 0;

  constructor(private readonly max = 20_000) {}

  get(id: string): ItemRow | undefined {
    const r = this.rows.get(id);
    if (r) {
      // Map order is the LRU order: a hit moves the row to the young end.
      this.rows.delete(id);
      this.rows.set(id, r);
      this.hits++;
    } else this.misses++;
    return r;
  }

  put(row: ItemRow): void {
    const seen = this.announced.get(row.id);
    if (seen !== undefined && row.u < seen) return;
    this.rows.delete(row.id);
    this.rows.set(row.id, row);
    if (this.rows.size > this.max) this.rows.delete(this.rows.keys().next().value!);
  }

  invalidate(id: string, u: number): void {
    this.rows.delete(id);
    const seen = this.announced.get(id);
    if (seen === undefined || u > seen) {
      this.announced.delete(id);
      this.announced.set(id, u);
      if (this.announced.size > this.max * 2) this.announced.delete(this.announced.keys().next().value!);
    }
  }

  clear(): void {
    this.rows.clear();
  }

  get size(): number {
    return this.rows.size;
  }
}
