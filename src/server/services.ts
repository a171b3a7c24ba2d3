import type { ActContract, ActInput, ActReply } from '../kernel/act-contract';
import type { Registry } from '../kernel/registry';
import type { AccessPolicy } from './access/policy';
import type { Principal } from './access/principal';
import type { RateLimiter } from './auth/rate-limit';
import type { ServerConfig } from './config';
import type { Database } from './db/open';
import type { FileStorage } from './files/storage';
import type { ItemService } from './items/item-service';
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
  /** Replies over the socket message limit (lrg/ pushes) and streamed HTTP replies, until fetched. */
  largeReplies: LargeReplies;
  startedAt: Date;
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

/** The server half of a module: the handlers of the acts its manifest names. */
export interface ServerModule {
  id: string;
  /** Built with actsOf(contracts, handlers) (server/acts.ts). */
  acts: Record<string, RegisteredAct>;
  /** Long actions run as background tasks: act/{name}/async (see tasks/async-action.ts). */
  asyncActions?: Record<string, AsyncAction>;
}
