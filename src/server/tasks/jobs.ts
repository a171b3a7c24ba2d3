import { PgBoss, fromPglite, type Job } from 'pg-boss';
import type { Database } from '../db/open';

export interface JobsLog {
  warn(obj: unknown, msg: string): void;
}

export interface JobContext {
  id: string;
  /** Aborted when the node stops or pg-boss loses the job's claim. */
  signal: AbortSignal;
}

export type JobHandler<T extends object = object> = (data: T, job: JobContext) => Promise<void>;

export interface RegisterOptions {
  /** Jobs of this queue one node works at once. */
  concurrency?: number;
  /** Failed attempts retried; background tasks default to none (a retry would surprise the user). */
  retryLimit?: number;
  /** A job running longer is failed by pg-boss. */
  expireInSeconds?: number;
}

/**
 * How often an idle worker asks for new jobs while LISTEN/NOTIFY is down (the query is tiny, and
 * users wait for their tasks). With it up, a new job wakes the workers of its queue on every
 * node at once, and polling is a backstop for jobs due later (startAfter): NOTIFY_POLL_SECONDS.
 * Polling every queue twice a second was some 50 queries a second per idle node (13 queues, two
 * workers each), measured in the statement log while benchmarking writes (issue 21).
 */
const POLL_SECONDS = 0.5;
const NOTIFY_POLL_SECONDS = 10;

/**
 * Background jobs on pg-boss, in the node's own database: the embedded PGlite client, or its own
 * small pool on PostgreSQL, where every node works jobs and pg-boss hands each job to one node.
 * Handlers are registered by queue name; `register` before or after `start` both work.
 */
export class Jobs {
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  private readonly handlers = new Map<string, { fn: JobHandler; opts: RegisterOptions }>();
  /** Queues being created: a send waits for its queue (pg-boss refuses jobs for unknown queues). */
  private readonly creating = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: JobsLog,
  ) {}

  /** Installs pg-boss's schema on first use (a fraction of a second), then ~25 ms per start. */
  start(): Promise<void> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart() {
    const { database } = this;
    const boss = database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...BOSS_OPTIONS })
      : new PgBoss({ connectionString: database.url!, max: 3, ...BOSS_OPTIONS });
    boss.on('error', (err) => this.log.warn({ err }, 'background jobs error'));
    await boss.start();
    this.boss = boss;
    for (const [name, h] of this.handlers) await this.work(name, h.fn, h.opts);
  }

  /** Registers the handler of a queue; this node works its jobs from then on. */
  async register<T extends object>(name: string, fn: JobHandler<T>, opts: RegisterOptions = {}) {
    if (this.handlers.has(name)) throw new Error(`job ${name} already registered`);
    this.handlers.set(name, { fn: fn as JobHandler, opts });
    if (this.boss) {
      const p = this.work(name, fn as JobHandler, opts);
      this.creating.set(name, p);
      await p;
    }
  }

  private async work(name: string, fn: JobHandler, opts: RegisterOptions) {
    const boss = this.boss!;
    const queue = {
      retryLimit: opts.retryLimit ?? 0,
      expireInSeconds: opts.expireInSeconds ?? 6 * 3600,
      notify: true,
    };
    await boss.createQueue(name, queue);
    // A queue made before notify was on keeps its old options: set them again.
    await boss.updateQueue(name, queue);
    // One worker per slot, each knowing its own id: a worker that found a job looks again at once
    // when it is done. pg-boss would wait out the poll interval (NOTIFY_POLL_SECONDS) after every
    // job, and a NOTIFY that came before its fetch is spent, so a burst of jobs would drain one per
    // interval instead of back to back.
    for (let slot = 0; slot < (opts.concurrency ?? 2); slot++) {
      let self = '';
      self = await boss.work<object>(
        name,
        {
          pollingIntervalSeconds: POLL_SECONDS,
          notifyPollingIntervalSeconds: NOTIFY_POLL_SECONDS,
          localConcurrency: 1,
          batchSize: 1,
        },
        async (jobs: Job<object>[]) => {
          try {
            for (const job of jobs) await fn(job.data, { id: job.id, signal: job.signal });
          } finally {
            if (self) boss.notifyWorker(self);
          }
        },
      );
    }
  }

  private async ready(): Promise<PgBoss> {
    await this.start();
    if (!this.boss || this.stopped) throw new Error('background jobs are stopped');
    return this.boss;
  }

  /** Queues a job; returns its id. The queue must be registered on some node to be worked. */
  async send(
    name: string,
    data: object,
    opts: { startAfterSeconds?: number; id?: string } = {},
  ): Promise<string> {
    const boss = await this.ready();
    if (!this.handlers.has(name)) throw new Error(`no handler registered for job ${name}`);
    await this.creating.get(name);
    const id = await boss.send(name, data, {
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      ...(opts.id ? { id: opts.id } : {}),
    });
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  /**
   * Sends a job of `name` on a cron schedule (e.g. '0 7 * * *' for a daily digest at 07:00 UTC).
   * One schedule per name and key across all nodes; scheduling again replaces it.
   */
  async schedule(name: string, cron: string, data: object = {}, key?: string): Promise<void> {
    const boss = await this.ready();
    await boss.schedule(name, cron, data, { tz: 'UTC', ...(key ? { key } : {}) });
  }

  /** The cron schedules of `name` (all when omitted), as stored in the database. */
  async schedules(name?: string): Promise<{ name: string; cron: string; timezone: string }[]> {
    const boss = await this.ready();
    return (await boss.getSchedules(name)).map((x) => ({ name: x.name, cron: x.cron, timezone: x.timezone }));
  }

  async unschedule(name: string, key?: string): Promise<void> {
    const boss = await this.ready();
    await boss.unschedule(name, key);
  }

  /** Jobs waiting or running, per registered queue and in total (admin.state shows it). */
  async queueDepth(): Promise<{ total: number; queues: Record<string, { ready: number; active: number }> }> {
    const boss = await this.ready();
    const names = [...this.handlers.keys()];
    const queues: Record<string, { ready: number; active: number }> = {};
    let total = 0;
    for (const q of names.length ? await boss.getQueues(names) : []) {
      queues[q.name] = { ready: q.queuedCount, active: q.activeCount };
      total += q.queuedCount + q.activeCount;
    }
    return { total, queues };
  }

  /** Stops polling and timers; running handlers are aborted by their owners before this. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (!this.starting) return;
    await this.starting.catch(() => undefined);
    await this.boss?.stop({ graceful: true, timeout: 5_000, close: true });
    this.boss = null;
  }
}

const BOSS_OPTIONS = {
  // The monitor and maintenance loops default to minutes; they only matter on long-lived nodes.
  superviseIntervalSeconds: 60,
  // Cron: every node checks once a minute whether a schedule is due; pg-boss sends each once.
  schedule: true,
  // New jobs wake workers by NOTIFY (queues are made with notify: true), on PGlite as well.
  useListenNotify: true,
} as const;
