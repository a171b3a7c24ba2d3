import type { ItemRow } from './rows';

/** A row's rough weight in memory: its JSON text, counted twice for the parsed objects' overhead. */
export function rowBytes(row: ItemRow): number {
  return 2 * (JSON.stringify(row.data).length + JSON.stringify(row.grants).length) + 256;
}

/**
 * A node's cache of item rows (with their grants), for reads outside transactions. Every change
 * to an item bumps its `_u` and sends NOTIFY {id, u}; `invalidate` drops the row and remembers the
 * highest `_u` announced, so a read that raced with a write can never put back an older row.
 *
 * Bounded in rows and in bytes: rows differ in size by a thousand times (a place name, a member
 * with pages of notes), and a bound in rows alone let a big import hold every row it wrote
 * (docs/research-gedcom.md "Measured").
 */
export class RowCache {
  private readonly rows = new Map<string, { row: ItemRow; bytes: number }>();
  private readonly announced = new Map<string, number>();
  private total = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly max = 20_000,
    private readonly maxBytes = 32 * 2 ** 20,
  ) {}

  get(id: string): ItemRow | undefined {
    const e = this.rows.get(id);
    if (e) {
      // Map order is the LRU order: a hit moves the row to the young end.
      this.rows.delete(id);
      this.rows.set(id, e);
      this.hits++;
    } else this.misses++;
    return e?.row;
  }

  put(row: ItemRow): void {
    const seen = this.announced.get(row.id);
    if (seen !== undefined && row.u < seen) return;
    this.drop(row.id);
    const bytes = rowBytes(row);
    // A row bigger than a quarter of the cache would push out many others for one hit.
    if (bytes > this.maxBytes / 4) return;
    this.rows.set(row.id, { row, bytes });
    this.total += bytes;
    while (this.rows.size > this.max || this.total > this.maxBytes) {
      this.drop(this.rows.keys().next().value!);
    }
  }

  invalidate(id: string, u: number): void {
    this.drop(id);
    const seen = this.announced.get(id);
    if (seen === undefined || u > seen) {
      this.announced.delete(id);
      this.announced.set(id, u);
      if (this.announced.size > this.max * 2) this.announced.delete(this.announced.keys().next().value!);
    }
  }

  clear(): void {
    this.rows.clear();
    this.total = 0;
  }

  get size(): number {
    return this.rows.size;
  }

  /** The rows' estimated weight (rowBytes), never above the bound. */
  get bytes(): number {
    return this.total;
  }

  private drop(id: string): void {
    const e = this.rows.get(id);
    if (!e) return;
    this.rows.delete(id);
    this.total -= e.bytes;
  }
}
