import type { FastifyInstance } from 'fastify';
import type { ActContract, ActInput, ActReply } from '../kernel/act-contract';
import type { Registry } from '../kernel/registry';
import type { AccessPolicy } from './access/policy';
import type { Principal } from './access/principal';
import type { RateLimiter } from './auth/rate-limit';
import type { ServerConfig } from './config';
import type { Database, Executor } from './db/open';
import type { ItemRow } from './items/rows';
import type { FileStorage } from './files/storage';
import type { ItemService } from './items/item-service';
import type { ItemChange } from './items/rows';
import type { ModuleHooks } from './items/write-hooks';
import type { DemoSeed } from './seed/demo';
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
  /** The acts of every module: contract and handler, by name (server/acts.ts). */
  acts: Map<string, RegisteredAct>;
  limits: { address: RateLimiter; account: RateLimiter; support: RateLimiter };
  mailer: Mailer;
  /** Uploaded bytes and image variants on disk (FILES_DIR). */
  files: FileStorage;
  /** Background jobs (pg-boss): register a handler, send, schedule cron jobs, queue depth. */
  jobs: Jobs;
  /** Async actions with Task items: act/{action}/async, progress pushes, kill. */
  tasks: TaskService;
  /** Replies over the socket message limit (lrg/ pushes) and streamed HTTP replies, until fetched (shared by all nodes). */
  largeReplies: LargeReplies;
  /**
   * The workflow step kinds of every registered module (manifest `stepKinds`), each with the
   * handler its server half gives (server/step-kinds.ts); a kind without one has no checks.
   */
  stepKinds: ReadonlyMap<string, RegisteredStepKind>;
  /**
   * The CSV import's module cell readers (ServerModule.csvResolvers), by type: each property's
   * resolver in the order its module declared them, so a later one sees what an earlier found.
   */
  csvResolvers: ReadonlyMap<string, readonly (readonly [string, CsvCellResolver])[]>;
  startedAt: Date;
}

/** What a CSV cell resolver is given (docs/csv-import.md "Cells a module reads"). */
export interface CsvResolveContext {
  services: Services;
  /** The importer: a resolver finds only what they may read (search, readableRow). */
  principal: Principal;
  /** The row's values so far: the preset, the plain columns, the properties resolved before. */
  data: Readonly<Record<string, unknown>>;
  /** Lives for one import: a resolver keeps its look-ups here, under keys of its own. */
  cache: Map<string, unknown>;
}

/**
 * Reads a relation cell that is not an item id (a title, a respondent index) as the property's
 * value, for one type's property: the cell as converted (a string, or the parts of a list), to
 * the value, or a problem key reported under the cell's column. What it finds still goes through
 * the item service, which refuses a relation the importer may not read.
 */
export type CsvCellResolver = (
  cell: string | readonly string[],
  ctx: CsvResolveContext,
) => Promise<{ value: unknown } | { problem: string }>;

/** A step kind as the engine runs it: the module that declares it and its handler. */
export interface RegisteredStepKind {
  module: string;
  handler: StepKindHandler;
}

/** What a step kind's handler is given: the write's transaction, the item and the step. */
export interface StepContext {
  tx: Executor;
  services: Services;
  /** Who moves the step (SYSTEM for the engine's own moves). */
  principal: Principal;
  /** The item as it is in this transaction. */
  item: ItemRow;
  /**
   * The step (a StepInstance of modules/workflow/types.ts): for canComplete and onComplete as it
   * was before the move (ACTIVE); for onActive as it is now (ACTIVE, `startedAt` set).
   */
  step: Readonly<Record<string, unknown>> & { id: string; kind: string; state: string };
}

/**
 * What a step kind means on the server (spec capability-modules §4 "Workflow engine"): what it
 * checks before it completes and what it does when it becomes ACTIVE or COMPLETE. Each runs in
 * the step move's transaction; an AppError refuses the move and nothing changes.
 */
export interface StepKindHandler {
  /** May be added ad hoc to one item (simple, letter send, thread, meeting, fieldwork). */
  adHoc?: boolean;
  /** Checked before COMPLETE (the outcome recorded, the response thread sent). */
  canComplete?(ctx: StepContext): Promise<void>;
  /**
   * The step became ACTIVE (a snapshot step sends its snapshot). Answering 'complete' asks the
   * engine to complete the step at once (its `canComplete`, `sets` and `onComplete` still run),
   * for kinds whose work is done the moment they start.
   */
  onActive?(ctx: StepContext): Promise<void | 'complete'>;
  /** The step became COMPLETE, after its `sets` were written. */
  onComplete?(ctx: StepContext): Promise<void>;
}

/** One act call; `B` is the body as its contract parsed it. */
export interface ActCall<B = unknown> {
  services: Services;
  principal: Principal;
  /** null on the HTTP fallback. */
  session: Session | null;
  body: B;
  sub: string | undefined;
  key: string | undefined;
}

/** The handler of one act: gets the parsed body, answers the contract's reply. */
export type ActHandler<C extends ActContract = ActContract> = (
  call: ActCall<ActInput<C>>,
) => Promise<ActReply<C>>;

/** Handlers for every act of a contract set, each typed by its own contract. */
export type ActHandlers<Cs extends Record<string, ActContract>> = { [K in keyof Cs]: ActHandler<Cs[K]> };

/** An act as dispatch runs it: the body is parsed with `contract.body` before `handler` runs. */
export interface RegisteredAct {
  contract: ActContract;
  handler: (call: ActCall<unknown>) => Promise<unknown>;
}

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
  /** Built with actsOf(contracts, handlers) (server/acts.ts). */
  acts: Record<string, RegisteredAct>;
  /** Long actions run as background tasks: act/{name}/async (see tasks/async-action.ts). */
  asyncActions?: Record<string, AsyncAction>;
  /**
   * The server handlers of the workflow step kinds its manifest declares (`stepKinds`), by kind.
   * A handler for a kind the manifest does not declare fails the start.
   */
  stepKinds?: Readonly<Record<string, StepKindHandler>>;
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
  /**
   * The module's demo data, written through `items` on a first start with DEMO_DATA (and by
   * tests that want it): after the demos of the modules before it in the list, so it may link
   * to their items (`demo.ids`). It lists its demo accounts with `demo.signIn`.
   */
  seedDemo?(items: ItemService, demo: DemoSeed): Promise<void>;
  /**
   * CSV import cells it reads its own way, by type, then property (a relation by a readable label
   * within the row's scope). Run in the order given, as the importer, before each row is written.
   */
  csvResolvers?: Readonly<Record<string, Readonly<Record<string, CsvCellResolver>>>>;
}
