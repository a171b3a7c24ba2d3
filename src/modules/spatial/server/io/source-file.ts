import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  AppError,
  fileKey,
  isFileId,
  mayServe,
  type ItemRow,
  type Principal,
  type Services,
  TaskError,
} from '../../../../server/module-api';

// The file an Import holds: its newest attachment the importer may read, as a path on this
// machine (the disk store's own file; a copy in the task's folder from S3).

export async function importAttachment(s: Services, p: Principal, importId: string): Promise<ItemRow> {
  const res = await s.search.search(p, {
    must: { _t: ['Attachment'], rel: [importId] },
    mustNot: { trashed: [true] },
    max: 50,
    facets: [],
    labels: false,
  });
  const rows = [...(await s.items.readRows(res.ids)).values()];
  const usable: ItemRow[] = [];
  for (const r of rows) if (isFileId(r.data.fileID) && (await mayServe(s, p, r))) usable.push(r);
  usable.sort((a, b) => b.num - a.num);
  if (!usable[0]) throw new AppError('invalidInput', 'import: attach the file to import first');
  return usable[0];
}

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
