import type { FastifyInstance } from 'fastify';
import type { Registry } from '../kernel/registry';
import type { AccessPolicy } from './access/policy';
import type { Principal } from './access/principal';
import type { RateLimiter } from './auth/rate-limit';
import type { ServerConfig } from './config';
import type { Database } from './db/open';
import type { FileStorage } from './files/storage';
import type { ItemService } from './items/item-service';
import type { ItemChange } from './items/rows';
import type { ModuleHooks } from './items/write-hooks';
import type { SearchService } from './search/search-service';
import type { Mailer } from './mail/mailer';
import type { LargeReplies } from './http/large-replies';
import type { AsyncAction } from './tasks/async-action';
import type { Jobs } from './tasks/jobs';
import type { TaskService } from './tasks/task-service';
import type { Hub } from './ws/hub';
import type { Session } from './ws/session';

/** What a node holds: built once in app.ts and handed to every handler. */
export interface Services {
  config: ServerConfig;
  database: Database;
  registry: Registry;
  policy: AccessPolicy;
  items: ItemService;
  search: SearchService;
  hub: Hub;
  acts: Map<string, ActHandler>;
  limits: { address: RateLimiter; account: RateLimiter; support: RateLimiter };
  mailer: Mailer;
  /** Uploaded bytes and image variants on disk (FILES_DIR). */
  files: FileStorage;
  /** Background jobs (pg-boss): register a handler, send, schedule cron jobs, queue depth. */
  jobs: Jobs;
  /** Async actions with Task items: act/{action}/async, progress pushes, kill. */
  tasks: TaskService;
  /** Replies over the socket message limit (lrg/ pushes) and streamed HTTP replies, until fetched. */
  largeReplies: LargeReplies;
  startedAt: Date;
}

export interface ActCall {
  services: Services;
  principal: Principal;
  /** null on the HTTP fallback. */
  session: Session | null;
  body: Record<string, unknown>;
  sub: string | undefined;
  key: string | undefined;
}

export type ActHandler = (call: ActCall) => Promise<unknown>;

/** What a module's start and listeners may log to (the node's pino logger). */
export interface ModuleLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** A started module's running parts (timers, schedules), stopped when the node closes. */
export interface RunningModule {
  stop(): Promise<void>;
}

/**
 * Called on every node for each committed change of a type (after the NOTIFY arrives), before
 * the generic watcher pushes: e.g. core pushes a new Notify to its recipient's sockets.
 */
export type CommittedListener = (change: ItemChange, services: Services) => Promise<void>;

/** The server half of a module: what its manifest names, and what it adds to the generic server. */
export interface ServerModule {
  id: string;
  acts: Record<string, ActHandler>;
  /** Long actions run as background tasks: act/{name}/async (see tasks/async-action.ts). */
  asyncActions?: Record<string, AsyncAction>;
  /** Write hooks by type name ('*': every type), run by the item service in each write's transaction. */
  hooks?: ModuleHooks;
  /** Listeners on committed changes, by type name, on every node (realtime/fanout). */
  onCommitted?: Readonly<Record<string, CommittedListener>>;
  /**
   * Starts the module's own timers and job schedules once the node's services are up (jobs
   * started). It returns what to stop: one process may hold several nodes (tests), so a module
   * keeps no running state of its own.
   */
  start?(services: Services, log: ModuleLog): Promise<RunningModule | void>;
  /** HTTP routes that belong to the module. */
  routes?(fastify: FastifyInstance, services: Services): void | Promise<void>;
}
