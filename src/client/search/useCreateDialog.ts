import type { ComponentType, LazyExoticComponent } from 'react';
import type { CreateDialogProps } from '../module-api';
import { collectById, useTypeModules } from '../items/item-sections';

type CreateDialog = ComponentType<CreateDialogProps> | LazyExoticComponent<ComponentType<CreateDialogProps>>;

/**
 * The create dialog a loaded client half registers for a type (ClientModule.createDialogs: a
 * guided form where the generic fields are not enough), null for the generic dialog, or
 * undefined while the type's halves are still loading. Undefined is not "generic": a click in
 * that moment would open the generic dialog and then swap it for the module's under the
 * person's hands (a phone's first "Log a referral" lost its dialog so). A type registered twice
 * fails, as other registrations do.
 */
export function useCreateDialog(typeName: string | null): CreateDialog | null | undefined {
  const { ready, modules } = useTypeModules(typeName ?? undefined);
  if (!typeName) return null;
  if (!ready) return undefined;
  const all = collectById(modules, 'create dialog', (m) => Object.entries(m.createDialogs ?? {}));
  return all.get(typeName) ?? null;
}
