import { sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import type { ItemService } from '../items/item-service';
import type { Hub } from '../ws/hub';
import type { TaskWire } from './async-action';
import type { TaskService } from './task-service';

export const TASKS_CHANNEL = 'ckk_tasks';

export type TaskMessage =
  | { kind: 'push'; userId: string; taskId: string; o: 'taskUpdate' | 'taskComplete'; b: TaskWire }
  | { kind: 'cancel'; key: string };

export interface TaskChannel {
  publish(m: TaskMessage): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A user-addressed channel: every node hears each task message and pushes it to that user's
 * sockets here, after the policy says the socket's principal may read the Task; a cancel reaches
 * the node that runs the task. NOTIFY payloads are small (a Task is a few hundred bytes).
 */
export async function startTaskChannel(
  database: Database,
  items: ItemService,
  hub: Hub,
  tasks: TaskService,
  log: { warn(obj: unknown, msg: string): void },
): Promise<TaskChannel> {
  const off = await database.listen(TASKS_CHANNEL, (payload) => {
    void deliver(payload).catch((err: unknown) => log.warn({ err }, 'task push failed'));
  });

  async function deliver(payload: string) {
    const m = JSON.parse(payload) as TaskMessage;
    if (m.kind === 'cancel') {
      tasks.abortLocal(m.key);
      return;
    }
    const sessions = hub.sessionsOf(m.userId);
    if (!sessions.length) return;
    const row = await items.systemRow(m.taskId);
    if (!row) return;
    for (const s of sessions) if (await items.canRow(s.principal, 'read', row)) s.push(m.o, m.b);
  }

  return {
    async publish(m) {
      await database.db.execute(sql`select pg_notify(${TASKS_CHANNEL}, ${JSON.stringify(m)})`);
    },
    stop: off,
  };
}
