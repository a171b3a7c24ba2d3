import { sql } from 'drizzle-orm';
import { PROTOCOLS_KEY } from '../../protocol/item';
import { SYSTEM } from '../access/principal';
import type { Executor } from '../db/open';
import { query, textArray } from '../db/query';
import type { BeforeWriteContext, WriteEvent } from './write-hooks';

/** What a derived field is made from: each file on the item that every reader of the item may read. */
export interface FileFacts {
  mimeGroup: string | null;
  filetype: string | null;
}

/** A file as item facts may be taken from it (parentWideFiles). */
export interface ParentWideFile extends FileFacts {
  id: string;
  originalName: string | null;
}

/**
 * The files of `parent` that every reader of the parent may read, so the only ones a fact kept
 * on the parent (a facet, a thumbnail flag, a name copied into its text) may come from. An
 * Attachment follows its parent, so it is as readable as the parent, except:
 * - a trashed file: its bytes are served to admins only;
 * - a file restricted to protocols of its own: the policy asks them before it follows the parent
 *   (AccessPolicy.can), so its readers are fewer (or become fewer when the parent's change);
 * - a file of another item (a relation list may name any Attachment its writer can read): its
 *   readers are that item's.
 * Its own level and grants never narrow it (a follower's level is not asked; a grant only adds).
 * `only` limits the answer to those ids (the item's list of them).
 */
export async function parentWideFiles(
  tx: Executor,
  parent: string,
  only?: readonly string[],
): Promise<ParentWideFile[]> {
  if (only && only.length === 0) return [];
  return query<ParentWideFile>(
    tx,
    sql`select id, data->>'mimeGroup' as "mimeGroup", data->>'filetype' as filetype,
        data->>'originalName' as "originalName" from items
      where type = 'Attachment' and not deleted and data->>'rel' = ${parent}
        and coalesce(data->>'trashed', 'false') <> 'true' and protocols is null
        ${only ? sql`and id = any(${textArray(only)})` : sql``}
      order by num`,
  );
}

/** The hooks that keep one derived field right: the item type's beforeWrite, the Attachment's afterWrite. */
export interface FileDerivedField {
  beforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void>;
  attachmentAfterWrite(tx: Executor, e: WriteEvent): Promise<void>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);

/**
 * A field an item keeps, as the system, from its files: the archive entry's media categories (its
 * media facet), a belonging's "has a photograph" (its card's thumbnail), a word's "has a
 * recording". `derive` gives the value, or null for none. It is made only from parentWideFiles,
 * so every reader of the item may read each file it tells of. It is counted again when an update
 * changes the item's list of files (`list`, default `attachments`: an upload links its file, an
 * edit removes one) and when one of its files is trashed, restored, restricted, opened or
 * deleted, so a facet or a thumbnail never disagrees with the files. `event` is the kind of the
 * touch a file's change records on the item. With `onlyListed`, only the files in the list count
 * (a word's recordings are its `media`, not every file uploaded onto it).
 */
export function fileDerivedField(
  type: string,
  property: string,
  derive: (files: FileFacts[]) => unknown,
  event: string,
  opts: { list?: string; onlyListed?: boolean } = {},
): FileDerivedField {
  const list = opts.list ?? 'attachments';
  const valueFor = async (tx: Executor, id: string, listed: unknown) =>
    derive(await parentWideFiles(tx, id, opts.onlyListed ? ids(listed) : undefined)) ?? null;
  return {
    // A new item has no files yet: they are uploaded onto it, which updates its list.
    async beforeWrite(tx, ctx) {
      if (ctx.kind !== 'update' || !ctx.current || !(list in ctx.data)) return;
      const value = await valueFor(tx, ctx.current.id, ctx.data[list]);
      if (!same(ctx.current.data[property], value)) ctx.data[property] = value;
    },
    async attachmentAfterWrite(tx, e) {
      const parent = e.row.data.rel;
      if (typeof parent !== 'string' || !parent.startsWith(`${type}-`)) return;
      const c = e.changes;
      if (e.kind === 'updated' && !c?.trashed && !c?.mimeGroup && !c?.[PROTOCOLS_KEY]) return;
      const [row] = await query<{ value: unknown; listed: unknown }>(
        tx,
        sql`select data->${property} as value, data->${list} as listed from items
          where id = ${parent} and not deleted`,
      );
      if (!row) return;
      const value = await valueFor(tx, parent, row.listed);
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
