import { defineModule } from '../../kernel/module';
import { workflowActs } from './contract';
import { workflowTypes } from './types';
import { workflowNav, workflowTitles, workflowViews } from './views';

/**
 * The workflow engine (spec capability-modules §4 "Workflow engine"): Workflow definitions, the
 * step instances on workflow-capable items (`_wf`), the step kinds' registry, assignment,
 * due reminders and the admin.workflows designer. Modules add step kinds (`stepKinds` here, and
 * their server handlers and client panels in their halves).
 */
export const workflowModule = defineModule({
  id: 'workflow',
  requires: ['core'],
  types: workflowTypes,
  server: true,
  client: true,
  acts: workflowActs,
  capabilities: ['WorkflowAdmin'],
  stepKinds: ['WKF_CONFIRM'],
  views: workflowViews,
  nav: workflowNav,
  titles: workflowTitles,
});
