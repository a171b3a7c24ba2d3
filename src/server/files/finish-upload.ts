import { declaredProperty } from '../../kernel/item-type';
import type { Upload } from '@tus/utils';
import { mimeGroup } from '../../protocol/files';
import { AppError } from '../../protocol/errors';
import { isCompleteId } from '../../protocol/ids';
import { SYSTEM, type Principal } from '../access/principal';
import { loadPrincipal } from '../auth/principals';
import { loadRow, type ItemRow } from '../items/rows';
import type { WireItem } from '../items/wire';
import type { Services } from '../services';
import { attachmentRow } from './attachments';
import { sanitizeName } from './names';
import { decideType, SNIFF_BYTES, sniffBytes } from './sniff';
import { fileKey, readHead } from './storage';

// The two ends of an upload: before the first byte, is this person allowed to attach a file
// there; after the last byte, the Attachment item, linked to its parent and property.

type Target = { ok: true; metadata: Record<string, string> } | { ok: false; status: number; reason: string };

/** Checks the upload's metadata: the parent exists, the principal may update it, the property fits. */
export async function uploadTarget(
  s: Services,
  p: Principal,
  meta: Record<string, string | null>,
): Promise<Target> {
  const rel = meta.rel ?? '';
  if (!isCompleteId(rel)) return { ok: false, status: 400, reason: 'rel must name the item' };
  const parent = await s.items.readRow(rel);
  // A parent the person cannot read does not exist for them.
  if (!parent || parent.deleted || !(await s.items.canRow(p, 'read', parent)))
    return { ok: false, status: 404, reason: 'no such item' };
  if (!(await mayAttach(s, p, parent)))
    return { ok: false, status: 403, reason: 'you may not change this item' };
  const relProp = meta.relProp ?? '';
  if (relProp) {
    const parentType = s.registry.type(parent.type);
    const prop = parentType && declaredProperty(parentType, relProp);
    const fits =
      prop?.kind === 'file' || (prop?.kind === 'relation' && prop.types?.includes('Attachment') === true);
    if (!fits || prop?.write) return { ok: false, status: 400, reason: `${relProp} does not take files` };
  }
  const relIndex = meta.relIndex ?? '';
  if (relIndex && !/^\d{1,6}$/.test(relIndex)) return { ok: false, status: 400, reason: 'bad relIndex' };
  return {
    ok: true,
    metadata: {
      rel,
      relProp,
      relIndex,
      relType: parent.type,
      filename: sanitizeName(meta.filename ?? meta.name),
    },
  };
}

/**
 * Turns a finished upload into its Attachment (once: a repeated finish finds the first one).
 * The type is sniffed from the bytes; the parent is checked again, since rights may have
 * changed during a long upload; a `file` property or an Attachment list on the parent is set.
 */
export async function finishUpload(s: Services, upload: Upload): Promise<WireItem & { uppyID: string }> {
  const meta = upload.metadata ?? {};
  const existing = await attachmentRow(s, upload.id);
  if (existing) return { ...(await s.items.read(SYSTEM, existing.id)), uppyID: upload.id };
  const owner = meta.owner ?? '';
  const p = owner ? await loadPrincipal(s.items.db, owner, null) : null;
  const parent = meta.rel ? await s.items.readRow(meta.rel) : undefined;
  if (!p || !parent || parent.deleted || !(await mayAttach(s, p, parent)))
    throw { status_code: 403, body: 'you may no longer change this item\n' };
  const key = fileKey(upload.id);
  const stored = await s.files.stat(key);
  if (!stored) throw new Error(`finished upload ${upload.id} has no bytes`);
  const size = stored.size;
  const name = sanitizeName(meta.filename);
  const filetype = decideType(
    // S3 answers 416 to any range of an empty object.
    sniffBytes(size ? await readHead(s.files, key, SNIFF_BYTES) : Buffer.alloc(0)),
    name,
  );
  const relIndex = meta.relIndex ? Number(meta.relIndex) : undefined;
  const att = await s.items.create(
    SYSTEM,
    'Attachment',
    {
      originalName: name,
      fileID: upload.id,
      uppyID: upload.id,
      filetype,
      mimeGroup: mimeGroup(filetype),
      size,
      rel: parent.id,
      ...(meta.relProp ? { relProp: meta.relProp } : {}),
      ...(relIndex !== undefined ? { relIndex } : {}),
      relType: parent.type,
      trashed: false,
    },
    { actor: p.userId },
  );
  if (meta.relProp) await linkIntoParent(s, p, parent.id, meta.relProp, att.$id, upload.id);
  return { ...att, uppyID: upload.id };
}

/**
 * Who may add a file to an item: whoever may change it, and the author of an item that follows
 * another (a Message in its Thread) while they can still read it. A participant who may reply
 * but not edit the thread attaches files to their own reply; the file follows the Message, so
 * it is read by exactly those who read the thread.
 */
async function mayAttach(s: Services, p: Principal, parent: ItemRow): Promise<boolean> {
  if (await s.items.canRow(p, 'update', parent)) return true;
  const follows = s.registry.type(parent.type)?.access.follows;
  return (
    follows !== undefined &&
    p.userId !== null &&
    parent.createdBy === p.userId &&
    (await s.items.canRow(p, 'read', parent))
  );
}

/** Puts the new file into the parent's property: a `file` property holds the uppyID, a list gets the id. */
async function linkIntoParent(
  s: Services,
  p: Principal,
  parentId: string,
  relProp: string,
  attachmentId: string,
  uppyID: string,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await loadRow(s.items.db, parentId);
    const rowType = row && s.registry.type(row.type);
    const prop = rowType && declaredProperty(rowType, relProp);
    if (!row || !prop) return;
    let value: unknown = uppyID;
    if (prop.kind === 'relation') {
      const cur = row.data[relProp];
      const list = Array.isArray(cur) ? cur : typeof cur === 'string' ? [cur] : [];
      value = prop.list ? [...list, attachmentId] : attachmentId;
    }
    try {
      await s.items.update(
        SYSTEM,
        { $id: parentId, $version: row.version, [relProp]: value },
        { actor: p.userId },
      );
      return;
    } catch (e) {
      // Someone saved the parent meanwhile: read it again and retry.
      if (!(e instanceof AppError && e.key === 'staleVersion')) throw e;
    }
  }
}
