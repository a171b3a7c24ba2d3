import { buildRegistry } from '../kernel/registry';
import { coreModule } from './core/module';

// The one explicit list of modules. A broken module fails the build and the start.
export const MODULES = [coreModule] as const;

export function appRegistry() {
  return buildRegistry(MODULES);
}
