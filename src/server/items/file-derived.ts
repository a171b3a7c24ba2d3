import { sql } from 'drizzle-orm';
import { SYSTEM } from '../access/principal';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import type { BeforeWriteContext, WriteEvent } from './write-hooks';

/** What a derived field is made from: each file on the item that is not in the trash. */
export interface FileFacts {
  mimeGroup: string | null;
  filetype: string | null;
}

/** The hooks that keep one derived field right: the item type's beforeWrite, the Attachment's afterWrite. */
export interface FileDerivedField {
  beforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void>;
  attachmentAfterWrite(tx: Executor, e: WriteEvent): Promise<void>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A field an item keeps, as the system, from its files: the archive entry's media categories (its
 * media facet), a belonging's "has a photograph" (its card's thumbnail). `derive` gives the value,
 * or null for none. It is counted again when an update changes the item's `attachments` list (an
 * upload links its file, an edit removes one) and when one of its files is trashed, restored or
 * deleted, so a facet or a thumbnail never disagrees with the files. `event` is the kind of the
 * touch a file's change records on the item.
 */
export function fileDerivedField(
  type: string,
  property: string,
  derive: (files: FileFacts[]) => unknown,
  event: string,
): FileDerivedField {
  const valueFor = async (tx: Executor, id: string) => {
    const files = await query<FileFacts>(
      tx,
      sql`select data->>'mimeGroup' as "mimeGroup", data->>'filetype' as filetype from items
        where type = 'Attachment' and not deleted and data->>'rel' = ${id}
          and coalesce(data->>'trashed', 'false') <> 'true'`,
    );
    return derive(files) ?? null;
  };
  return {
    // A new item has no files yet: they are uploaded onto it, which updates its list.
    async beforeWrite(tx, ctx) {
      if (ctx.kind !== 'update' || !ctx.current || !('attachments' in ctx.data)) return;
      const value = await valueFor(tx, ctx.current.id);
      if (!same(ctx.current.data[property], value)) ctx.data[property] = value;
    },
    async attachmentAfterWrite(tx, e) {
      const parent = e.row.data.rel;
      if (typeof parent !== 'string' || !parent.startsWith(`${type}-`)) return;
      if (e.kind === 'updated' && !e.changes?.trashed && !e.changes?.mimeGroup) return;
      const [row] = await query<{ value: unknown }>(
        tx,
        sql`select data->${property} as value from items where id = ${parent} and not deleted`,
      );
      if (!row) return;
      const value = await valueFor(tx, parent);
      if (same(row.value, value)) return;
      await e.items.patchIn(
        tx,
        SYSTEM,
        parent,
        { [property]: value },
        { touchOnly: true, event, actor: e.actor },
      );
    },
  };
}
