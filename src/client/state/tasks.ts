import { useSyncExternalStore } from 'react';
import type { AlertStore } from './alerts';
import type { SocketClient, TaskInfo } from './socket-client';

/** Error keys of a finished task that are not shown: a simulated failure, and the user's own kill. */
const SILENT_ERRORS = new Set(['simulated', 'cancelled']);

/**
 * The user's background tasks for the help menu: seeded from the session's activeTasks (so a
 * reload restores them), kept current by taskUpdate/taskComplete pushes, cleared with the user.
 */
export class TaskStore {
  private tasks: TaskInfo[] = [];
  private readonly listeners = new Set<() => void>();
  private seededFor: string | null = null;

  constructor(
    private readonly client: SocketClient,
    private readonly alerts: AlertStore,
  ) {
    client.on('taskUpdate', (b) => this.upsert(b as TaskInfo));
    client.on('taskComplete', (b) => {
      const t = b as TaskInfo;
      this.upsert(t);
      if (t.errorKey && !SILENT_ERRORS.has(t.errorKey))
        alerts.push({ type: 'error', key: `errors.${t.errorKey}`, sysMessage: t.errorSys });
    });
    client.onEvent((e) => {
      if (e.kind === 'clear') this.reset();
    });
    client.subscribe(() => this.seed());
    this.seed();
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = () => this.tasks;

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
    this.tasks = [];
    this.emit();
  }

  /** Adds or updates a task; a push never moves progress backwards. */
  upsert(t: TaskInfo) {
    const i = this.tasks.findIndex((x) => x.key === t.key);
    if (i < 0) this.tasks = [t, ...this.tasks];
    else {
      const prev = this.tasks[i]!;
      const merged = {
        ...prev,
        ...t,
        percentageComplete: Math.max(prev.percentageComplete, t.percentageComplete),
      };
      this.tasks = this.tasks.map((x, j) => (j === i ? merged : x));
    }
    this.emit();
  }

  /** Starts act/{action}/async and lists the task at once. */
  async start(action: string, body: Record<string, unknown>): Promise<TaskInfo> {
    const r = (await this.client.request(`act/${action}/async`, body)) as TaskInfo;
    const t = { keyAction: action, ...r };
    this.upsert(t);
    return t;
  }

  async kill(key: string): Promise<void> {
    await this.client.request('act/killTask', { taskKey: key });
  }

  /** Removes a finished task from the list, and its Task item so a reload does not bring it back. */
  async dismiss(key: string): Promise<void> {
    const t = this.tasks.find((x) => x.key === key);
    this.tasks = this.tasks.filter((x) => x.key !== key);
    this.emit();
    const num = Number(t?.$id?.split('-')[1]);
    if (num > 0) await this.client.request('act/delete', { _t: 'Task', _i: num }).catch(() => undefined);
  }

  private emit() {
    for (const fn of this.listeners) fn();
  }
}

const stores = new WeakMap<SocketClient, TaskStore>();

/** One store per client, made on first use. */
export function taskStoreFor(client: SocketClient, alerts: AlertStore): TaskStore {
  let s = stores.get(client);
  if (!s) stores.set(client, (s = new TaskStore(client, alerts)));
  return s;
}

export function useTasks(store: TaskStore): TaskInfo[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

export function isRunning(t: TaskInfo): boolean {
  return !t.errorKey && t.percentageComplete < 100;
}
