import { defineItemType } from '../../../kernel/item-type';
import { defineModule } from '../../../kernel/module';
import { MODULES } from '../../index';
import { workflowProperties } from '../types';

// A module of the tests' own with a workflow-capable type, since the real one (ConsultResponse)
// belongs to another module: WfTask runs workflows, `received` is a date a due rule counts from,
// `status` a property a step sets, `team` and `lead` name people a role step may prefer (a list
// and one), `partner` a relation that names no people. Its kinds (TST_GATE, TST_ADHOC, TST_AUTO) get their handlers
// from the tests (the module has no server half).

export const WfTask = defineItemType({
  name: 'WfTask',
  label: '{title}',
  defaultIcon: 'task',
  properties: {
    title: { kind: 'string', maxLength: 200, required: true, textField: true },
    received: { kind: 'date' },
    status: { kind: 'string', maxLength: 50 },
    team: { kind: 'relation', types: ['User'], list: true },
    lead: { kind: 'relation', types: ['User'] },
    partner: { kind: 'relation', types: ['Organization'] },
    ...workflowProperties('WFT_STATES'),
  },
  workflow: { stateList: 'WFT_STATES' },
  access: { create: ['editor'], defaultLevel: 'PROTECTED' },
});

export const wfTestModule = defineModule({
  id: 'wftest',
  requires: ['core', 'workflow'],
  types: [WfTask],
  lovLists: ['WFT_STATES'],
  stepKinds: ['TST_GATE', 'TST_ADHOC', 'TST_AUTO'],
});

export const TEST_MODULES = [...MODULES, wfTestModule];
