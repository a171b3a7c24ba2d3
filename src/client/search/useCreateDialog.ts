import type { ComponentType, LazyExoticComponent } from 'react';
import type { CreateDialogProps } from '../module-api';
import { collectById } from '../items/item-sections';
import { useClientModules } from '../modules/loader';

type CreateDialog = ComponentType<CreateDialogProps> | LazyExoticComponent<ComponentType<CreateDialogProps>>;

/**
 * The create dialog a loaded client half registers for a type (ClientModule.createDialogs: a
 * guided form where the generic fields are not enough), or null for the generic dialog. A type
 * registered twice fails, as other registrations do.
 */
export function useCreateDialog(typeName: string | null): CreateDialog | null {
  const modules = useClientModules();
  if (!typeName) return null;
  const all = collectById(modules, 'create dialog', (m) => Object.entries(m.createDialogs ?? {}));
  return all.get(typeName) ?? null;
}
