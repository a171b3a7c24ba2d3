import { lazy } from 'react';
import type { Item, ItemMenuEntry, UserSession } from '../../../../client/module-api';
import { roleRank, type Role } from '../../../../protocol/access-levels';

/** Staff and above of the item's organisation (who may make forms there); the server checks again. */
export function mayMakeForms(item: Item, user: UserSession): boolean {
  if (user.admin) return true;
  const min = roleRank('staff');
  return (user.memberships ?? []).some(
    (m) => m.org === item.owner && m.roles.some((r) => roleRank(r as Role) >= min),
  );
}

/**
 * "Import XLSForm…" in a program's menu (a new form of it) and a form's (a new definition of it):
 * docs/geokeeper-forms.md "XLSForm import in the browser". The dialog is a chunk of its own.
 */
export const xlsFormImportMenu: ItemMenuEntry = {
  id: 'geokeeperImportXlsForm',
  labelKey: 'geokeeper.xlsImport.menu',
  applies: (item, type, user) =>
    (type.name === 'GeoKeeperProgram' || type.name === 'GeoKeeperFormDef') &&
    !!user &&
    !item.$deleted &&
    mayMakeForms(item, user),
  dialog: lazy(() => import('./ImportXlsFormDialog')),
};
