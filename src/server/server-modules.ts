import type { ModuleManifest } from '../kernel/module';
import { MODULES } from '../modules';
import type { ServerModule } from './services';

/** A module id is a folder name the import below can be built from, and nothing else. */
const MODULE_ID = /^[a-z][a-z0-9-]*$/;

function hasAny(record: object | undefined): boolean {
  return !!record && Object.keys(record).length > 0;
}

/**
 * The server halves of the listed modules, in the list's order (so a module's hooks, acts and
 * listeners come after those of what it requires). Each is the `server` export of
 * src/modules/<id>/server/index.ts, found by id from the one list (src/modules/index.ts), so a
 * new module is not named here. The import path is a template: esbuild bundles every file that
 * matches it, and tsx and Vitest resolve it at run time. A manifest without `server: true` has
 * no server half; one that names acts then fails here rather than at its first call.
 */
export async function loadServerModules(
  manifests: readonly ModuleManifest[] = MODULES,
): Promise<readonly ServerModule[]> {
  const out: ServerModule[] = [];
  for (const m of manifests) {
    if (!m.server) {
      if (hasAny(m.acts) || hasAny(m.asyncActs))
        throw new Error(`module ${m.id} names acts but has no server half (server: true in its manifest)`);
      continue;
    }
    if (!MODULE_ID.test(m.id)) throw new Error(`module id ${JSON.stringify(m.id)} is not a folder name`);
    const entry: unknown = await import(`../modules/${m.id}/server/index.ts`);
    out.push(serverHalf(m.id, entry));
  }
  return out;
}

/** The entry's `server` export, checked to be this module's server half. */
export function serverHalf(id: string, entry: unknown): ServerModule {
  const server: unknown =
    entry && typeof entry === 'object' ? (entry as { server?: unknown }).server : undefined;
  if (!server || typeof server !== 'object' || typeof (server as { acts?: unknown }).acts !== 'object')
    throw new Error(`module ${id}: server/index.ts does not export its server half as \`server\``);
  const half = server as ServerModule;
  if (half.id !== id) throw new Error(`module ${id}: server/index.ts exports the server half of ${half.id}`);
  return half;
}
