import { sql } from 'drizzle-orm';
import {
  loadRowAsSystem,
  notifyPerson,
  query,
  SYSTEM,
  textArray,
  type Services,
} from '../../../server/module-api';
import { isStepOpen } from '../transitions';
import type { Role } from '../../../protocol/access-levels';
import type { StepInstance, WorkflowInstance } from '../types';
import { addDays, isoDay, newRun, roleCandidates, save } from './engine';
import { bindServices } from './start-hook';

// Due reminders: a pg-boss cron job (registered on every node, run by one) looks for open steps
// whose due date is close, and tells each assignee once per step and threshold through core's
// notifications, which mail by the person's notify preference. A step nobody has taken is
// reminded to its role instead: every member of the item's owner who could take it (the
// engine's roleCandidates: the role or higher, not blocked, may read the item), so an unassigned
// step is never silently late. What was sent is kept on the step (`reminded`), and recorded as
// WKF_STEP_DUE_REMINDED on the item.

export const REMINDER_JOB = 'workflow.reminders';

/** Days before the due date at which the assignee is reminded: 3 days before, and on the day. */
export const REMINDER_THRESHOLDS = [3, 0] as const;

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Sends the reminders due at `now` (tests and the job call it); answers how many notifications
 * it made. A step past a threshold it was never reminded at gets one reminder (the nearest
 * threshold), and every threshold it passed is marked, so a late sweep sends no burst.
 */
export async function sweepDueReminders(services: Services, now = new Date()): Promise<number> {
  bindServices(services);
  const today = isoDay(now);
  const horizon = addDays(today, Math.max(...REMINDER_THRESHOLDS));
  // Only the types that run workflows: the scan stays on their rows.
  const types = [...services.registry.types.values()].filter((t) => t.workflow).map((t) => t.name);
  if (types.length === 0) return 0;
  const candidates = await query<{ id: string }>(
    services.items.db,
    sql`select id from items where type = any(${textArray(types)}) and not deleted
      and data->>'_wf.$assignedDue' <= ${horizon} order by type, num`,
  );
  let sent = 0;
  for (const { id } of candidates) {
    sent += await services.items.transaction(async (tx) => {
      // As the system: the system's sweep of due steps; a reminder goes to the step's assignee, who may read
      // the item.
      const row = await loadRowAsSystem(tx, id, true);
      if (!row || row.deleted || !row.data._wf) return 0;
      const wf = structuredClone(row.data._wf) as WorkflowInstance;
      const reminders: { step: string; user: string; threshold: number; dueDate: string; role?: Role }[] = [];
      const run = newRun(tx, services, SYSTEM, row, wf, now);
      for (const step of wf.steps) {
        if (!isStepOpen(step.state) || !step.dueDate) continue;
        const left = daysBetween(today, step.dueDate);
        const passed = REMINDER_THRESHOLDS.filter((t) => left <= t && !(step.reminded ?? []).includes(t));
        if (passed.length === 0) continue;
        const role = step.assignedTo ? undefined : roleOf(step);
        const users = step.assignedTo ? [step.assignedTo] : await roleCandidates(run, row, role!);
        // Nobody could take it: it stays unmarked, so whoever joins the role hears of it.
        if (users.length === 0) continue;
        step.reminded = [...(step.reminded ?? []), ...passed].sort((a, b) => b - a);
        for (const user of users)
          reminders.push({
            step: step.id,
            user,
            threshold: Math.min(...passed),
            dueDate: step.dueDate,
            ...(role ? { role } : {}),
          });
      }
      if (reminders.length === 0) return 0;
      const saved = await save(run, 'WKF_STEP_DUE_REMINDED', { reminders });
      let n = 0;
      // Core's notifyPerson: no blocked account, nobody who may no longer read the item.
      for (const r of reminders)
        if (await notifyPerson(tx, services.items, { user: r.user, item: saved, kind: 'due', actor: null }))
          n++;
      return n;
    });
  }
  return sent;
}

/** Who is reminded of an unassigned step: its default role, the role nobody held, or the owner's staff. */
export function roleOf(step: StepInstance): Role {
  return step.assignee?.role ?? step.roleUnfilled ?? 'staff';
}

/** Registers the sweep as a job and schedules it on `cron` (UTC, WORKFLOW_REMINDER_CRON). */
export async function scheduleReminders(services: Services, cron: string): Promise<void> {
  await services.jobs.register(REMINDER_JOB, async () => {
    await sweepDueReminders(services, new Date());
  });
  await services.jobs.schedule(REMINDER_JOB, cron);
}
