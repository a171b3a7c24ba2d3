import {
  fileDerivedField,
  setGrantIn,
  type Executor,
  type ModuleHooks,
  type WriteEvent,
} from '../../../server/module-api';
import { INSTITUTION_GRANTOR } from '../types';

// A belonging's `hasImage` follows its files (fileDerivedField): an uploaded photograph gives its
// catalogue card a thumbnail, and trashing the last one takes the thumbnail away.

const photo = fileDerivedField(
  'Belonging',
  'hasImage',
  (files) => files.some((f) => f.mimeGroup === 'image') || null,
  'photos',
);

/**
 * belShareHistory shares a belonging with the institution that holds it. When the holder changes,
 * the old institution's share ends with it, and the new one is not shared with: sharing is a
 * decision about a named party, made by those who may set the level, while the institution field
 * is changed by anyone who may update the belonging (an update grant too). Sharing with the new
 * holder is belShareHistory again (docs/belongings.md).
 */
async function endInstitutionShare(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'updated' || !e.changes?.institution) return;
  for (const g of e.row.grants)
    if (g.grantedBy === INSTITUTION_GRANTOR)
      await setGrantIn(tx, e.items, e.row.id, g.principal, null, {
        grantedBy: INSTITUTION_GRANTOR,
        actor: e.actor,
        realActor: e.realActor,
      });
}

export const belongingsHooks: ModuleHooks = {
  Belonging: { beforeWrite: photo.beforeWrite, afterWrite: endInstitutionShare },
  Attachment: { afterWrite: photo.attachmentAfterWrite },
};
