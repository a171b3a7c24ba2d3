import type { Readable } from 'node:stream';
import { fileKey, type ItemRow, type Services, TaskError } from '../../../../server/module-api';

// The CSV an Import holds (module-api importAttachment), streamed from the file store (disk or
// S3) without a copy.

export async function openCsv(s: Services, attachment: ItemRow): Promise<Readable> {
  const key = fileKey(String(attachment.data.fileID));
  if (!(await s.files.stat(key)))
    throw new TaskError('csvImport.noFile', 'the file is gone', {
      file: String(attachment.data.originalName ?? ''),
    });
  return s.files.read(key);
}
