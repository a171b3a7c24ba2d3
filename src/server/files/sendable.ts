import type { AccessLevel } from '../../protocol/access-levels';
import { AppError, type FieldError } from '../../protocol/errors';
import type { Principal } from '../access/principal';
import { readableByAll, readersOf } from '../access/readers';
import { refusedRead } from '../access/refused-read';
import type { Executor } from '../db/open';
import type { ItemService } from '../items/item-service';
import type { ItemRow } from '../items/rows';

/**
 * Files about to be copied onto a message for an outside party (consult's response to the
 * proponent, GeoKeeper's fieldwork threads): the copy is a new Attachment that follows the
 * message, so it is read by the thread's readers, whatever closed its source. Refused unless:
 *
 * - the sender may read each file (nobody sends what they cannot open: `notAllowed`, naming
 *   only the id they gave, not the name of a file hidden from them);
 * - each file is read by every community reader of the thread it goes to (`destination`: its
 *   owner and level; the grant to the outside party is what the send is for) and carries no
 *   protocol. Otherwise `invalidInput`, one `errors.restrictedFile` per file at
 *   `attachments.{i}` with its name, so the screen says which.
 *
 * Refused rather than copied with the restriction: an outside party is never in a community's
 * protocols and the copy's own level does not count (it follows its message), so a "closed"
 * copy would be a message its recipient cannot open, or one that is not closed at all.
 */
export async function assertSendableFiles(
  items: ItemService,
  tx: Executor,
  sender: Principal,
  files: readonly ItemRow[],
  destination: { owner: string | null; access: AccessLevel },
): Promise<void> {
  const load = items.loaderFor(tx);
  for (const f of files) if (!(await items.policy.can(sender, 'read', f, load))) throw refusedRead(sender, f);
  const readers = await readersOf(tx, { ...destination, createdBy: null, grants: [] });
  const fields: FieldError[] = [];
  for (const [i, f] of files.entries())
    if (f.protocols?.length || !(await readableByAll(items, tx, readers, f)))
      fields.push({
        path: `attachments.${i}`,
        key: 'errors.restrictedFile',
        params: { name: typeof f.data.originalName === 'string' ? f.data.originalName : f.id },
      });
  if (fields.length)
    throw new AppError('invalidInput', `restricted: ${fields.map((x) => x.params!.name).join(', ')}`, {
      fields,
    });
}
