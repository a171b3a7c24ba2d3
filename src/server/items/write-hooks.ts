import type { ItemType } from '../../kernel/item-type';
import type { WireItem } from '../../protocol/item';
import type { Principal } from '../access/principal';
import type { Executor } from '../db/open';
import type { ItemService } from './item-service';
import type { ItemRow } from './rows';

/**
 * What a beforeWrite hook sees, inside the write's transaction, after the caller's input was
 * split (so a caller's system-only fields are already refused) and before anything reads the
 * data: validation, the parent's access, relation readability and the insert or update.
 */
export interface BeforeWriteContext {
  kind: 'create' | 'update' | 'delete';
  type: ItemType;
  /** Who writes; SYSTEM for the system's own writes. */
  principal: Principal;
  /** The actor the event will record. */
  actor: string | null;
  /**
   * create: the new item's data; update: the patch (a null value removes the key). A hook may
   * change it, as the system (system-only fields included); every later check still applies.
   * delete: empty (a delete changes no data; a hook may only refuse it).
   */
  data: Record<string, unknown>;
  /** The row before an update or a delete; null on create. */
  current: ItemRow | null;
  items: ItemService;
}

/** What an afterWrite hook sees: the row as written, inside the write's transaction. */
export interface WriteEvent {
  row: ItemRow;
  /**
   * 'touched': a system bump (patchIn touchOnly, or touchIn) that changed no `$version`; the
   * recorded event may carry its own kind (`event`). 'deleted': `row` is the item as deleted.
   */
  kind: 'created' | 'updated' | 'touched' | 'deleted';
  /** The kind the event was recorded with: `kind`, or a touch's own (e.g. 'blocked', 'mailed'). */
  event: string;
  eventId: number;
  actor: string | null;
  realActor: string | null;
  changes?: Record<string, { from: unknown; to: unknown }>;
  items: ItemService;
}

/** Runs inside the write's transaction (notifications, thread activity): it commits or fails with it. */
export type WriteHook = (tx: Executor, e: WriteEvent) => Promise<void>;

export interface TypeHooks {
  /** May refuse the write (throw AppError) or adjust `ctx.data`; must write only through `tx`. */
  beforeWrite?(tx: Executor, ctx: BeforeWriteContext): Promise<void>;
  /** May write more (through `items.createIn`/`patchIn` with the same `tx`); a throw rolls the write back. */
  afterWrite?: WriteHook;
  /**
   * Group commit (write-batch.ts): runs once a batch of updates has locked its rows, before the
   * first of them changes, with the rows of the hook's type ('*': all of them). A hook may read
   * ahead, in one statement, what its afterWrite would read once for each write. A write of the
   * batch may change what was read before a later write's afterWrite uses it: the hook must
   * forget what such a write changes.
   */
  readAhead?(tx: Executor, rows: readonly ItemRow[], items: ItemService): Promise<void>;
  /**
   * A read hook: adds read-time fields (`$`-prefixed, never stored) to items of the type the
   * principal reads, in place, before they leave the item service (read, readMany, search
   * results, writes' replies). `list` holds only items of the hook's type (all items for '*').
   * A hook may also narrow what a stored item derived from others shows (an impact report judged
   * again for its readers of today), with the item service's policy.
   */
  decorate?(ex: Executor, p: Principal, list: WireItem[], items: ItemService): Promise<void>;
}

/** A module's hooks by type name; '*' runs for every type. */
export type ModuleHooks = Readonly<Record<string, TypeHooks>>;

/**
 * The hooks the item service runs. Order: modules in registration order (the one list, src/modules/index.ts); within
 * a module, the type's own hooks before its '*' hooks.
 */
export class WriteHooks {
  private readonly modules: ModuleHooks[] = [];
  private readonly byType = new Map<string, TypeHooks[]>();

  add(hooks: ModuleHooks): void {
    this.modules.push(hooks);
    this.byType.clear();
  }

  for(type: string): TypeHooks[] {
    let list = this.byType.get(type);
    if (!list) {
      list = this.modules.flatMap((m) => [m[type], m['*']].filter((h): h is TypeHooks => !!h));
      this.byType.set(type, list);
    }
    return list;
  }

  /** Runs the readAhead hooks for `rows`, each hook once with the rows it takes. */
  async readAhead(tx: Executor, rows: readonly ItemRow[], items: ItemService): Promise<void> {
    const byHook = new Map<TypeHooks, ItemRow[]>();
    for (const row of rows)
      for (const h of this.for(row.type)) {
        if (!h.readAhead) continue;
        const list = byHook.get(h);
        if (list) list.push(row);
        else byHook.set(h, [row]);
      }
    for (const [h, list] of byHook) await h.readAhead!(tx, list, items);
  }

  hasAfter(type: string): boolean {
    return this.for(type).some((h) => h.afterWrite);
  }
}
