import type { ServerModule } from '../../../server/module-api';
import { acts } from './acts';
import { workflowDefinitionHooks } from './definitions';
import { scheduleReminders } from './reminders';
import { bindServices, startHooks } from './start-hook';

/**
 * The workflow engine's server half: its acts, the Workflow definitions' checks, the '*' hook
 * that starts an instance on a workflow-capable item written with a `workflow`, the generic
 * step kind WKF_CONFIRM (completes freely) and the due-reminder job.
 */
export const server: ServerModule = {
  id: 'workflow',
  acts,
  stepKinds: { WKF_CONFIRM: {} },
  hooks: { Workflow: workflowDefinitionHooks, '*': startHooks },
  async start(services) {
    bindServices(services);
    await scheduleReminders(services, services.config.workflowReminderCron);
  },
};
