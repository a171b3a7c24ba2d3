import { sql } from 'drizzle-orm';
import { roleRank } from '../../../protocol/access-levels';
import {
  AppError,
  loadPrincipal,
  query,
  rankIn,
  SYSTEM,
  type BeforeWriteContext,
  type Executor,
  type ModuleHooks,
  type WriteEvent,
} from '../../../server/module-api';
import { entryYear, mediaCategories } from '../media';
import { ARCHIVE_LOV_LISTS } from '../types';

// The archive entry's derived fields (types.ts: mediaCategories, year), written as the system on
// every write of the entry and whenever one of its files is added, trashed, restored or deleted,
// so the media facet never disagrees with the files; and who may change the archive's lists.

/** The media categories of the entry's files that are not in the trash (read inside the write). */
export async function entryMedia(tx: Executor, entryId: string) {
  const files = await query<{ mimeGroup: string | null; filetype: string | null }>(
    tx,
    sql`select data->>'mimeGroup' as "mimeGroup", data->>'filetype' as filetype from items
      where type = 'Attachment' and not deleted and data->>'rel' = ${entryId}
        and coalesce(data->>'trashed', 'false') <> 'true'`,
  );
  return mediaCategories(files);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function entryBeforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  const before = ctx.current?.data ?? {};
  const value = (k: string) => (k in ctx.data ? ctx.data[k] : before[k]);
  const set = (k: string, v: unknown) => {
    if (ctx.kind === 'create' ? v !== undefined : !same(before[k], v)) ctx.data[k] = v ?? null;
  };
  if (ctx.kind === 'create' || 'date' in ctx.data || 'yearPublished' in ctx.data)
    set('year', entryYear(value('date'), value('yearPublished')));
  // A new entry has no files yet (they are uploaded onto it); an update that changes its list
  // (an upload linking its file, an edit removing one) counts them again.
  if (ctx.current && 'attachments' in ctx.data) {
    const media = await entryMedia(tx, ctx.current.id);
    set('mediaCategories', media.length ? media : undefined);
  }
}

/** A file of an entry came, went to the trash, came back or was deleted: the entry's media again. */
async function attachmentAfterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  const parent = e.row.data.rel;
  if (typeof parent !== 'string' || !parent.startsWith('ArchiveEntry-')) return;
  if (e.kind === 'updated' && !e.changes?.trashed && !e.changes?.mimeGroup) return;
  const [row] = await query<{ media: unknown }>(
    tx,
    sql`select data->'mediaCategories' as media from items where id = ${parent} and not deleted`,
  );
  if (!row) return;
  const media = await entryMedia(tx, parent);
  if (same(row.media, media.length ? media : null)) return;
  await e.items.patchIn(
    tx,
    SYSTEM,
    parent,
    { mediaCategories: media.length ? media : null },
    { touchOnly: true, event: 'media', actor: e.actor },
  );
}

const ARCHIVE_LISTS: readonly unknown[] = ARCHIVE_LOV_LISTS;

/**
 * The archive's lists (ARCHIVE_CATEGORIES, ARCHIVE_TYPES) are changed by those who may read the
 * organisation's PRIVATE archive entries (spec §5–§6 "ArchiveEntry PRIVATE.read"): its orgAdmins
 * and admins. Checked after the write, where the value's owner is known; a refusal rolls it back.
 * The system's own writes (the demo, an import) name no person and pass.
 */
async function lovAfterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  const lists = [e.row.data.list, e.changes?.list?.from];
  if (!lists.some((l) => ARCHIVE_LISTS.includes(l)) || !e.actor?.startsWith('User-')) return;
  const p = await loadPrincipal(tx, e.actor);
  if (p?.admin || (p && rankIn(p, e.row.owner) >= roleRank('orgAdmin'))) return;
  throw new AppError(
    'notAllowed',
    `change the list ${String(e.row.data.list)}: needs PRIVATE.read on ArchiveEntry`,
  );
}

export const archiveHooks: ModuleHooks = {
  ArchiveEntry: { beforeWrite: entryBeforeWrite },
  Attachment: { afterWrite: attachmentAfterWrite },
  LOVValue: { afterWrite: lovAfterWrite },
};
