import { declaredProperty, type ItemType } from '../../kernel/item-type';
import { renderLabel } from '../../kernel/label';
import { searchText } from '../../kernel/search-text';
import { bboxText } from './bbox';
import type { Registry } from '../../kernel/registry';
import { toFieldErrors, validatorFor } from '../../kernel/validator';
import { ACCESS_LEVELS, type AccessLevel, type ItemAction } from '../../protocol/access-levels';
import { AppError, type FieldError } from '../../protocol/errors';
import { isCompleteId, makeId, parseId, SYSTEM_TYPE_PREFIX } from '../../protocol/ids';
import type { RowLoader } from '../access/access-row';
import type { AccessPolicy } from '../access/policy';
import { SYSTEM, type Principal } from '../access/principal';
import { notFoundError, refusedRead } from '../access/refused-read';
import type { Database, Executor } from '../db/open';
import { query, textArray, textArrayParam } from '../db/query';
import { loadRow, loadRows, nextNumber, takeNumbers, writeLinks, writeWithEvent, type ItemRow } from './rows';
import { RowCache } from './row-cache';
import { ReadAudit } from './read-audit';
import { isTranslations, uniqueViolation } from './data-rules';
import { alreadyLinked, linkedInPatch, withHiddenLinks } from './hidden-links';
import { SYSTEM_KEYS, toWire, type WireItem } from './wire';
import { TxState } from './tx-state';
import { WriteBatcher } from './write-batch';
import { WriteHooks } from './write-hooks';
import { sql } from 'drizzle-orm';
import { PROTOCOL_TYPE } from '../../protocol/constants';
import { MAX_PROTOCOLS, PROTOCOLS_KEY, PROTOCOLS_STRICT_KEY } from '../../protocol/item';

export interface WriteOptions {
  /** Record this actor instead of the principal (seeding, jobs, the system writing for a person). */
  actor?: string | null;
  /** Record this admin as the masquerading real actor (system writes made for a masquerade). */
  realActor?: string | null;
  /** System writes only: the owner and level as given, without the type's owner rules. */
  owner?: string | null;
  access?: AccessLevel;
  /**
   * Create only: system-written properties (`write: 'system'`) the server sets in the same write,
   * for a person's create (an import's key of the record it came from), rather than a second
   * write as the system after it.
   */
  systemData?: Readonly<Record<string, unknown>>;
}

export interface PatchOptions extends Omit<WriteOptions, 'owner' | 'access' | 'systemData'> {
  /** A system bump: no `$version` change, the event is 'touched' (see patchIn). */
  touchOnly?: boolean;
  /**
   * The kind a touchOnly bump records instead of 'touched' (e.g. 'mailed'), so the item's history
   * says what happened. Hooks still see the write as `kind: 'touched'`.
   */
  event?: string;
  /**
   * More data for a touchOnly bump's event, beside its `changes` (the workflow engine records
   * which step moved from what to what), so the history says why without diffing `changes`.
   */
  eventData?: Record<string, unknown>;
}

/** A delete's options: who it is recorded for. */
export type DeleteOptions = Omit<WriteOptions, 'owner' | 'access' | 'systemData'>;

/** What `touchIn` records: an event on the item that changes none of its data. */
export interface TouchOptions extends Omit<WriteOptions, 'owner' | 'access' | 'systemData'> {
  /** The event's kind, as the history shows it (e.g. 'blocked', 'membership'). */
  event: string;
  /** The event's data (what changed outside the item: a membership's roles). */
  data?: Record<string, unknown>;
}

export type { BeforeWriteContext, TypeHooks, WriteEvent, WriteHook } from './write-hooks';

const ALLOWED_CHECKED: ItemAction[] = ['read', 'update', 'delete', 'grant'];

/**
 * The one item service: create, read, update, readMany, label and delete for every registered
 * type. Each write is one transaction that appends its Event and queues its NOTIFY.
 */
export class ItemService {
  /** Rows read outside transactions; kept fresh by the NOTIFY of every change (realtime/fanout). */
  readonly cache = new RowCache();
  /** Group commit of the creates and updates that arrive together (write-batch.ts). */
  readonly batcher: WriteBatcher;
  /** Changes that started from a row their batch had locked ahead (for the tests and the benchmark). */
  rowsLockedAhead = 0;
  /** The modules' write hooks (ServerModule.hooks), run inside each write's transaction. */
  readonly hooks = new WriteHooks();
  /** Opens of PRIVATE items (read and readAllowed by id), written in batches after the read. */
  readonly readAudit: ReadAudit;
  /** Each open `transaction()`'s state: what it wrote (dropped from the cache after it commits), and what its batch readied. */
  private readonly txs = new WeakMap<Executor, TxState>();

  constructor(
    private readonly database: Database,
    readonly registry: Registry,
    readonly policy: AccessPolicy,
  ) {
    this.readAudit = new ReadAudit(database.db);
    this.batcher = new WriteBatcher(
      (fn) => this.transaction(fn),
      (tx, batch) => this.ahead(tx, batch),
      database.kind === 'pglite' ? 1 : Infinity,
    );
  }

  /**
   * Loads rows outside a transaction through the node's cache, with no access rule: the system's
   * view (readRow and systemRow too). A read for a person is readableRow or readableRows.
   */
  async readRows(ids: readonly string[]): Promise<Map<string, ItemRow>> {
    const out = new Map<string, ItemRow>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = this.cache.get(id);
      if (hit) out.set(id, hit);
      else missing.push(id);
    }
    if (missing.length) {
      for (const [id, row] of await loadRows(this.db, missing)) {
        this.cache.put(row);
        out.set(id, row);
      }
    }
    return out;
  }

  async readRow(id: string): Promise<ItemRow | undefined> {
    return (await this.readRows([id])).get(id);
  }

  get db() {
    return this.database.db;
  }

  loaderFor(ex: Executor): RowLoader {
    const cache = new Map<string, ItemRow | null>();
    return async (ids) => {
      const missing = ids.filter((id) => !cache.has(id));
      if (missing.length) {
        const rows = ex === this.db ? await this.readRows(missing) : await loadRows(ex, missing);
        for (const id of missing) cache.set(id, rows.get(id) ?? null);
      }
      const out = new Map<string, ItemRow>();
      for (const id of ids) {
        const r = cache.get(id);
        if (r) out.set(id, r);
      }
      return out;
    };
  }

  typeOf(name: string): ItemType {
    const t = this.registry.type(name);
    if (!t) throw new AppError('invalidInput', `Unknown type ${name}`);
    return t;
  }

  // ---------- reads ----------

  /**
   * Reads one item the principal may read; missing and deleted give notFound, hidden gives
   * notAllowed. read and readAllowed are how a person opens an item, so a PRIVATE one's open is
   * audited (readAudit); readMany (search results, lists, side-loads), label and the acts'
   * readableRow are not opens (docs/consult-audit.md).
   */
  async read(p: Principal, id: string): Promise<WireItem> {
    const row = await this.readableRow(p, id);
    this.readAudit.record(p, row);
    return (await this.withLabels(p, [toWire(row)]))[0]!;
  }

  /** Like read, plus `$allowed`: which of update, delete and grant the principal holds. */
  async readAllowed(p: Principal, id: string): Promise<WireItem> {
    const row = await this.readableRow(p, id);
    this.readAudit.record(p, row);
    const item = (await this.withLabels(p, [toWire(row)]))[0]!;
    const load = this.loaderFor(this.db);
    const allowed: Record<string, boolean> = {};
    for (const a of ALLOWED_CHECKED) allowed[a] = await this.policy.can(p, a, row, load);
    allowed.setLevel = allowed.update === true && this.policy.canSetLevel(p, row);
    item.$allowed = allowed;
    return item;
  }

  async readableRow(p: Principal, id: string): Promise<ItemRow> {
    parseIdOrThrow(id);
    const row = await this.readRow(id);
    if (!row || row.deleted) throw notFoundError(id);
    if (!(await this.policy.can(p, 'read', row, this.loaderFor(this.db)))) throw refusedRead(p, row);
    return row;
  }

  /**
   * readableRow inside a transaction, for an act that goes on to change the item or what hangs
   * on it: of `type` when given (another type answers as a missing id), locked when `lock`.
   */
  async readableRowIn(
    tx: Executor,
    p: Principal,
    id: string,
    opts: { type?: string; lock?: boolean } = {},
  ): Promise<ItemRow> {
    const row = await loadRow(tx, id, opts.lock ?? false);
    if (!row || row.deleted || (opts.type && row.type !== opts.type)) throw notFoundError(id);
    if (!(await this.policy.can(p, 'read', row, this.loaderFor(tx)))) throw refusedRead(p, row);
    return row;
  }

  /**
   * The rows of `ids` the principal may read; missing, deleted, hidden and malformed ids are left
   * out, so an unreadable row is answered exactly as no row. A module's checked batch read (its
   * one-row form is readableRow); inside a transaction pass its `tx`.
   */
  async readableRows(
    p: Principal,
    ids: readonly string[],
    ex: Executor = this.db,
  ): Promise<Map<string, ItemRow>> {
    const valid = ids.filter(isCompleteId);
    const rows = ex === this.db ? await this.readRows(valid) : await loadRows(ex, valid);
    const load = this.loaderFor(ex);
    const out = new Map<string, ItemRow>();
    for (const row of rows.values())
      if (!row.deleted && (await this.policy.can(p, 'read', row, load))) out.set(row.id, row);
    return out;
  }

  /** Every id maps to its item, or to an error body (invalidId, notFound, notAllowed). */
  async readMany(p: Principal, ids: readonly string[]): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    const valid = ids.filter((id) => {
      try {
        parseIdOrThrow(id);
        return true;
      } catch (e) {
        out[id] = (e as AppError).toBody();
        return false;
      }
    });
    const rows = await this.readRows(valid);
    const load = this.loaderFor(this.db);
    const readable: WireItem[] = [];
    for (const id of valid) {
      const row = rows.get(id);
      if (!row || row.deleted) out[id] = notFoundError(id).toBody();
      else if (!(await this.policy.can(p, 'read', row, load))) out[id] = refusedRead(p, row).toBody();
      else readable.push(toWire(row));
    }
    for (const item of await this.withLabels(p, readable)) out[item.$id] = item;
    return out;
  }

  async label(p: Principal, id: string): Promise<{ $id: string; label: string }> {
    const row = await this.readableRow(p, id);
    return { $id: id, label: this.labelOf(row) };
  }

  labelOf(row: ItemRow): string {
    const t = this.registry.type(row.type);
    return t ? renderLabel(t, row.id, row.data) : row.id;
  }

  /**
   * Adds `$labels` for related ids, but only for items the principal may read, and the read-time
   * fields of the types' `decorate` hooks (core's `$userState` on Contacts).
   */
  async withLabels(p: Principal, list: WireItem[]): Promise<WireItem[]> {
    await this.decorate(p, list);
    const related = new Set<string>();
    for (const item of list) for (const id of this.relatedIds(item)) related.add(id);
    if (related.size === 0) return list;
    const rows = await this.readRows([...related]);
    const load = this.loaderFor(this.db);
    const labels = new Map<string, string>();
    for (const row of rows.values()) {
      if (!row.deleted && (await this.policy.can(p, 'read', row, load)))
        labels.set(row.id, this.labelOf(row));
    }
    for (const item of list) {
      const own: Record<string, string> = {};
      for (const id of this.relatedIds(item)) {
        const l = labels.get(id);
        if (l !== undefined) own[id] = l;
      }
      item.$labels = own;
    }
    return list;
  }

  /** Runs the `decorate` hooks, each with the items of its type. */
  private async decorate(p: Principal, list: WireItem[]): Promise<void> {
    const byType = new Map<string, WireItem[]>();
    for (const item of list) {
      const own = byType.get(item._t);
      if (own) own.push(item);
      else byType.set(item._t, [item]);
    }
    for (const [type, own] of byType)
      for (const h of this.hooks.for(type)) if (h.decorate) await h.decorate(this.db, p, own, this);
  }

  /** Labels of the given ids that the principal may read; the others are left out. */
  async labelsFor(p: Principal, ids: readonly string[]): Promise<Record<string, string>> {
    const rows = await this.readRows(ids.filter(isCompleteId));
    const load = this.loaderFor(this.db);
    const out: Record<string, string> = {};
    for (const row of rows.values())
      if (!row.deleted && (await this.policy.can(p, 'read', row, load))) out[row.id] = this.labelOf(row);
    return out;
  }

  /** Each type's relation properties, listed once: relatedIds runs twice for every item read. */
  private readonly relationKeys = new Map<string, string[]>();

  private relatedIds(item: WireItem): string[] {
    let keys = this.relationKeys.get(item._t);
    if (!keys) {
      const props = this.registry.type(item._t)?.properties ?? {};
      keys = Object.keys(props).filter((k) => props[k]!.kind === 'relation');
      this.relationKeys.set(item._t, keys);
    }
    const ids: string[] = [];
    if (item.owner) ids.push(item.owner);
    if (item._c.$id) ids.push(item._c.$id);
    // The protocols it is restricted to, named on its badges.
    const protocols = item[PROTOCOLS_KEY];
    if (Array.isArray(protocols)) for (const x of protocols) if (typeof x === 'string') ids.push(x);
    for (const name of keys) {
      const v = item[name];
      for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string' && isCompleteId(x)) ids.push(x);
    }
    return ids;
  }

  // ---------- writes ----------

  /**
   * One write transaction for any number of writes (createIn, patchIn). Rows written in it leave
   * the node's cache once it commits; unique-key violations come back as field errors.
   */
  async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const state = new TxState();
    let result: T;
    try {
      result = await this.db.transaction(async (tx) => {
        this.txs.set(tx, state);
        try {
          return await fn(tx);
        } finally {
          this.txs.delete(tx);
        }
      });
    } catch (e) {
      throw uniqueViolation(e);
    }
    for (const [id, u] of state.list) this.cache.invalidate(id, u);
    return result;
  }

  async create(p: Principal, typeName: string, body: unknown, opts: WriteOptions = {}): Promise<WireItem> {
    const row = await this.batcher.submit(typeName, (tx) => this.createIn(tx, p, typeName, body, opts), {
      creates: typeName,
    });
    return (await this.withLabels(p, [toWire(row)]))[0]!;
  }

  /**
   * Creates an item inside an ongoing transaction (hooks, acts that write several items): the
   * same checks, Event, NOTIFY and hooks as `create`. Always pass the transaction's `tx`.
   */
  async createIn(
    tx: Executor,
    p: Principal,
    typeName: string,
    body: unknown,
    opts: WriteOptions = {},
  ): Promise<ItemRow> {
    const t = this.typeOf(typeName);
    if (typeName.startsWith(SYSTEM_TYPE_PREFIX) && !p.admin)
      throw new AppError('notAllowed', `create ${typeName}`);
    if (!p.userId && !p.admin) throw new AppError('notAllowed', 'sign in to create');
    assertSystemOptions(p, opts);
    const input = asObject(body);
    const { data, level, owner: askedOwner, protocols, protocolStrict } = this.splitInput(t, input, p, null);
    for (const [k, v] of Object.entries(opts.systemData ?? {})) {
      if (declaredProperty(t, k)?.write !== 'system')
        throw new Error(`systemData: ${t.name}.${k} is not a system-written property`);
      data[k] = v;
    }
    const actor = opts.actor !== undefined ? opts.actor : p.userId;
    const realActor = opts.realActor !== undefined ? opts.realActor : p.masqueradeFrom;
    for (const h of this.hooks.for(t.name))
      await h.beforeWrite?.(tx, {
        kind: 'create',
        type: t,
        principal: p,
        actor,
        data,
        current: null,
        items: this,
      });
    this.validate(t, data, p);

    const load = this.loaderFor(tx);
    let owner: string | null;
    let access = opts.access ?? level ?? t.access.defaultLevel;
    const parentProp = t.access.follows;
    const parentId = parentProp ? data[parentProp] : undefined;
    if (opts.owner !== undefined) {
      owner = opts.owner;
    } else if (typeof parentId === 'string' && !t.access.recipientField) {
      // Derived items live with their source: same owner, and the source decides access.
      const parent = (await load([parentId])).get(parentId);
      if (!parent || parent.deleted) throw fieldError(parentProp!, 'errors.invalidValue');
      const needed: ItemAction = t.access.createUnderParent ?? 'update';
      if (!(await this.policy.can(p, needed, parent, load)))
        throw new AppError('notAllowed', `create ${typeName}`);
      owner = parent.owner;
      access = opts.access ?? level ?? parent.access;
    } else {
      owner = this.resolveOwner(p, t, askedOwner);
      if (!this.policy.canCreate(p, t, owner)) throw new AppError('notAllowed', `create ${typeName}`);
    }
    if (owner) await this.assertOwnerItem(tx, owner);
    await this.assertRelationsReadable(tx, p, t, data, Object.keys(data));
    const num = this.txs.get(tx)?.takeNumber(t.name) ?? (await nextNumber(tx, t.name));
    const id = makeId(t.name, num);
    if (t.access.ownsItself) owner = id;
    await this.assertProtocols(tx, p, protocols ?? null, owner, null);
    const stored = this.withLevelField(t, data, access, owner);
    const { eventId, updatedAt } = await writeWithEvent(
      tx,
      sql`insert into items (id, type, num, data, owner, access, created_by, updated_by, search_text, bbox,
      protocols, protocol_strict)
      values (${id}, ${t.name}, ${num}, ${JSON.stringify(stored)}::jsonb, ${owner}, ${access}, ${actor}, ${actor},
      ${searchText(t, id, stored)}, ${bboxText(t, stored)}::box,
      ${protocols ? textArrayParam(protocols) : null}::text[], ${protocolStrict === true})`,
      { itemId: id, kind: 'created', actor, realActor },
      { id, type: t.name, u: 1, op: 'create' },
    );
    await writeLinks(tx, id, this.relationsOf(t, stored));
    const selfGrant = t.access.selfGrant ?? [];
    if (selfGrant.length) {
      await tx.execute(sql`insert into grants (item_id, principal, actions, granted_by)
        values (${id}, ${id}, ${textArray(selfGrant)}, 'system')`);
    }
    this.wrote(tx, id, 1);
    // The row as written, without reading it back (an import writes thousands, each maybe large).
    const row: ItemRow = {
      id,
      type: t.name,
      num,
      data: stored,
      owner,
      access,
      createdBy: actor,
      createdAt: updatedAt,
      updatedAt,
      updatedBy: actor,
      u: 1,
      version: 1,
      deleted: false,
      grants: selfGrant.length ? [{ principal: id, actions: [...selfGrant], grantedBy: 'system' }] : [],
      protocols: protocols?.length ? [...protocols] : null,
      protocolStrict: protocolStrict === true,
    };
    const mark = this.writeMark(tx);
    for (const h of this.hooks.for(t.name))
      await h.afterWrite?.(tx, {
        row,
        kind: 'created',
        event: 'created',
        eventId,
        actor,
        realActor,
        items: this,
      });
    return this.rewrittenSince(tx, id, mark) ? (await loadRow(tx, id))! : row;
  }

  async update(p: Principal, body: unknown, opts: WriteOptions = {}): Promise<WireItem> {
    const input = asObject(body);
    const id = input.$id;
    if (typeof id !== 'string') throw fieldError('$id', 'errors.required');
    this.typeOf(parseIdOrThrow(id).type);
    const version = input.$version;
    if (typeof version !== 'number') throw fieldError('$version', 'errors.required');
    const row = await this.batcher.submit(id, (tx) => this.write(tx, p, id, input, { ...opts, version }), {
      updates: id,
    });
    return (await this.withLabels(p, [toWire(row)]))[0]!;
  }

  /**
   * Changes an item inside an ongoing transaction, with no `$version` check: the same access
   * checks, Event, NOTIFY and hooks as `update`. `touchOnly` is a system bump (thread activity):
   * `$version` stays, so nobody's open edit turns stale, and the event is 'touched'.
   */
  async patchIn(
    tx: Executor,
    p: Principal,
    id: string,
    patch: Record<string, unknown>,
    opts: PatchOptions = {},
  ): Promise<ItemRow> {
    parseIdOrThrow(id);
    return this.write(tx, p, id, patch, opts);
  }

  /**
   * The row an update or delete starts from, locked: it must exist and not be deleted, and the
   * principal must may read it (else refusedRead) and then `action` it.
   */
  private async loadToChange(
    tx: Executor,
    p: Principal,
    id: string,
    action: 'update' | 'delete',
    opts: WriteOptions,
  ) {
    const t = this.typeOf(parseIdOrThrow(id).type);
    assertSystemOptions(p, opts);
    const load = this.loaderFor(tx);
    const current = await this.lockedRow(tx, id);
    if (!current || current.deleted) throw notFoundError(id);
    if (!(await this.policy.can(p, 'read', current, load))) throw refusedRead(p, current);
    if (!(await this.policy.can(p, action, current, load)))
      throw new AppError('notAllowed', `${action} ${id}`);
    return { t, load, current };
  }

  private async write(
    tx: Executor,
    p: Principal,
    id: string,
    input: Record<string, unknown>,
    opts: PatchOptions & { version?: number },
  ): Promise<ItemRow> {
    const { t, load, current } = await this.loadToChange(tx, p, id, 'update', opts);
    if (opts.version !== undefined && current.version !== opts.version)
      throw new AppError('staleVersion', `${id} is at version ${current.version}, not ${opts.version}`, {
        currentVersion: current.version,
      });
    const { data: patch, level, owner, protocols, protocolStrict } = this.splitInput(t, input, p, current);
    await this.keepHiddenLinks(tx, p, t, current.data, patch);
    const actor = opts.actor !== undefined ? opts.actor : p.userId;
    const realActor = opts.realActor !== undefined ? opts.realActor : p.masqueradeFrom;
    for (const h of this.hooks.for(t.name))
      await h.beforeWrite?.(tx, {
        kind: 'update',
        type: t,
        principal: p,
        actor,
        data: patch,
        current,
        items: this,
      });
    const data: Record<string, unknown> = { ...current.data };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete data[k];
      else data[k] = v;
    }
    this.validate(t, stripLevelField(t, data), p);
    await this.assertRelationsReadable(tx, p, t, data, Object.keys(patch), current.data);
    let newOwner = current.owner;
    let newLevel = current.access;
    if (owner !== undefined && owner !== current.owner && !t.access.ownsItself) {
      // Moving an item to another organisation needs the grant right here and create rights there.
      if (!(await this.policy.can(p, 'grant', current, load)) || !this.policy.canCreate(p, t, owner))
        throw new AppError('notAllowed', `move ${id} to ${owner}`);
      if (owner) await this.assertOwnerItem(tx, owner);
      newOwner = owner;
    }
    if (level !== undefined && level !== current.access) {
      if (!this.policy.canSetLevel(p, current))
        throw new AppError('notAllowed', `change the visibility of ${id}`);
      newLevel = level;
    }
    const newProtocols = protocols !== undefined ? protocols : current.protocols;
    const newStrict = newProtocols ? (protocolStrict ?? current.protocolStrict) : false;
    const restrictionChanged =
      JSON.stringify(newProtocols) !== JSON.stringify(current.protocols) ||
      newStrict !== current.protocolStrict;
    if (restrictionChanged && !this.policy.canSetLevel(p, current))
      throw new AppError('notAllowed', `change the protocols of ${id}`);
    // Moved to another organisation, the old one's protocols no longer apply: the writer names the
    // new one's (or none) rather than the item silently opening up.
    if (restrictionChanged || newOwner !== current.owner)
      await this.assertProtocols(tx, p, newProtocols, newOwner, current.protocols);
    const stored = this.withLevelField(t, data, newLevel, newOwner);
    const changes = diff(current.data, stored);
    if (newOwner !== current.owner) changes.owner = { from: current.owner, to: newOwner };
    if (newLevel !== current.access) changes.$access = { from: current.access, to: newLevel };
    if (restrictionChanged)
      changes[PROTOCOLS_KEY] = {
        from: { protocols: current.protocols, strict: current.protocolStrict },
        to: { protocols: newProtocols, strict: newStrict },
      };
    if (Object.keys(changes).length === 0) return current;
    const bump = opts.touchOnly ? 0 : 1;
    const kind = opts.touchOnly ? 'touched' : 'updated';
    if (opts.event !== undefined && !opts.touchOnly)
      throw new Error('an event kind is for touchOnly patches');
    const event = opts.event ?? kind;
    if (opts.eventData !== undefined && !opts.touchOnly)
      throw new Error('event data is for touchOnly patches');
    const { eventId, updatedAt } = await writeWithEvent(
      tx,
      sql`update items set data = ${JSON.stringify(stored)}::jsonb, owner = ${newOwner},
      access = ${newLevel}, version = version + ${bump}, u = u + 1, updated_at = now(), updated_by = ${actor},
      search_text = ${searchText(t, id, stored)}, bbox = ${bboxText(t, stored)}::box,
      protocols = ${newProtocols ? textArrayParam(newProtocols) : null}::text[], protocol_strict = ${newStrict} where id = ${id}`,
      { itemId: id, kind: event, actor, realActor, data: { ...opts.eventData, changes } },
      { id, type: t.name, u: current.u + 1, op: 'update' },
    );
    const changedRelations = Object.fromEntries(
      Object.entries(this.relationsOf(t, stored, true)).filter(([k]) => k in changes),
    );
    await writeLinks(tx, id, changedRelations);
    this.wrote(tx, id, current.u + 1);
    // The row as written, without reading it back: every update returns it.
    const row: ItemRow = {
      ...current,
      data: stored,
      owner: newOwner,
      access: newLevel,
      protocols: newProtocols,
      protocolStrict: newStrict,
      u: current.u + 1,
      version: current.version + bump,
      updatedAt,
      updatedBy: actor,
    };
    const mark = this.writeMark(tx);
    for (const h of this.hooks.for(t.name))
      await h.afterWrite?.(tx, { row, kind, event, eventId, actor, realActor, changes, items: this });
    return this.rewrittenSince(tx, id, mark) ? (await loadRow(tx, id))! : row;
  }

  /**
   * Records an event on an item that changes none of its data, inside an ongoing transaction:
   * something about the item changed outside its row (its account was blocked, a membership of
   * its user changed), so `_u` moves and its watchers read it again, its NOTIFY is queued and
   * its afterWrite hooks see a 'touched' write. `$version` stays. The system's alone: whoever
   * calls it has already decided the change is allowed.
   */
  async touchIn(tx: Executor, p: Principal, id: string, opts: TouchOptions): Promise<ItemRow> {
    if (p !== SYSTEM) throw new Error('touchIn is for system writes');
    const t = this.typeOf(parseIdOrThrow(id).type);
    // Read now, never from a batch's lock: a touch records a change outside the row (a grant
    // written just before it), and the row it passes on carries the grants as they are now.
    const current = await loadRow(tx, id, true);
    if (!current || current.deleted) throw new AppError('notFound', `${id} not found`);
    const actor = opts.actor !== undefined ? opts.actor : p.userId;
    const realActor = opts.realActor ?? null;
    // Only `_u`: the item's data did not change, so neither do `$version` and its last change.
    const { eventId } = await writeWithEvent(
      tx,
      sql`update items set u = u + 1 where id = ${id}`,
      { itemId: id, kind: opts.event, actor, realActor, ...(opts.data ? { data: opts.data } : {}) },
      { id, type: t.name, u: current.u + 1, op: 'update' },
    );
    this.wrote(tx, id, current.u + 1);
    const row: ItemRow = { ...current, u: current.u + 1 };
    for (const h of this.hooks.for(t.name))
      await h.afterWrite?.(tx, {
        row,
        kind: 'touched',
        event: opts.event,
        eventId,
        actor,
        realActor,
        changes: {},
        items: this,
      });
    return row;
  }

  async delete(p: Principal, id: string, opts: DeleteOptions = {}): Promise<{ $id: string; deleted: true }> {
    parseIdOrThrow(id);
    await this.transaction((tx) => this.deleteIn(tx, p, id, opts));
    return { $id: id, deleted: true };
  }

  /**
   * Deletes (soft) inside an ongoing transaction: the same checks, Event and NOTIFY as `delete`,
   * and the type's hooks: beforeWrite (`kind: 'delete'`, empty data) may refuse it, afterWrite
   * (`kind: 'deleted'`) sees the row as deleted.
   */
  async deleteIn(tx: Executor, p: Principal, id: string, opts: DeleteOptions = {}): Promise<ItemRow> {
    const { t, current } = await this.loadToChange(tx, p, id, 'delete', opts);
    const actor = opts.actor !== undefined ? opts.actor : p.userId;
    const realActor = opts.realActor !== undefined ? opts.realActor : p.masqueradeFrom;
    for (const h of this.hooks.for(t.name))
      await h.beforeWrite?.(tx, {
        kind: 'delete',
        type: t,
        principal: p,
        actor,
        data: {},
        current,
        items: this,
      });
    const { eventId } = await writeWithEvent(
      tx,
      sql`update items set deleted = true, u = u + 1, updated_at = now(), updated_by = ${actor} where id = ${id}`,
      { itemId: id, kind: 'deleted', actor, realActor },
      { id, type: current.type, u: current.u + 1, op: 'delete' },
    );
    this.wrote(tx, id, current.u + 1);
    const row: ItemRow = { ...current, deleted: true, u: current.u + 1 };
    for (const h of this.hooks.for(t.name))
      await h.afterWrite?.(tx, {
        row,
        kind: 'deleted',
        event: 'deleted',
        eventId,
        actor,
        realActor,
        items: this,
      });
    return row;
  }

  /**
   * Drops a written row from the cache once its transaction commits. A transaction not opened by
   * `transaction()` drops it at once: safe, since the cache refuses rows older than an announced
   * `_u`; a rollback then costs only cache misses until the item's next write.
   */
  private wrote(tx: Executor, id: string, u: number): void {
    const list = this.txs.get(tx);
    if (list) list.wrote(id, u);
    else this.cache.invalidate(id, u);
  }

  /** Where the transaction's list of writes stands now (-1: a transaction it does not follow). */
  private writeMark(tx: Executor): number {
    return this.txs.get(tx)?.mark() ?? -1;
  }

  /**
   * Group commit's first statements (write-batch.ts). Locks the rows a batch's updates are about
   * to change, in one round trip where each update would take one of its own, and the hooks read
   * ahead for them (TypeHooks.readAhead); takes the numbers of its creates, one round trip a type.
   */
  private async ahead(tx: Executor, batch: { updates: string[]; creates: string[] }): Promise<void> {
    const list = this.txs.get(tx);
    if (!list) return;
    const counts = new Map<string, number>();
    for (const type of batch.creates) counts.set(type, (counts.get(type) ?? 0) + 1);
    for (const [type, n] of counts) if (n > 1) list.keepNumbers(type, await takeNumbers(tx, type, n));
    if (batch.updates.length < 2) return;
    const rows = await loadRows(tx, batch.updates, true);
    list.keepLocked(rows);
    await this.hooks.readAhead(
      tx,
      [...rows.values()].filter((r) => !r.deleted),
      this,
    );
  }

  /**
   * The transaction's time: PostgreSQL's `now()`, the same for every statement of a transaction
   * (a row's created_at and updated_at), read once per transaction opened by `transaction()`: a
   * batch of thread creates asked it once a create.
   */
  nowIn(tx: Executor): Promise<Date> {
    const list = this.txs.get(tx);
    if (list?.now) return list.now;
    const now = query<{ now: string | Date }>(tx, sql`select now() as now`).then(([r]) => new Date(r!.now));
    if (list) list.now = now;
    return now;
  }

  /** The row a change starts from, locked: from the batch's lock when still current, else read now. */
  private async lockedRow(tx: Executor, id: string): Promise<ItemRow | undefined> {
    const ahead = this.txs.get(tx)?.takeLocked(id);
    if (ahead) {
      this.rowsLockedAhead++;
      return ahead;
    }
    return loadRow(tx, id, true);
  }

  /**
   * Whether `id` was written again in the transaction since `mark` (a hook patched it, or granted
   * on it): then the row a writer returns is read back, else the row as written stands. A
   * transaction not opened by `transaction()` keeps no list, so it always reads back.
   */
  private rewrittenSince(tx: Executor, id: string, mark: number): boolean {
    const list = this.txs.get(tx);
    return !list || mark < 0 || list.writtenSince(id, mark);
  }

  // ---------- helpers ----------

  /** Separates system keys, the access level and the owner from the type's data, checking write rights. */
  private splitInput(t: ItemType, input: Record<string, unknown>, p: Principal, current: ItemRow | null) {
    const data: Record<string, unknown> = {};
    const errors: FieldError[] = [];
    let level: AccessLevel | undefined;
    let owner: string | null | undefined;
    let protocols: string[] | null | undefined;
    let protocolStrict: boolean | undefined;
    for (const [k, v] of Object.entries(input)) {
      if (SYSTEM_KEYS.has(k)) continue;
      if (k === PROTOCOLS_KEY) {
        if (v === undefined) continue;
        if (v === null || (Array.isArray(v) && v.length === 0)) protocols = null;
        else if (
          Array.isArray(v) &&
          v.length <= MAX_PROTOCOLS &&
          v.every((x) => typeof x === 'string' && isCompleteId(x) && parseId(x).type === PROTOCOL_TYPE)
        )
          protocols = [...new Set(v as string[])].sort();
        else errors.push({ path: k, key: 'errors.invalidValue' });
        continue;
      }
      if (k === PROTOCOLS_STRICT_KEY) {
        if (v === undefined || v === null) continue;
        if (typeof v !== 'boolean') errors.push({ path: k, key: 'errors.invalidValue' });
        else protocolStrict = v;
        continue;
      }
      if (k === '$access' || k === t.access.levelField) {
        if (v === null || v === undefined) continue;
        if (typeof v !== 'string' || !(ACCESS_LEVELS as readonly string[]).includes(v))
          errors.push({ path: k, key: 'errors.invalidValue' });
        else level = v as AccessLevel;
        continue;
      }
      if (k === 'owner' || k === t.access.ownerField) {
        if (v !== null && (typeof v !== 'string' || !isCompleteId(v) || !this.isOwnerId(v)))
          errors.push({ path: k, key: 'errors.invalidValue' });
        else owner = v as string | null;
        if (k === 'owner') continue;
      }
      // A key named after an Object.prototype member is no property (and `__proto__` would set the
      // data object's prototype, dropping the key from what the validator sees).
      if (!declaredProperty(t, k) && k in Object.prototype) {
        errors.push({ path: k, key: 'errors.unknownField' });
        continue;
      }
      const prop = declaredProperty(t, k);
      // A derived item's source is fixed once it exists: moved under another parent it would be
      // read by that parent's readers (a private message moved into a thread shared with a
      // proponent). Only the system re-files one (docs/access-model.md "Derived paths").
      const fixedSource = current !== null && k === t.access.follows && p !== SYSTEM;
      if (
        fixedSource ||
        (prop?.write === 'system' && p !== SYSTEM) ||
        (prop?.write === 'admin' && !p.admin)
      ) {
        const same = current && JSON.stringify(current.data[k]) === JSON.stringify(v);
        if (!same) errors.push({ path: k, key: 'errors.readOnly' });
        continue;
      }
      data[k] = v;
    }
    if (errors.length) throw new AppError('invalidInput', describe(errors), { fields: errors });
    return { data, level, owner, protocols, protocolStrict };
  }

  /**
   * The protocols an item may be restricted to: live Protocol items of the item's own
   * organisation (another's would let one community's groups decide over another's items).
   */
  private async assertProtocols(
    ex: Executor,
    p: Principal,
    ids: readonly string[] | null,
    owner: string | null,
    before: readonly string[] | null,
  ): Promise<void> {
    if (!ids) return;
    const rows = await loadRows(ex, ids);
    for (const id of ids) {
      const r = rows.get(id);
      if (!r || r.deleted || r.type !== PROTOCOL_TYPE || !owner || r.owner !== owner)
        throw fieldError(PROTOCOLS_KEY, 'errors.invalidValue');
      // Only a protocol's members put things in it (as in Mukurtu): nobody locks an item away
      // from themselves by mistake, nor files things under a group they are not part of.
      if (!p.admin && !before?.includes(id) && !p.protocols?.has(id))
        throw fieldError(PROTOCOLS_KEY, 'errors.notInProtocol');
    }
  }

  private validate(t: ItemType, data: Record<string, unknown>, p: Principal): void {
    const res = validatorFor(t, { admin: p.admin }).safeParse(data);
    const errors = res.success ? [] : toFieldErrors(res.error);
    for (const [name, prop] of Object.entries(t.properties)) {
      const family = prop.registeredKind;
      const v = data[name];
      if (family && typeof v === 'string' && !this.registry.kinds[family].has(v))
        errors.push({ path: name, key: 'errors.invalidValue' });
      if (prop.translations && v !== undefined && v !== null && !isTranslations(v))
        errors.push({ path: name, key: 'errors.invalidValue' });
    }
    if (errors.length) throw new AppError('invalidInput', describe(errors), { fields: errors });
  }

  private resolveOwner(p: Principal, t: ItemType, asked: string | null | undefined): string | null {
    if (asked) {
      if (!p.admin && Array.isArray(t.access.create) && !p.orgs.has(asked))
        throw new AppError('notInOrg', `not a member of ${asked}`);
      return asked;
    }
    if (!Array.isArray(t.access.create)) return null;
    if (p.admin) return null;
    const orgs = this.policy.creatableOrgs(p, t);
    if (orgs.length === 1) return orgs[0]!;
    if (orgs.length === 0)
      throw new AppError(p.orgs.size ? 'notAllowed' : 'noOrg', `no organisation may create ${t.name}`);
    throw new AppError('chooseOrg', `choose the owner organisation among ${orgs.join(', ')}`);
  }

  /**
   * A writer may link only to items they can read: otherwise a link would reveal a hidden
   * item's id to everyone who can read the linking item.
   */
  private async assertRelationsReadable(
    ex: Executor,
    p: Principal,
    t: ItemType,
    data: Record<string, unknown>,
    keys: string[],
    current?: Record<string, unknown>,
  ) {
    if (p.admin) return;
    const wanted = new Map<string, string>();
    for (const k of keys) {
      if (declaredProperty(t, k)?.kind !== 'relation') continue;
      const v = data[k];
      for (const id of Array.isArray(v) ? v : [v])
        if (typeof id === 'string' && !alreadyLinked(current, k, id)) wanted.set(id, k);
    }
    if (wanted.size === 0) return;
    const rows = await loadRows(ex, [...wanted.keys()]);
    const load = this.loaderFor(ex);
    const errors: FieldError[] = [];
    for (const [id, prop] of wanted) {
      const row = rows.get(id);
      if (!row || row.deleted || !(await this.policy.can(p, 'read', row, load)))
        errors.push({ path: prop, key: 'errors.invalidValue' });
    }
    if (errors.length) throw new AppError('invalidInput', describe(errors), { fields: errors });
  }

  /**
   * Puts back, in each relation list the patch sets, the stored links the writer may not read
   * (hidden-links.ts): a save from someone who never saw them does not remove them. Links to
   * deleted or missing items are the writer's to drop: nothing is hidden there.
   */
  private async keepHiddenLinks(
    ex: Executor,
    p: Principal,
    t: ItemType,
    current: Record<string, unknown>,
    patch: Record<string, unknown>,
  ): Promise<void> {
    if (p.admin) return;
    const linked = linkedInPatch(t, current, patch);
    if (linked.size === 0) return;
    const rows = await loadRows(ex, [...new Set([...linked.values()].flat())]);
    const load = this.loaderFor(ex);
    const hidden = new Set<string>();
    for (const row of rows.values())
      if (!row.deleted && !(await this.policy.can(p, 'read', row, load))) hidden.add(row.id);
    if (hidden.size === 0) return;
    for (const [k, ids] of linked) patch[k] = withHiddenLinks(patch[k], ids, hidden);
  }

  /** Owners are items of a type that owns itself (organisations). */
  private isOwnerId(id: string): boolean {
    const { type } = parseId(id);
    return this.registry.type(type)?.access.ownsItself === true;
  }

  private async assertOwnerItem(ex: Executor, id: string): Promise<void> {
    const org = await loadRow(ex, id);
    if (!org || org.deleted || !this.isOwnerId(org.id)) throw fieldError('owner', 'errors.invalidValue');
  }

  private withLevelField(
    t: ItemType,
    data: Record<string, unknown>,
    level: AccessLevel,
    owner: string | null,
  ) {
    const out = { ...data };
    if (t.access.levelField) out[t.access.levelField] = level;
    if (t.access.ownerField) {
      if (owner) out[t.access.ownerField] = owner;
      else delete out[t.access.ownerField];
    }
    return out;
  }

  private relationsOf(
    t: ItemType,
    data: Record<string, unknown>,
    includeEmpty = false,
  ): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [name, prop] of Object.entries(t.properties)) {
      if (prop.kind !== 'relation') continue;
      const v = data[name];
      const ids = (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter(
        (x): x is string => typeof x === 'string',
      );
      if (ids.length || includeEmpty) out[name] = ids;
    }
    return out;
  }

  /** The system's own view of an item, for fan-out and jobs. */
  async systemRow(id: string): Promise<ItemRow | undefined> {
    return this.readRow(id);
  }

  async canRow(p: Principal, action: ItemAction, row: ItemRow): Promise<boolean> {
    return p === SYSTEM || this.policy.can(p, action, row, this.loaderFor(this.db));
  }
}

/** Owner, level and real-actor overrides bypass the policy's own answers: the system's alone. */
function assertSystemOptions(p: Principal, opts: WriteOptions): void {
  const o = opts as WriteOptions;
  if (p !== SYSTEM && (o.owner !== undefined || o.access !== undefined || o.realActor !== undefined))
    throw new Error('owner, access and realActor options are for system writes');
}

function stripLevelField(t: ItemType, data: Record<string, unknown>) {
  if (!t.access.levelField) return data;
  const { [t.access.levelField]: _level, ...rest } = data;
  return rest;
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('invalidInput', 'the body must be an object');
  return body as Record<string, unknown>;
}

export function parseIdOrThrow(id: unknown) {
  try {
    return parseId(id);
  } catch {
    throw new AppError('invalidId', `Invalid id: ${String(id).slice(0, 100)}`);
  }
}

function fieldError(path: string, key: FieldError['key']): AppError {
  return new AppError('invalidInput', `${path}: ${key}`, { fields: [{ path, key }] });
}

function describe(errors: FieldError[]): string {
  return errors.map((e) => `${e.path}: ${e.key}`).join('; ');
}

function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      out[k] = { from: before[k] ?? null, to: after[k] ?? null };
  }
  return out;
}
