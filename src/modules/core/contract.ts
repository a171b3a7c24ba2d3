import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { TaskStarted } from '../../kernel/task-started';
import { ITEM_ACTIONS, ROLES } from '../../protocol/access-levels';
import { MAX_ALL } from '../../protocol/constants';
import { ZIP_NAMES } from '../../protocol/files';
import type { WireItem as WireItemType } from '../../protocol/item';
import { KEY_RE, LANGUAGE_RE } from '../../protocol/locale-keys';
import { SearchQuery } from '../../protocol/query';
import { ImportCsvBody } from './contract-csv-import';
import { NOTIFY_PREFS, USER_NOTIFY } from './types';

// The core module's acts (DESIGN §2): each act's body and reply, once. The server parses bodies
// with these before a handler runs (server/ws/dispatch.ts) and, outside production, checks the
// replies; the client's act() is typed by them (type imports only: see kernel/act-contract.ts).
//
// Bodies take exactly what the client and the tests send. Most are strict (an unknown key is
// errors.unknownField); those that need no body at all strip instead, because a request without
// a body arrives as the protocol's default `{_t: "vgn", _i: 0}`.

const Id = z.string().min(1).max(200);
const ids = (max: number) => z.array(Id).max(max);
const typedId = (type: string) => z.string().regex(new RegExp(`^${type}-[1-9][0-9]*$`), `a ${type} id`);
const UserId = typedId('User');
const OrgId = typedId('Organization');
const TypeName = z.string().min(1).max(100);
const PropName = z.string().min(1).max(100);
/** `{_t, _i}`: an item, or with `_i` 0 its type. */
const itemRef = { _t: TypeName, _i: z.number().int().min(0).max(MAX_ALL) };
/** A body with nothing in it (or the protocol's default body). */
const NoBody = z.object({});

const Labels = z.record(z.string(), z.string());
const ItemAction = z.enum(ITEM_ACTIONS);
const Role = z.enum(ROLES);

/** admin.menu-items: entries hidden for everyone, and the order of the main entries. */
export const MenuItems = z.strictObject({
  hidden: z.array(z.string().min(1).max(100)).max(200),
  order: z.array(z.string().min(1).max(100)).max(200),
});
export type MenuItems = z.infer<typeof MenuItems>;

/** admin.state: this node, the database, the job queue and every live node. */
export const AdminState = z.strictObject({
  version: z.string(),
  nodeId: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  database: z.strictObject({ kind: z.enum(['pglite', 'postgres']), sizeBytes: z.number() }),
  /** pg-boss's own queue: jobs waiting (created, retry) or running (active); `running` false when pg-boss has no schema here. */
  jobs: z.strictObject({
    running: z.boolean(),
    created: z.number(),
    retry: z.number(),
    active: z.number(),
    depth: z.number(),
  }),
  sockets: z.strictObject({ total: z.number(), signedIn: z.number() }),
  nodes: z.array(
    z.strictObject({
      nodeId: z.string(),
      version: z.string(),
      startedAt: z.string(),
      seenAt: z.string(),
      sockets: z.number(),
      self: z.boolean(),
    }),
  ),
});
export type AdminState = z.infer<typeof AdminState>;

/** A notification pair of the bell: [index, context id or null]. */
const NotifyPair = z.tuple([z.number(), z.string().nullable()]);
/** The most unread notifications markNotifications marks by index at once. */
/** The most unread notifications listed as pairs, and marked in one call. */
export const MAX_PAIRS = 500;

/** An item on the wire (its own properties vary by type; protocol/item.ts). */
const WireItem = z.custom<WireItemType>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { $id?: unknown }).$id === 'string',
  'an item',
);

export const coreActs = defineActs({
  rolesAvailable: { body: NoBody, reply: z.strictObject({ roles: z.array(Role) }) },
  isAllowed: {
    body: z.strictObject({ ...itemRef, actions: z.array(z.string().max(100)).max(50) }),
    reply: z.strictObject({ allowed: z.record(z.string(), z.boolean()), applyGrants: z.boolean() }),
  },
  getGrantedBy: {
    body: z.strictObject({
      grantsFor: z.union([
        ids(1000),
        z.record(Id, z.unknown()).refine((r) => Object.keys(r).length <= 1000, 'errors.array.max'),
      ]),
    }),
    /** Per item, per granter: "principal:action" strings. */
    reply: z.strictObject({ result: z.record(z.string(), z.record(z.string(), z.array(z.string()))) }),
  },
  getLegacyPath: {
    body: z.strictObject({ alias: z.string().min(1).max(2000) }),
    reply: z.strictObject({ itemId: z.string() }),
  },
  filterByPerm: {
    body: z.strictObject({
      subjectID: z.string().max(100),
      chain: z.array(ItemAction).max(5).optional(),
      grantedBy: z.string().max(100).optional(),
      query: z.union([ids(5000), z.strictObject({ ids: ids(5000) })]),
    }),
    reply: z.strictObject({ results: z.array(z.string()) }),
  },
  delete: {
    body: z.strictObject(itemRef),
    reply: z.strictObject({ $id: z.string(), deleted: z.literal(true) }),
  },
  setGrant: {
    body: z.strictObject({
      ...itemRef,
      principal: z
        .string()
        .max(100)
        .refine((v) => /^(User|Organization)-[1-9][0-9]*$/.test(v), 'a User or Organization id'),
      actions: z.array(ItemAction).min(1).max(ITEM_ACTIONS.length),
    }),
    reply: z.strictObject({ $id: z.string(), principal: z.string(), actions: z.array(ItemAction) }),
  },
  removeGrant: {
    body: z.strictObject({
      ...itemRef,
      principal: z.string().max(100),
      grantedBy: z.string().max(100).optional(),
    }),
    reply: z.strictObject({ $id: z.string(), principal: z.string(), grantedBy: z.string().nullable() }),
  },
  setMembership: {
    body: z.strictObject({ userId: UserId, org: OrgId, roles: z.array(Role).max(ROLES.length) }),
    reply: z.strictObject({ userId: z.string(), org: z.string(), roles: z.array(Role) }),
  },
  timeline: {
    body: z.strictObject(itemRef),
    reply: z.strictObject({
      events: z.array(
        z.strictObject({
          id: z.number(),
          kind: z.string(),
          actor: z.string().nullable(),
          at: z.string(),
          data: z.record(z.string(), z.unknown()).nullable(),
        }),
      ),
      $labels: Labels,
    }),
  },
  /**
   * Spec §7: adds ids to a relation list of an item (prop `rel` of a Collection: its members).
   * The caller must may update the item and read every id; ids already there are kept once.
   */
  addRels: {
    body: z.strictObject({ prop: PropName, itemID: Id, rels: z.array(Id).min(1).max(1000) }),
    reply: WireItem,
  },
  /** Spec §7: removes ids from a relation list of an item; ids not there are ignored. */
  removeRels: {
    body: z.strictObject({ prop: PropName, itemID: Id, ids: z.array(Id).min(1).max(1000) }),
    reply: WireItem,
  },
  purgeAttachment: {
    body: z.strictObject({ id: Id }),
    reply: z.strictObject({ $id: z.string(), purged: z.literal(true) }),
  },
  masquerade: {
    body: z.union([z.strictObject({ stop: z.literal(true) }), z.strictObject({ targetUserID: UserId })]),
    reply: z.strictObject({ newToken: z.string(), expiresAt: z.string(), userId: z.string() }),
  },
  invite: {
    body: z.strictObject({ _t: z.literal('Contact'), _i: z.number().int().min(1).max(MAX_ALL) }),
    reply: z.strictObject({ sent: z.literal(true), resent: z.boolean(), userId: z.string() }),
  },
  orgMembers: {
    body: z.strictObject({ org: OrgId }),
    reply: z.strictObject({
      org: z.string(),
      members: z.array(
        z.strictObject({
          userId: z.string(),
          roles: z.array(z.string()),
          label: z.string(),
          email: z.string().nullable(),
          blocked: z.boolean(),
        }),
      ),
    }),
  },
  /** Without a body: the caller's own Contact cards; with {contact, notify}: sets one first. */
  contactNotify: {
    body: z
      .object({ contact: typedId('Contact').optional(), notify: z.enum(NOTIFY_PREFS).optional() })
      .refine((b) => (b.contact === undefined) === (b.notify === undefined), {
        message: 'errors.required',
        path: ['contact'],
      }),
    reply: z.strictObject({
      contacts: z.array(
        z.strictObject({ id: z.string(), orgs: z.array(z.string()), notify: z.string().nullable() }),
      ),
      $labels: Labels,
    }),
  },
  blockUser: {
    body: z.strictObject({ user: UserId, blocked: z.boolean() }),
    reply: z.strictObject({ user: z.string(), blocked: z.boolean() }),
  },
  /**
   * Admins: the capabilities an organisation or a user holds (spec core §3), replacing the list.
   * Core is everyone's and is not stored; unknown names are refused. Replies the stored names.
   */
  setCapabilities: {
    body: z.strictObject({
      id: z
        .string()
        .max(100)
        .regex(/^(User|Organization)-[1-9][0-9]*$/, 'a User or Organization id'),
      capabilities: z.array(z.string().min(1).max(100)).max(100),
    }),
    reply: z.strictObject({ $id: z.string(), capabilities: z.array(z.string()) }),
  },
  adminState: { body: NoBody, reply: AdminState },
  systextGet: {
    body: z.strictObject({ language: z.string().max(20).regex(LANGUAGE_RE) }),
    reply: z.strictObject({ language: z.string(), overrides: Labels, fileOverrides: Labels }),
  },
  systextSave: {
    body: z.strictObject({
      language: z.string().max(20).regex(LANGUAGE_RE),
      /** null removes an override. */
      values: z
        .record(z.string().max(200).regex(KEY_RE), z.string().max(5000).nullable())
        .refine((v) => Object.keys(v).length <= 5000, 'at most 5000 keys at once'),
    }),
    reply: z.strictObject({ language: z.string(), saved: z.number() }),
  },
  menuItems: { body: NoBody, reply: MenuItems },
  menuItemsSave: { body: MenuItems, reply: MenuItems },
  supportRequest: {
    body: z.strictObject({
      subject: z.string().trim().min(1).max(200),
      message: z.string().trim().min(1).max(10_000),
    }),
    reply: z.strictObject({ sent: z.literal(true) }),
  },
  killTask: {
    body: z.strictObject({ taskKey: z.string().min(1).max(200) }),
    reply: z.strictObject({ key: z.string(), killed: z.boolean() }),
  },
  /** Marks by index (or all); with no body, only answers the unread pairs. */
  markNotifications: {
    body: z.object({
      indexes: z.array(z.number().int().positive().max(MAX_ALL)).max(MAX_PAIRS).default([]),
      asUnread: z.boolean().default(false),
      /** Marks every notification of the user read (the "mark all read" button). */
      all: z.boolean().optional(),
    }),
    reply: z.strictObject({ notifyPairs: z.array(NotifyPair) }),
  },
  /** Reads notifications by id (`Notify-7`) or index (7). */
  fetchNotifications: {
    body: z.strictObject({
      query: z.strictObject({
        must: z.strictObject({
          id: z.array(z.union([z.string().max(100), z.number().int().positive()])).max(200),
        }),
      }),
    }),
    reply: z.strictObject({ items: z.array(WireItem) }),
  },
  getNotify: {
    body: z.strictObject({ $id: z.string().max(100) }),
    reply: z.strictObject({ $id: z.string(), notify: z.enum(USER_NOTIFY) }),
  },
  setNotify: {
    body: z.strictObject({ $id: z.string().max(100), notify: z.enum(USER_NOTIFY) }),
    reply: z.strictObject({ $id: z.string(), notify: z.enum(USER_NOTIFY) }),
  },
});

export { TaskStarted };

/** The core module's async actions (act/{name}/async); the service checks the body before a Task exists. */
export const coreAsyncActs = defineActs(
  {
    /** The items a search finds, as CSV: a query as for search/ids, or a saved search. */
    exportCsv: {
      body: z.strictObject({ query: SearchQuery.optional(), savedSearch: z.string().max(200).optional() }),
      reply: TaskStarted,
    },
    /** The attachments of a search as one zip. */
    exportZip: {
      body: z.strictObject({ query: SearchQuery.optional(), name: z.enum(ZIP_NAMES).optional() }),
      reply: TaskStarted,
    },
    /**
     * A CSV file attached to an Import, read into items of one type (docs/csv-import.md): a dry
     * run lists every row's problems and writes nothing; a run creates or updates, row by row.
     */
    importCsv: { body: ImportCsvBody, reply: TaskStarted },
    /** Admins: a task that only reports progress, to try kill, progress and download. */
    simulateTask: {
      body: z.strictObject({
        seconds: z.number().min(0).max(3600).default(5),
        /** Fails at this percentage with errorKey 'simulated' (the client ignores that key). */
        failAt: z.number().min(0).max(100).optional(),
      }),
      reply: TaskStarted,
    },
  },
  { async: true },
);

export type CoreActs = typeof coreActs;
export type CoreAsyncActs = typeof coreAsyncActs;
