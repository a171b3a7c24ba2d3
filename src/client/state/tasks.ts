import type { ActBody, ActReply } from '../../kernel/act-contract';
import type { AppAsyncActs, AsyncActName } from '../../modules/contracts';
import type { AlertStore } from './alerts';
import { ExternalStore, perClient, useStore } from './external-store';
import type { SocketClient, TaskInfo } from './socket-client';

/** Error keys of a finished task that are not shown: a simulated failure, and the user's own kill. */
const SILENT_ERRORS = new Set(['simulated', 'cancelled']);

/**
 * The user's background tasks for the help menu: seeded from the session's activeTasks (so a
 * reload restores them), kept current by taskUpdate/taskComplete pushes, cleared with the user.
 */
export class TaskStore extends ExternalStore<TaskInfo[]> {
  private seededFor: string | null = null;
  /** Tasks whose failure the screen that started them shows itself (one error, not two). */
  private readonly ownErrors = new Set<string>();

  constructor(
    private readonly client: SocketClient,
    private readonly alerts: AlertStore,
  ) {
    super([]);
    client.on('taskUpdate', (b) => this.upsert(b as TaskInfo));
    client.on('taskComplete', (b) => {
      const t = b as TaskInfo;
      this.upsert(t);
      const own = this.ownErrors.delete(t.key);
      if (t.errorKey && !SILENT_ERRORS.has(t.errorKey) && !own)
        alerts.push({
          type: 'error',
          key: `errors.${t.errorKey}`,
          sysMessage: t.errorSys,
          ...(t.errorParams ? { params: { ...t.errorParams } } : {}),
        });
    });
    client.onEvent((e) => {
      if (e.kind === 'clear') this.reset();
    });
    client.subscribe(() => this.seed());
    this.seed();
  }

  private seed() {
    const user = this.client.getSnapshot().user;
    if (!user) {
      if (this.seededFor) this.reset();
      return;
    }
    if (this.seededFor === user.$id) return;
    this.seededFor = user.$id;
    for (const t of user.activeTasks ?? []) this.upsert(t);
  }

  private reset() {
    this.seededFor = null;
    this.publish([]);
  }

  /** Adds or updates a task; a push never moves progress backwards. */
  upsert(t: TaskInfo) {
    const tasks = this.getSnapshot();
    const i = tasks.findIndex((x) => x.key === t.key);
    if (i < 0) this.publish([t, ...tasks]);
    else {
      const prev = tasks[i]!;
      const merged = {
        ...prev,
        ...t,
        percentageComplete: Math.max(prev.percentageComplete, t.percentageComplete),
      };
      this.publish(tasks.map((x, j) => (j === i ? merged : x)));
    }
  }

  /**
   * Starts act/{action}/async and lists the task at once. `ownErrors`: the caller shows the
   * task's failure itself (an import dialog), so no app-wide alert repeats it.
   */
  async start<N extends AsyncActName>(
    action: N,
    body: ActBody<AppAsyncActs[N]>,
    opts: { ownErrors?: boolean } = {},
  ): Promise<TaskInfo> {
    const r = await this.client.request<ActReply<AppAsyncActs[N]>>(`act/${action}/async`, body);
    const t = { keyAction: action, ...r };
    if (opts.ownErrors) this.ownErrors.add(t.key);
    this.upsert(t);
    return t;
  }

  /**
   * Resolves with the task once it has ended (completed, failed or killed), whenever its push
   * comes: a screen that started it may be gone by then (a step panel whose step the task
   * completed), and what it does on the end must not depend on its still being there.
   */
  finished(key: string): Promise<TaskInfo> {
    const ended = () => {
      const t = this.getSnapshot().find((x) => x.key === key);
      return t && !isRunning(t) ? t : null;
    };
    const now = ended();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const off = this.subscribe(() => {
        const t = ended();
        if (!t) return;
        off();
        resolve(t);
      });
    });
  }

  async kill(key: string): Promise<void> {
    await this.client.act('killTask', { taskKey: key });
  }

  /** Removes a finished task from the list, and its Task item so a reload does not bring it back. */
  async dismiss(key: string): Promise<void> {
    const t = this.getSnapshot().find((x) => x.key === key);
    this.publish(this.getSnapshot().filter((x) => x.key !== key));
    const num = Number(t?.$id?.split('-')[1]);
    if (num > 0) await this.client.act('delete', { _t: 'Task', _i: num }).catch(() => undefined);
  }
}

/** One store per client, made on first use. */
export const taskStoreFor = perClient((client, alerts: AlertStore) => new TaskStore(client, alerts));

export function useTasks(store: TaskStore): TaskInfo[] {
  return useStore(store);
}

export function isRunning(t: TaskInfo): boolean {
  return !t.errorKey && t.percentageComplete < 100;
}
