import type { Registry } from '../kernel/registry';
import type { ActHandler, ServerModule } from './services';

/** Joins the manifests' act names with the server modules' handlers; a mismatch fails at start. */
export function buildActs(registry: Registry, modules: readonly ServerModule[]): Map<string, ActHandler> {
  const acts = new Map<string, ActHandler>();
  for (const m of modules) {
    for (const [name, handler] of Object.entries(m.acts)) {
      if (registry.acts.get(name) !== m.id)
        throw new Error(`act ${name} of module ${m.id} is not in its manifest`);
      if (acts.has(name)) throw new Error(`act ${name} already registered`);
      acts.set(name, handler);
    }
  }
  const missing = [...registry.acts.keys()].filter((a) => !acts.has(a));
  if (missing.length) throw new Error(`acts without a handler: ${missing.join(', ')}`);
  return acts;
}
