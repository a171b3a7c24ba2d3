import { AppError } from '../../../protocol/errors';
import { type ActHandlers, attachmentRow, isFileId } from '../../../server/module-api';
import type { CoreActs } from '../contract';
import type { CoreCall } from './act-input';

// Attachment acts. Trash and restore are plain updates of `trashed` (the parent's editors);
// purging deletes the bytes for good, so only a site admin may do it.

async function purgeAttachment({ services, principal, body }: CoreCall<'purgeAttachment'>) {
  const { id } = body;
  if (!principal.admin) throw new AppError('notAllowed', 'only an admin may purge files');
  const row = await attachmentRow(services, id);
  if (!row || row.deleted) throw new AppError('notFound', `${id} not found`);
  const fileID = row.data.fileID;
  await services.items.delete(principal, row.id);
  if (isFileId(fileID)) await services.files.removeBytes(fileID);
  return { $id: row.id, purged: true as const };
}

export const attachmentActs: ActHandlers<Pick<CoreActs, 'purgeAttachment'>> = { purgeAttachment };
