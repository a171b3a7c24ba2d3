import type { Registry } from '../kernel/registry';
import type { RegisteredStepKind, ServerModule } from './services';

/**
 * The step kinds' registry the workflow engine runs (services.stepKinds): every kind a manifest
 * declares (`stepKinds`; the registry already refused a kind declared twice), with the handler
 * its module's server half gives. A handler for a kind its manifest does not declare, or that
 * another module declares, fails the start: the registry stays the one list of kinds. A declared
 * kind without a handler gets an empty one (it completes freely and may not be added ad hoc).
 */
export function buildStepKinds(
  registry: Registry,
  modules: readonly ServerModule[],
): Map<string, RegisteredStepKind> {
  const out = new Map<string, RegisteredStepKind>();
  for (const [kind, module] of registry.stepKinds) out.set(kind, { module, handler: {} });
  for (const m of modules) {
    for (const [kind, handler] of Object.entries(m.stepKinds ?? {})) {
      const owner = registry.stepKinds.get(kind);
      if (owner === undefined)
        throw new Error(`step kind ${kind} of module ${m.id} is not in its manifest's stepKinds`);
      if (owner !== m.id)
        throw new Error(`step kind ${kind} of module ${m.id} is declared by module ${owner}`);
      out.set(kind, { module: m.id, handler });
    }
  }
  return out;
}
