import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileKey, type ItemRow, type Services, TaskError } from '../../../../server/module-api';

// The file an Import holds (module-api importAttachment) as a path on this machine: the disk
// store's own file, or a copy in the task's folder from S3.

export async function localCopy(
  s: Services,
  attachment: ItemRow,
  scratch: (name: string) => string,
): Promise<{ path: string; size: number }> {
  const key = fileKey(String(attachment.data.fileID));
  const stat = await s.files.stat(key);
  if (!stat)
    throw new TaskError('spatialIo.noFile', 'the file is gone', {
      file: String(attachment.data.originalName),
    });
  const local = s.files.localPath(key);
  if (local) return { path: local, size: stat.size };
  const copy = scratch('source.bin');
  mkdirSync(path.dirname(copy), { recursive: true });
  await pipeline(await s.files.read(key), createWriteStream(copy));
  return { path: copy, size: stat.size };
}
