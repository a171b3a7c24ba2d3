import { z } from 'zod';
import { AppError } from '../../../protocol/errors';
import { type ActCall, type AsyncAction, TaskError } from '../../../server/module-api';
import { exportCsv } from './export-csv';
import { exportZip } from './export-zip';
import { mkdirSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';

// Background-task acts of spec core §7: killTask, and the async actions of the core module.

const KillBody = z.object({ taskKey: z.string().min(1).max(200) }).loose();

/** killTask {taskKey}: the starter (or an admin) stops a running task. */
export async function killTask({ services, principal, body }: ActCall) {
  const b = KillBody.safeParse(body);
  if (!b.success) throw new AppError('invalidInput', 'taskKey: the key of the task');
  return services.tasks.kill(principal, b.data.taskKey);
}

const SimulateBody = z.object({
  seconds: z.number().min(0).max(3600).default(5),
  /** Fails at this percentage with errorKey 'simulated' (the client ignores that key). */
  failAt: z.number().min(0).max(100).optional(),
});

/**
 * simulateTask (admins): runs for the requested seconds, reporting progress and writing a
 * small file, so kill, progress and download can be tried and tested without real work.
 */
export const simulateTask: AsyncAction = {
  allowed: (p) => p.admin,
  validate(body) {
    if (!SimulateBody.safeParse(body).success)
      throw new AppError('invalidInput', 'seconds: 0 to 3600; failAt: 0 to 100');
  },
  async run(ctx) {
    const { seconds, failAt } = SimulateBody.parse(ctx.body);
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

export const coreAsyncActions: Record<string, AsyncAction> = { exportCsv, exportZip, simulateTask };
