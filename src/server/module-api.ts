// The server module API: the one file a module's server half imports from the server
// (besides src/protocol and src/kernel). What is not here is the server's own business and may
// change under a module without notice (DESIGN.md §2, "A module is one folder").

// ---- the module's shape: acts, async actions, hooks, listeners, lifecycle, routes ----
export type {
  ActCall,
  ActHandler,
  ActHandlers,
  CommittedListener,
  CsvCellResolver,
  CsvResolveContext,
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
export {
  addOrgCapabilities,
  attachDemoFiles,
  seedListValues,
  type DemoFile,
  type ListEntry,
} from './seed/demo-helpers';
export { TaskError } from './tasks/async-action';
export type { BeforeWriteContext, ModuleHooks, TypeHooks, WriteEvent, WriteHook } from './items/write-hooks';
export {
  fileDerivedField,
  parentWideFiles,
  type FileDerivedField,
  type FileFacts,
  type ParentWideFile,
} from './items/file-derived';
export { AppError } from '../protocol/errors';
// Acts are registered with their contracts (src/kernel/act-contract.ts): the body is parsed first.
export { actsOf, asyncActionsOf } from './acts';

// ---- principals and access ----
export type { Principal } from './access/principal';
export { ANONYMOUS, rankIn, refuseWhileMasquerading, SYSTEM } from './access/principal';
export type { AccessPolicy } from './access/policy';
export { activePrincipal, loadPrincipal } from './auth/principals';
// The read rule as SQL, for a module's own aggregations (counts, medians): only readable rows.
export { grantedItemIds, readableSql } from './access/readable-sql';
// What an import's rows inherit from its target: its protocols, never a wider level.
export {
  bothRestrictions,
  type ImportRestriction,
  importRestriction,
  levelWithin,
  restrictionInput,
  restrictionOf,
} from './access/import-restriction';
// Who reads an item (the fewest principals bounding them all), for what is assembled from other
// items for those readers: a part is taken only when every one of them may read it.
export { readableByAll, readableRowsByAll, readersOf } from './access/readers';

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
// Reads with no access rule: the system's view. A module reads for a person with
// `services.items.readableRow` / `readableRows`; each call of these states why the system reads
// there (test/unchecked-reads.test.ts lists them).
export {
  appendEvent,
  loadRow as loadRowAsSystem,
  loadRows as loadRowsAsSystem,
  queueNotify,
} from './items/rows';
export type { WireItem } from './items/wire';
export { toWire } from './items/wire';
export { grantAccess, revokeAccess, setGrantIn } from './items/grants';
export { historyFor, type HistoryEvent } from './items/history-view';
export { notifyPerson } from './items/notify-person';
// A map's memory of the ids it streamed to a socket, so one that becomes unreadable is pushed as
// a delete (every module's map stream: spatial's streamFeatures, GeoKeeper's field data).
export { forgetHidden, rememberSent, SENT_MAX } from './realtime/map-sent';

// ---- database: always the transaction's `tx` inside a transaction ----
export type { Executor } from './db/open';
export { query, queryPrepared, queryShared, textArray, textArrayParam } from './db/query';

// ---- accounts, tokens, rate limits (core's people acts) ----
export { createAccount, PRINCIPALS_CHANNEL, setMembership } from './auth/accounts';
export { issueToken, revokeToken } from './auth/tokens';
export { recordInvitation } from './auth/invitations';
export { RateLimiter } from './auth/rate-limit';

// ---- mail ----
export { compose, inviteMail, joinInvitationMail, siteLink } from './mail/messages';

// ---- files ----
export { attachmentRow } from './files/attachments';
export { fileKey, isFileId, readHead } from './files/storage';
export { mayServe } from './files/attachments';
// A file a module's own route sends: its name cleaned, and the header that names it.
export { contentDisposition, sanitizeName } from './files/names';
// Files copied onto a message for an outside party: the sender reads each, none is restricted.
export { assertSendableFiles } from './files/sendable';
export { planAttachmentsZip, writeAttachmentsZip } from './files/zip-export';
// A zipped shapefile of features (dBase names of 10 characters), for any module's GIS export.
export { shortFieldNames, writeShapefileZip, type ShpFeature } from './files/shapefile-write';
export { importAttachment } from './files/import-source';
export { readLines } from './files/read-lines';
export {
  inflateZip,
  RATIO_GRACE_BYTES,
  ZIP_LIMITS,
  ZipLimitError,
  type ZipLimits,
  type ZipSink,
} from './files/zip-guard';

// ---- admin screens (core) ----
export { dbOverrides, fileOverrides, saveOverrides } from './admin/locale-store';
export { readSetting, writeSetting } from './admin/settings';
export { notifySite } from './admin/site-events';
export { adminState } from './admin/state';

// A module's own HTTP routes (ServerModule.routes) know their caller as the item routes do: the
// bearer token or the session cookie (ANONYMOUS when neither; a bad one throws identFailed).
export { requestPrincipal } from './http/item-fallback';
