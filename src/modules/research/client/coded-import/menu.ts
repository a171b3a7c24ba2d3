import { lazy } from 'react';
import { itemType, type Item, type ItemMenuEntry, type UserSession } from '../../../../client/module-api';
import { roleRank, type Role } from '../../../../protocol/access-levels';

/** Whether the user may create an Import in the item's organisation (the Import type's own rule). */
function mayImport(item: Item, user: UserSession): boolean {
  if (user.admin) return true;
  const rule = itemType('Import')?.access.create;
  if (!Array.isArray(rule) || !rule.length) return false;
  const min = Math.min(...(rule as Role[]).map(roleRank));
  return (user.memberships ?? []).some(
    (m) => m.org === item.owner && m.roles.some((r) => roleRank(r as Role) >= min),
  );
}

/**
 * "Import coded data" in a research project's menu (its dialog is a chunk of its own), for those
 * who may start one there: an Import needs the Import type's create right in the project's
 * organisation (editors; docs/research-import.md "Who may"). The server checks it again.
 */
export const codedImportMenu: ItemMenuEntry = {
  id: 'researchImportCodedData',
  labelKey: 'research.import.menu',
  applies: (item, type, user) =>
    type.name === 'ResearchProject' && !!user && !item.$deleted && mayImport(item, user),
  dialog: lazy(() => import('./CodedImportDialog')),
};
