// The server module API: the one file a module's server half imports from the server
// (besides src/protocol and src/kernel). What is not here is the server's own business and may
// change under a module without notice (DESIGN.md §2, "A module is one folder").

// ---- the module's shape: acts, async actions, hooks, listeners, lifecycle, routes ----
export type {
  ActCall,
  ActHandler,
  ActHandlers,
  CommittedListener,
  RegisteredAct,
  RegisteredStepKind,
  ModuleLog,
  RunningModule,
  ServerModule,
  Services,
  StepContext,
  StepKindHandler,
} from './services';
export type { AsyncAction, AsyncActionContext } from './tasks/async-action';
export type { DemoSeed, DemoSignIn } from './seed/demo';
export { TaskError } from './tasks/async-action';
export type { BeforeWriteContext, ModuleHooks, TypeHooks, WriteEvent, WriteHook } from './items/write-hooks';
export { AppError } from '../protocol/errors';
// Acts are registered with their contracts (src/kernel/act-contract.ts): the body is parsed first.
export { actsOf, asyncActionsOf } from './acts';

// ---- principals and access ----
export type { Principal } from './access/principal';
export { ANONYMOUS, rankIn, SYSTEM } from './access/principal';
export type { AccessPolicy } from './access/policy';
export { activePrincipal, loadPrincipal } from './auth/principals';

// ---- items: rows, the wire shape, writes ----
// Writes go through `services.items` (create, update, delete; createIn and patchIn inside a
// `services.items.transaction`), which appends the Event, queues the NOTIFY and runs the hooks.
export type {
  DeleteOptions,
  ItemService,
  PatchOptions,
  TouchOptions,
  WriteOptions,
} from './items/item-service';
export type { ItemChange, ItemRow } from './items/rows';
export { appendEvent, loadRow, loadRows, queueNotify } from './items/rows';
export type { WireItem } from './items/wire';
export { toWire } from './items/wire';
export { grantAccess, revokeAccess, setGrantIn } from './items/grants';

// ---- database: always the transaction's `tx` inside a transaction ----
export type { Executor } from './db/open';
export { query, textArray } from './db/query';

// ---- accounts, tokens, rate limits (core's people acts) ----
export { createAccount, PRINCIPALS_CHANNEL, setMembership } from './auth/accounts';
export { issueToken, revokeToken } from './auth/tokens';
export { RateLimiter } from './auth/rate-limit';

// ---- mail ----
export { compose, inviteMail, siteLink } from './mail/messages';

// ---- files ----
export { attachmentRow } from './files/attachments';
export { fileKey, isFileId } from './files/storage';
export { mayServe } from './files/attachments';
export { planAttachmentsZip, writeAttachmentsZip } from './files/zip-export';

// ---- admin screens (core) ----
export { dbOverrides, fileOverrides, saveOverrides } from './admin/locale-store';
export { readSetting, writeSetting } from './admin/settings';
export { notifySite } from './admin/site-events';
export { adminState } from './admin/state';
