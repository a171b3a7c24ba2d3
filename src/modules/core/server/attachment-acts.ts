import { z } from 'zod';
import { AppError } from '../../../protocol/errors';
import { type ActCall, type ActHandler, attachmentRow, isFileId } from '../../../server/module-api';

// Attachment acts. Trash and restore are plain updates of `trashed` (the parent's editors);
// purging deletes the bytes for good, so only a site admin may do it.

const PurgeBody = z.object({ id: z.string().min(1).max(200) });

async function purgeAttachment({ services, principal, body }: ActCall) {
  const parsed = PurgeBody.safeParse(body);
  if (!parsed.success) throw new AppError('invalidInput', 'purgeAttachment takes {id}');
  if (!principal.admin) throw new AppError('notAllowed', 'only an admin may purge files');
  const row = await attachmentRow(services, parsed.data.id);
  if (!row || row.deleted) throw new AppError('notFound', `${parsed.data.id} not found`);
  const fileID = row.data.fileID;
  await services.items.delete(principal, row.id);
  if (isFileId(fileID)) await services.files.removeBytes(fileID);
  return { $id: row.id, purged: true };
}

export const attachmentActs: Record<string, ActHandler> = { purgeAttachment };
