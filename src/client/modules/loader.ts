/// <reference types="vite/client" />
import i18next from 'i18next';
import type { ClientModule } from '../module-api';
import { loadScreenStrings } from '../i18n/screen-strings';
import { ExternalStore, useStore } from '../state/external-store';

// The client halves of the modules (src/modules/<id>/client/index.ts), each its own chunk: the
// start-up bundle holds only this map of loaders, so it does not grow with each module. A half
// loads when one of its screens opens, or when the session may see the module (its item
// sections, menu entries and editors must be there when one of its items opens).
const halves = import.meta.glob<{ client: ClientModule }>('../../modules/*/client/index.ts');

function idOf(file: string): string {
  return file.split('/').at(-3)!;
}

const loaders = new Map(Object.entries(halves).map(([file, load]) => [idOf(file), load]));

/** The ids of the modules that have a client half. */
export function clientModuleIds(): string[] {
  return [...loaders.keys()];
}

/** The strings of the halves loaded so far (setup.ts puts them back when an admin's wording changes). */
const strings: Record<string, unknown>[] = [];

export function loadedModuleStrings(): readonly Record<string, unknown>[] {
  return strings;
}

class LoadedModules extends ExternalStore<readonly ClientModule[]> {
  private readonly pending = new Map<string, Promise<ClientModule>>();

  constructor() {
    super([]);
  }

  /** Loads a module's half and its strings, once; the list of loaded halves keeps list order. */
  load(id: string): Promise<ClientModule> {
    let p = this.pending.get(id);
    if (!p) {
      const loader = loaders.get(id);
      if (!loader) return Promise.reject(new Error(`module ${id} has no client half`));
      // The on-demand strings come with every half: its parts (screens, sections, dialogs) are
      // on-demand parts too, so they never render a bare key.
      p = Promise.all([loader(), loadScreenStrings()])
        .then(async ([{ client }]) => {
          if (client.id !== id) throw new Error(`the client half in modules/${id} says it is ${client.id}`);
          if (client.strings) {
            const bundle = await client.strings();
            strings.push(bundle);
            i18next.addResourceBundle('en', 'translation', bundle, true, false);
          }
          // In list order whatever order the halves arrive in (a small half loads faster than a
          // big one), so "first registered" means the same on every load.
          const order = clientModuleIds();
          this.publish(
            [...this.getSnapshot(), client].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id)),
          );
          return client;
        })
        .catch((e: unknown) => {
          // Offline at that moment: the next screen that asks tries again.
          this.pending.delete(id);
          throw e;
        });
      this.pending.set(id, p);
    }
    return p;
  }
}

export const loadedModules = new LoadedModules();

/** Loads a module's client half (cached). */
export function loadClientModule(id: string): Promise<ClientModule> {
  return loadedModules.load(id);
}

/** The client halves loaded so far; re-renders when another arrives. */
export function useClientModules(): readonly ClientModule[] {
  return useStore(loadedModules);
}

/**
 * Every module's strings, loading the halves not loaded yet (the wording screen lists every
 * message of every module, also of modules this admin has not opened yet).
 */
export async function allModuleStrings(): Promise<readonly Record<string, unknown>[]> {
  await Promise.all(clientModuleIds().map((id) => loadClientModule(id)));
  return loadedModuleStrings();
}
