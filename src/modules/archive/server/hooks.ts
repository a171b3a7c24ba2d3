import { roleRank } from '../../../protocol/access-levels';
import {
  AppError,
  fileDerivedField,
  loadPrincipal,
  rankIn,
  type BeforeWriteContext,
  type Executor,
  type ModuleHooks,
  type WriteEvent,
} from '../../../server/module-api';
import { entryYear, mediaCategories } from '../media';
import { ARCHIVE_LOV_LISTS } from '../types';

// The archive entry's derived fields (types.ts: mediaCategories, year), written as the system on
// every write of the entry, and its media again whenever one of its files is added, trashed,
// restored or deleted (fileDerivedField), so the media facet never disagrees with the files; and
// who may change the archive's lists.

const media = fileDerivedField(
  'ArchiveEntry',
  'mediaCategories',
  (files) => {
    const found = mediaCategories(files);
    return found.length ? found : null;
  },
  'media',
);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function entryBeforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  const before = ctx.current?.data ?? {};
  const value = (k: string) => (k in ctx.data ? ctx.data[k] : before[k]);
  if (ctx.kind === 'create' || 'date' in ctx.data || 'yearPublished' in ctx.data) {
    const year = entryYear(value('date'), value('yearPublished'));
    if (ctx.kind === 'create' ? year !== undefined : !same(before.year, year)) ctx.data.year = year ?? null;
  }
  await media.beforeWrite(tx, ctx);
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
  Attachment: { afterWrite: media.attachmentAfterWrite },
  LOVValue: { afterWrite: lovAfterWrite },
};
