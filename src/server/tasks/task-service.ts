import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parseActBody } from '../../kernel/act-contract';
import { AppError } from '../../protocol/errors';
import { SYSTEM, type Principal } from '../access/principal';
import { loadPrincipal } from '../auth/principals';
import { query } from '../db/query';
import type { ItemRow } from '../items/rows';
import type { Services } from '../services';
import type { AsyncAction, AsyncActionContext, TaskWire } from './async-action';
import { TaskError } from './async-action';
import type { TaskChannel } from './task-channel';

interface TaskJob {
  key: string;
  taskId: string;
  action: string;
  userId: string;
  masqueradeFrom: string | null;
  body: Record<string, unknown>;
}

/** The errorKey of a killed task. */
export const CANCELLED = 'cancelled';
const PROGRESS_EVERY_MS = 400;
/** Finished tasks stay in the session's activeTasks this long, so their download survives a reload. */
const FINISHED_KEPT_MS = 24 * 3600_000;

const CLEANUP_JOB = 'tasks.cleanup';
export const RESULTS_KEPT_DAYS = 7;

/**
 * Tasks one user may have unfinished at once, on all nodes together (issue 36): an import, an
 * export and a report side by side leave room, while a script that starts hundreds of imports,
 * each reading files and writing items on the node every community shares, stops here with
 * tooManyTasks. Counted from the Task items, so every node sees the same number; two starts at
 * the same instant may both pass, which lets one over, never hundreds.
 */
export const TASKS_RUNNING_PER_USER = 5;

export function taskQueue(action: string) {
  return `task.${action}`;
}

/**
 * Async actions as pg-boss jobs with a Task item each: start, progress, completion, kill.
 * Pushes go through the task channel (NOTIFY), so the user's sockets on every node hear them.
 */
export class TaskService {
  private readonly actions = new Map<string, AsyncAction>();
  /** Tasks running on this node, by key. */
  private readonly running = new Map<string, AbortController>();
  /** Set while the node closes: aborted tasks are then failed, not treated as killed. */
  private closing = false;
  channel: TaskChannel | null = null;

  constructor(private readonly s: () => Services) {}

  get dir() {
    return path.join(this.s().config.dataDir, 'tasks');
  }

  registerAsyncAction(name: string, action: AsyncAction): void {
    if (this.actions.has(name)) throw new Error(`async action ${name} already registered`);
    this.actions.set(name, action);
    void this.s()
      .jobs.register<TaskJob>(taskQueue(name), (data, job) => this.runJob(data, job.signal))
      .catch((err: unknown) => console.warn(`could not register the job of ${name}`, err));
  }

  hasAction(name: string) {
    return this.actions.has(name);
  }

  /** act/{action}/async: validates, creates the Task, queues the job. */
  async start(p: Principal, name: string, body: Record<string, unknown>) {
    const action = this.actions.get(name);
    if (!action) throw new AppError('unknownOperation', `unknown async action ${name}`);
    // A body off the contract is refused before anything else happens (no Task, no job).
    if (action.contract) body = parseActBody(action.contract, body) as Record<string, unknown>;
    if (!p.userId) throw new AppError('notAllowed', 'sign in first');
    if (action.allowed && !action.allowed(p)) throw new AppError('notAllowed', `start ${name}`);
    await action.validate?.(body, this.s(), p);
    const running = await this.unfinished(p.userId);
    if (running >= TASKS_RUNNING_PER_USER)
      throw new AppError('tooManyTasks', `${running} tasks running; at most ${TASKS_RUNNING_PER_USER}`);
    const key = randomBytes(12).toString('base64url');
    const jobId = randomUUID();
    const started = new Date().toISOString();
    const item = await this.s().items.create(
      SYSTEM,
      'Task',
      { key, asyncKey: jobId, started, percentageComplete: 0, keyAction: name },
      // Started while masquerading: the admin is on record, as for every write of the masquerade.
      { actor: p.userId, realActor: p.masqueradeFrom },
    );
    const job: TaskJob = {
      key,
      taskId: item.$id,
      action: name,
      userId: p.userId,
      masqueradeFrom: p.masqueradeFrom,
      body,
    };
    await this.s().jobs.send(taskQueue(name), job, { id: jobId });
    return { key, started, percentageComplete: 0, $id: item.$id };
  }

  /**
   * The user's Tasks not finished, started in the last day: one a stopped node left unfinished
   * for longer (pg-boss fails its job, see jobs.ts) no longer keeps its starter out.
   */
  private async unfinished(userId: string): Promise<number> {
    const [r] = await query<{ n: number }>(
      this.s().items.db,
      sql`select count(*)::int as n from items where type = 'Task' and created_by = ${userId} and not deleted
          and created_at > now() - interval '1 day' and data->>'errorKey' is null
          and coalesce((data->>'percentageComplete')::float8, 0) < 100`,
    );
    return Number(r?.n ?? 0);
  }

  /**
   * The Task with this key that this user started; with `anyStarter`, the one Task of the key
   * whoever started it (an admin's kill). The key is unique and written by the system only, but
   * the starter is asked in the same look-up all the same: a key alone never picks someone
   * else's task for a user.
   */
  async started(p: Principal, key: string, anyStarter = false): Promise<ItemRow | null> {
    if (!p.userId && !anyStarter) return null;
    const [r] = await query<{ id: string }>(
      this.s().items.db,
      sql`select id from items where type = 'Task' and data->>'key' = ${key} and not deleted
          ${anyStarter ? sql`` : sql`and created_by = ${p.userId}`}`,
    );
    if (!r) return null;
    const row = await this.s().items.systemRow(r.id);
    if (!row || !(await this.s().items.canRow(p, 'read', row))) return null;
    return row;
  }

  /** killTask / asyncCancel: marks the Task cancelled and tells the node running it to stop. */
  async kill(p: Principal, key: string) {
    // The starter kills their own task; an admin any (a runaway task), found by its unique key.
    const row = await this.started(p, key, p.admin);
    if (!row) throw new AppError('notFound', `no task ${key}`);
    if (isFinished(row.data)) return { key, killed: false };
    const done = await this.patch(row.id, { errorKey: CANCELLED }, true);
    if (!done) return { key, killed: false };
    await this.channel?.publish({ kind: 'cancel', key: String(row.data.key) });
    await this.announce(done, 'taskComplete');
    return { key, killed: true };
  }

  /** The user's running tasks (and those finished in the last day) for the session's activeTasks. */
  async activeTasks(userId: string, action?: string): Promise<TaskWire[]> {
    const rows = await query<{ id: string }>(
      this.s().items.db,
      sql`select id from items where type = 'Task' and created_by = ${userId} and not deleted
          ${action ? sql`and data->>'keyAction' = ${action}` : sql``}
          and created_at > now() - interval '7 days' order by num desc limit 50`,
    );
    const out: TaskWire[] = [];
    const loaded = await this.s().items.readRows(rows.map((r) => r.id));
    for (const r of rows) {
      const row = loaded.get(r.id);
      if (!row) continue;
      const wire = taskWire(row);
      const finishedAt = row.updatedAt ? new Date(row.updatedAt).getTime() : 0;
      if (wire.errorKey === CANCELLED) continue;
      if (isFinished(row.data) && Date.now() - finishedAt > FINISHED_KEPT_MS) continue;
      out.push(wire);
    }
    return out;
  }

  /** Runs one job on this node. */
  private async runJob(job: TaskJob, bossSignal: AbortSignal) {
    const { items } = this.s();
    const row = await items.systemRow(job.taskId);
    if (!row || row.deleted || isFinished(row.data)) return; // killed before it started
    const action = this.actions.get(job.action);
    const principal = await loadPrincipal(items.db, job.userId, job.masqueradeFrom);
    const controller = new AbortController();
    const onBossAbort = () => controller.abort();
    bossSignal.addEventListener('abort', onBossAbort);
    this.running.set(job.key, controller);
    const folder = path.join(this.dir, job.key);
    let lastPct = 0;
    let lastAt = 0;
    let made: string | undefined;
    const ctx: AsyncActionContext = {
      services: this.s(),
      principal: principal as Principal & { userId: string },
      body: job.body,
      taskKey: job.key,
      signal: controller.signal,
      progress: async (pct) => {
        const n = Math.max(0, Math.min(99, Math.floor(pct)));
        if (controller.signal.aborted || n <= lastPct || Date.now() - lastAt < PROGRESS_EVERY_MS) return;
        lastPct = n;
        lastAt = Date.now();
        const updated = await this.patch(job.taskId, { percentageComplete: n });
        if (updated && !controller.signal.aborted) await this.announce(updated, 'taskUpdate');
      },
      resultPath: (name) => path.join(folder, safeName(name)),
      resultURI: (name) => `/api/task-result/${job.key}/${encodeURIComponent(safeName(name))}`,
      made: (id) => {
        made = id;
      },
    };
    try {
      if (!action || !principal?.userId) throw new TaskError('notAllowed', 'the task can no longer run');
      const result = await action.run(ctx);
      if (controller.signal.aborted) throw new TaskError(CANCELLED, 'killed');
      const patch: Record<string, unknown> = { percentageComplete: 100 };
      if (result?.resultURI) patch.resultURI = result.resultURI;
      const keyItem = result?.keyItem ?? made;
      if (keyItem) patch.keyItem = keyItem;
      const done = await this.patch(job.taskId, patch, true);
      if (done) await this.announce(done, 'taskComplete');
      else rmSync(folder, { recursive: true, force: true }); // killed as it finished
    } catch (e) {
      rmSync(folder, { recursive: true, force: true });
      // A kill has marked the Task already; a closing node fails it so it does not hang as running.
      if (controller.signal.aborted && !this.closing) return;
      const stopped = controller.signal.aborted;
      const errorKey = stopped
        ? 'generalFailure'
        : e instanceof TaskError || e instanceof AppError
          ? keyOf(e)
          : 'generalFailure';
      const errorSys = stopped
        ? 'the server stopped'
        : e instanceof Error
          ? e.message.slice(0, 500)
          : String(e);
      // What the run made before it failed is stored all the same: the Task names it.
      const done = await this.patch(job.taskId, made ? { errorKey, keyItem: made } : { errorKey }, true);
      const params = !stopped && e instanceof TaskError ? e.params : undefined;
      if (done) await this.announce(done, 'taskComplete', errorSys, params);
    } finally {
      bossSignal.removeEventListener('abort', onBossAbort);
      this.running.delete(job.key);
    }
  }

  /**
   * Results are kept for a week, and removed at once when their Task is deleted (dismissed):
   * a daily cron job (one node runs it) sweeps DATA_DIR/tasks.
   */
  async startMaintenance(): Promise<void> {
    const { jobs } = this.s();
    await jobs.register(CLEANUP_JOB, () => this.cleanup().then(() => undefined));
    await jobs.schedule(CLEANUP_JOB, '23 3 * * *');
  }

  /** Removes result folders whose Task is gone, deleted or older than RESULTS_KEPT_DAYS; returns how many. */
  async cleanup(): Promise<number> {
    if (!existsSync(this.dir)) return 0;
    const keys = readdirSync(this.dir);
    if (!keys.length) return 0;
    const kept = await query<{ key: string }>(
      this.s().items.db,
      sql`select data->>'key' as key from items where type = 'Task' and not deleted
          and created_at > now() - make_interval(days => ${RESULTS_KEPT_DAYS})
          and data->>'key' in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
    );
    const keep = new Set(kept.map((r) => r.key));
    let removed = 0;
    for (const k of keys)
      if (!keep.has(k) && !this.running.has(k)) {
        rmSync(path.join(this.dir, k), { recursive: true, force: true });
        removed++;
      }
    return removed;
  }

  /** Called by the task channel on every node: stop the task if it runs here. */
  abortLocal(key: string) {
    this.running.get(key)?.abort();
  }

  /** Stops every task on this node (the node is closing); their Tasks are left unfinished. */
  abortAll() {
    this.closing = true;
    for (const c of this.running.values()) c.abort();
  }

  /**
   * Updates the Task as the system; with `finish`, only if it has not finished yet (a kill and a
   * completion race: the first one wins). Returns the updated row, or null when it had finished.
   */
  private async patch(id: string, patch: Record<string, unknown>, finish = false): Promise<ItemRow | null> {
    const { items } = this.s();
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await items.systemRow(id);
      if (!row || row.deleted) return null;
      if (isFinished(row.data)) return null;
      try {
        await items.update(SYSTEM, { $id: id, $version: row.version, ...patch }, { actor: null });
        return (await items.systemRow(id)) ?? null;
      } catch (e) {
        if (!(e instanceof AppError) || e.key !== 'staleVersion') throw e;
      }
    }
    if (finish) throw new Error(`could not finish task ${id}`);
    return null;
  }

  private async announce(
    row: ItemRow,
    o: 'taskUpdate' | 'taskComplete',
    errorSys?: string,
    errorParams?: TaskWire['errorParams'],
  ) {
    const b = taskWire(row);
    if (errorSys && b.errorKey) b.errorSys = errorSys;
    if (errorParams && b.errorKey) b.errorParams = errorParams;
    await this.channel?.publish({ kind: 'push', userId: row.createdBy!, taskId: row.id, o, b });
  }
}

function keyOf(e: TaskError | AppError): string {
  return e instanceof TaskError ? e.errorKey : e.key;
}

export function isFinished(data: Record<string, unknown>): boolean {
  return typeof data.errorKey === 'string' || Number(data.percentageComplete) >= 100;
}

export function taskWire(row: ItemRow): TaskWire {
  const d = row.data;
  return {
    $id: row.id,
    key: String(d.key),
    asyncKey: String(d.asyncKey ?? ''),
    keyAction: String(d.keyAction ?? ''),
    started: String(d.started ?? ''),
    percentageComplete: Number(d.percentageComplete ?? 0),
    ...(typeof d.resultURI === 'string' ? { resultURI: d.resultURI } : {}),
    ...(typeof d.keyItem === 'string' ? { keyItem: d.keyItem } : {}),
    ...(typeof d.errorKey === 'string' ? { errorKey: d.errorKey } : {}),
  };
}

/** A result file name without folders or odd characters. */
export function safeName(name: string): string {
  return path.basename(name).replace(/[^A-Za-z0-9._-]/g, '_') || 'result';
}
