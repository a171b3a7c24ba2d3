import { AppError } from '../../protocol/errors';
import type { Principal } from '../access/principal';
import type { ItemRow } from '../items/rows';
import type { Services } from '../services';
import { mayServe } from './attachments';
import { isFileId } from './storage';

/**
 * The file an Import holds (a GIS file, a CSV): its newest attachment the importer may read and
 * that is not in the trash, uploaded through tus as any attachment. Found through the search, so
 * through the read rule; refused with the Import's `import` field when there is none yet.
 */
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
  if (!usable[0])
    throw new AppError('invalidInput', 'import: attach the file to import first', {
      fields: [{ path: 'import', key: 'errors.required' }],
    });
  return usable[0];
}
