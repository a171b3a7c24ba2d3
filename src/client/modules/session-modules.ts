import { useEffect } from 'react';
import type { ModuleInfo } from '../config';
import type { UserSession } from '../state/socket-client';
import { loadClientModule } from './loader';

/**
 * The modules with a client half this user may see: those that declare no capabilities, all for
 * an admin, otherwise those of which the user holds a capability. Signed out: none (a public
 * screen loads its half when it opens).
 */
export function sessionModuleIds(modules: readonly ModuleInfo[], user: UserSession | null): string[] {
  if (!user) return [];
  return modules
    .filter((m) => m.client)
    .filter((m) => !m.capabilities.length || user.admin || m.capabilities.some((c) => user.capabilities[c]))
    .map((m) => m.id);
}

/**
 * Loads the client halves of the modules the session may see, after it arrives and whenever it
 * changes (their item sections, menu entries and editors must be there when one of their items
 * opens). Each half is its own chunk, loaded once; a failure (offline) is retried by the next
 * screen that asks for it.
 */
export function useSessionModules(modules: readonly ModuleInfo[], user: UserSession | null): void {
  const ids = sessionModuleIds(modules, user).join(' ');
  useEffect(() => {
    for (const id of ids ? ids.split(' ') : []) loadClientModule(id).catch(() => undefined);
  }, [ids]);
}
