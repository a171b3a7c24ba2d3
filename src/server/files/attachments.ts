import { sql } from 'drizzle-orm';
import { isCompleteId } from '../../protocol/ids';
import type { Principal } from '../access/principal';
import { query } from '../db/query';
import type { ItemRow } from '../items/rows';
import type { Services } from '../services';

// Finding an Attachment by its id or its uppyID, and the one rule for serving its bytes:
// the policy lets the principal read it (it follows its parent), and a trashed file is served
// to admins only. Anything else is "not found", so a hidden file's existence never shows.

export async function attachmentRow(s: Services, idOrUppy: string): Promise<ItemRow | undefined> {
  let id = idOrUppy;
  if (!isCompleteId(idOrUppy)) {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(idOrUppy)) return undefined;
    const [hit] = await query<{ id: string }>(
      s.items.db,
      sql`select id from items where type = 'Attachment' and not deleted
        and data->>'uppyID' = ${idOrUppy} order by num limit 1`,
    );
    if (!hit) return undefined;
    id = hit.id;
  } else if (!idOrUppy.startsWith('Attachment-')) return undefined;
  const row = await s.items.readRow(id);
  return row && row.type === 'Attachment' ? row : undefined;
}

export async function mayServe(s: Services, p: Principal, row: ItemRow): Promise<boolean> {
  if (row.deleted || row.type !== 'Attachment') return false;
  if (row.data.trashed === true && !p.admin) return false;
  return s.items.canRow(p, 'read', row);
}

/** The attachment the principal may have the bytes of, or undefined (always answered as 404). */
export async function servableAttachment(
  s: Services,
  p: Principal,
  idOrUppy: string,
): Promise<ItemRow | undefined> {
  const row = await attachmentRow(s, idOrUppy);
  return row && (await mayServe(s, p, row)) ? row : undefined;
}
