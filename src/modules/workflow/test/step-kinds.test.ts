import { describe, expect, it } from 'vitest';
import { defineModule } from '../../../kernel/module';
import { buildRegistry } from '../../../kernel/registry';
import type { ServerModule } from '../../../server/services';
import { buildStepKinds } from '../../../server/step-kinds';
import { MODULES } from '../../index';

// The step kinds' registry built at start (services.stepKinds): every declared kind, the
// handlers the server halves give, and a refusal for a handler its manifest does not declare.

const a = defineModule({ id: 'kinds-a', types: [], stepKinds: ['A_ONE', 'A_TWO'] });
const b = defineModule({ id: 'kinds-b', types: [], stepKinds: ['B_ONE'] });
const half = (id: string, stepKinds: ServerModule['stepKinds']): ServerModule => ({
  id,
  acts: {},
  stepKinds,
});

describe('buildStepKinds', () => {
  it('lists every declared kind with its module, and the handler given (an empty one if none)', () => {
    const registry = buildRegistry([...MODULES, a, b]);
    const gate = { adHoc: true };
    const kinds = buildStepKinds(registry, [half('kinds-a', { A_ONE: gate })]);
    expect(kinds.get('A_ONE')).toEqual({ module: 'kinds-a', handler: gate });
    expect(kinds.get('A_TWO')).toEqual({ module: 'kinds-a', handler: {} });
    expect(kinds.get('B_ONE')?.module).toBe('kinds-b');
    expect(kinds.get('WKF_CONFIRM')?.module).toBe('workflow');
  });

  it('refuses at start a handler for a kind its manifest does not declare, or another module declares', () => {
    const registry = buildRegistry([...MODULES, a, b]);
    expect(() => buildStepKinds(registry, [half('kinds-a', { A_THREE: {} })])).toThrow(
      "step kind A_THREE of module kinds-a is not in its manifest's stepKinds",
    );
    expect(() => buildStepKinds(registry, [half('kinds-a', { B_ONE: {} })])).toThrow(
      'step kind B_ONE of module kinds-a is declared by module kinds-b',
    );
  });

  it('is built into the services at start: the workflow module gives WKF_CONFIRM', async () => {
    const { loadServerModules } = await import('../../../server/server-modules');
    const modules = await loadServerModules(MODULES);
    const kinds = buildStepKinds(buildRegistry(MODULES), modules);
    expect(kinds.get('WKF_CONFIRM')).toEqual({ module: 'workflow', handler: {} });
  });
});
