import { type AsyncAction, TaskError } from '../../../server/module-api';
import { coreAsyncActs } from '../contract';
import type { CoreCall } from './act-input';
import { exportCsv } from './export-csv';
import { exportZip } from './export-zip';
import { importCsv } from './csv-import/import-task';
import { mkdirSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';

// Background-task acts of spec core §7: killTask, and the async actions of the core module.

/** killTask {taskKey}: the starter (or an admin) stops a running task. */
export async function killTask({ services, principal, body }: CoreCall<'killTask'>) {
  return services.tasks.kill(principal, body.taskKey);
}

/**
 * simulateTask (admins): runs for the requested seconds, reporting progress and writing a
 * small file, so kill, progress and download can be tried and tested without real work.
 */
export const simulateTask: AsyncAction = {
  allowed: (p) => p.admin,
  async run(ctx) {
    // The task service parsed the body with the contract at start; this applies its defaults' types.
    const { seconds, failAt } = coreAsyncActs.simulateTask.body.parse(ctx.body);
    const file = ctx.resultPath('simulated.txt');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'simulated task\n');
    const steps = Math.max(1, Math.round(seconds * 10));
    for (let i = 1; i <= steps; i++) {
      await new Promise<void>((resolve) => {
        const stop = () => (clearTimeout(t), resolve());
        const t = setTimeout(
          () => (ctx.signal.removeEventListener('abort', stop), resolve()),
          (seconds * 1000) / steps,
        );
        ctx.signal.addEventListener('abort', stop, { once: true });
      });
      if (ctx.signal.aborted) throw new TaskError('cancelled', 'killed');
      const pct = (i / steps) * 100;
      if (failAt !== undefined && pct >= failAt) throw new TaskError('simulated', 'a simulated failure');
      appendFileSync(file, `step ${i}\n`);
      await ctx.progress(pct);
    }
    return { resultURI: ctx.resultURI('simulated.txt') };
  },
};

export const coreAsyncActions = { exportCsv, exportZip, importCsv, simulateTask } satisfies Record<
  string,
  AsyncAction
>;
