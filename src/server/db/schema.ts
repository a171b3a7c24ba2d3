import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Storage (DESIGN §3). Item data is jsonb; the columns are what access, numbering and
// concurrency need to see without opening the data.

export const items = pgTable(
  'items',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    num: integer('num').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    owner: text('owner'),
    access: text('access').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The latest write's actor (migration 0013): `_m.$id` on the wire. */
    updatedBy: text('updated_by'),
    /** Update counter `_u`: bumped by every change, watched by clients. */
    u: integer('u').notNull().default(1),
    version: integer('version').notNull().default(1),
    /** Soft delete keeps the row so every node can still check access for the delete push. */
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [
    uniqueIndex('items_type_num').on(t.type, t.num),
    index('items_owner').on(t.owner),
    index('items_type_created').on(t.type, t.createdAt),
    // /attachment/{uppyID} and avatars find their Attachment by the uppyID in its data.
    index('items_attachment_uppy')
      .on(sql`(${t.data}->>'uppyID')`)
      .where(sql`${t.type} = 'Attachment'`),
    // A list-of-values key is unique within (owner, list): the database keeps it so even under
    // concurrent writes (the item service turns the violation into errors.lovKeyTaken on `key`).
    uniqueIndex('items_lov_key')
      .on(sql`coalesce(${t.owner}, '')`, sql`(${t.data}->>'list')`, sql`(${t.data}->>'key')`)
      .where(sql`${t.type} = 'LOVValue' and not ${t.deleted}`),
    // A Task's key names its result folder and its job: one Task per key, deleted ones included
    // (their folders may not be swept yet).
    uniqueIndex('items_task_key')
      .on(sql`(${t.data}->>'key')`)
      .where(sql`${t.type} = 'Task'`),
    // Indexes over one type's rows that a module needs are declared on the type (ItemTypeDef
    // `indexes`) and made at start (db/type-indexes.ts), not listed here: this file names no
    // module's type. drizzle-kit does not own them (they are not in migrations/meta's snapshot).
  ],
);

export const typeCounters = pgTable('type_counters', {
  type: text('type').primaryKey(),
  last: integer('last').notNull(),
});

export const links = pgTable(
  'links',
  {
    fromId: text('from_id').notNull(),
    prop: text('prop').notNull(),
    idx: integer('idx').notNull(),
    toId: text('to_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromId, t.prop, t.idx] }), index('links_to').on(t.toId)],
);

/** Append-only (a trigger refuses UPDATE and DELETE): the timeline and the audit log. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: text('item_id').notNull(),
    kind: text('kind').notNull(),
    actor: text('actor'),
    /** The admin behind a masquerading actor, for the audit. */
    realActor: text('real_actor'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (t) => [index('events_item').on(t.itemId, t.id)],
);

export const grants = pgTable(
  'grants',
  {
    itemId: text('item_id').notNull(),
    principal: text('principal').notNull(),
    actions: text('actions').array().notNull(),
    grantedBy: text('granted_by').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.principal, t.grantedBy] }),
    index('grants_principal').on(t.principal),
  ],
);

/** Organisation memberships: kept out of item data so nobody edits their own roles. */
export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id').notNull(),
    orgId: text('org_id').notNull(),
    roles: text('roles').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orgId] }), index('memberships_org').on(t.orgId)],
);

/**
 * The organisations an invitation (an `invite` token, by its hash) asks the person to join
 * (migration 0017). Nothing is joined until the person opens the link and accepts: an orgAdmin
 * never enrols someone without their consent (issue 36).
 */
export const invitations = pgTable(
  'invitations',
  {
    tokenHash: text('token_hash').notNull(),
    orgId: text('org_id').notNull(),
    invitedBy: text('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.orgId] })],
);

export const credentials = pgTable(
  'credentials',
  {
    userId: text('user_id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'string' }),
    /** Null until the owner proves the address (confirm link or password reset); sign-in needs it. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex('credentials_email').on(sql`lower(${t.email})`)],
);

/** Only hashes are stored; the token itself exists only in the client's hands. */
export const tokens = pgTable(
  'tokens',
  {
    hash: text('hash').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    /** Set while an admin masquerades: the admin's own user id. */
    masqueradeFrom: text('masquerade_from'),
  },
  (t) => [index('tokens_user').on(t.userId)],
);

export const legacyPaths = pgTable('legacy_paths', {
  alias: text('alias').primaryKey(),
  itemId: text('item_id').notNull(),
});

/** admin.systext: interface wording per language, dotted i18n key → text. Beats DATA_DIR files. */
export const localeOverrides = pgTable(
  'locale_overrides',
  {
    language: text('language').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.language, t.key] })],
);

/** Small site-wide settings edited by admins (e.g. `menuItems`: hidden and ordered nav entries). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/** Each running node's heartbeat, so every node can list all live nodes (admin.state). */
export const nodes = pgTable('nodes', {
  nodeId: text('node_id').primaryKey(),
  version: text('version').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  sockets: integer('sockets').notNull().default(0),
});
/** A user's `$notify` preference per item (NIL, DEFAULT, PREFS, ALWAYS); no row means DEFAULT. */
export const notifyPrefs = pgTable(
  'notify_prefs',
  {
    userId: text('user_id').notNull(),
    itemId: text('item_id').notNull(),
    pref: text('pref').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('notify_prefs_item').on(t.itemId)],
);
