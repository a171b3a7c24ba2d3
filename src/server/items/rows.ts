import { sql, type SQL } from 'drizzle-orm';
import type { AccessLevel } from '../../protocol/access-levels';
import type { AccessRow, GrantRow } from '../access/access-row';
import type { Executor } from '../db/open';
import { query, queryPrepared, textArrayParam } from '../db/query';

/** A stored item with what the policy and the wire need. */
export interface ItemRow extends AccessRow {
  createdAt: string;
  updatedAt: string;
  /** Who made the latest change (the write's actor), when one is known: `_m.$id` on the wire. */
  updatedBy?: string | null;
  u: number;
  version: number;
}

interface RawRow {
  id: string;
  type: string;
  num: number;
  data: Record<string, unknown> | string;
  owner: string | null;
  access: string;
  created_by: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  updated_by: string | null;
  u: number;
  version: number;
  deleted: boolean;
  grants: GrantRow[] | string | null;
  protocols: string[] | null;
  protocol_strict: boolean;
}

const iso = (v: string | Date) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toRow(r: RawRow): ItemRow {
  return {
    id: r.id,
    type: r.type,
    num: Number(r.num),
    data: json(r.data),
    owner: r.owner,
    access: r.access as AccessLevel,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by,
    u: Number(r.u),
    version: Number(r.version),
    deleted: r.deleted,
    grants: json(r.grants ?? []) ?? [],
    protocols: r.protocols?.length ? [...r.protocols] : null,
    protocolStrict: r.protocol_strict === true,
  };
}

const SELECT = sql`select i.id, i.type, i.num, i.data, i.owner, i.access, i.created_by, i.created_at, i.updated_at, i.updated_by,
  i.u, i.version, i.deleted, i.protocols, i.protocol_strict,
  coalesce((select json_agg(json_build_object('principal', g.principal, 'actions', g.actions, 'grantedBy', g.granted_by))
            from grants g where g.item_id = i.id), '[]'::json) as grants
  from items i`;

/** Loads rows (with their grants) by id; deleted rows are included, the policy decides. */
export async function loadRows(
  ex: Executor,
  ids: readonly string[],
  forUpdate = false,
): Promise<Map<string, ItemRow>> {
  const out = new Map<string, ItemRow>();
  if (ids.length === 0) return out;
  const unique = [...new Set(ids)];
  const lock = forUpdate ? sql` for update of i` : sql``;
  // One text for any number of ids (one array parameter): a prepared statement.
  const res = await queryPrepared<RawRow>(
    ex,
    sql`${SELECT} where i.id = any(${textArrayParam(unique)})${lock}`,
  );
  for (const r of res) out.set(r.id, toRow(r));
  return out;
}

export async function loadRow(ex: Executor, id: string, forUpdate = false): Promise<ItemRow | undefined> {
  return (await loadRows(ex, [id], forUpdate)).get(id);
}

/** The next number of a type. The counter row is locked until commit, so numbers never repeat. */
export async function nextNumber(ex: Executor, type: string): Promise<number> {
  return (await takeNumbers(ex, type, 1))[0]!;
}

/** The next `n` numbers of a type, in one statement (a batch's creates), in order. */
export async function takeNumbers(ex: Executor, type: string, n: number): Promise<number[]> {
  const [r] = await queryPrepared<{ last: number }>(
    ex,
    sql`insert into type_counters (type, last) values (${type}, ${n}::int)
    on conflict (type) do update set last = type_counters.last + excluded.last returning last`,
  );
  const last = Number(r!.last);
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}

export const ITEMS_CHANNEL = 'ckk_items';

export interface ItemChange {
  id: string;
  type: string;
  u: number;
  op: 'create' | 'update' | 'delete';
}

/** Queued inside the write's transaction: Postgres delivers it only if the write commits. */
export async function queueNotify(ex: Executor, change: ItemChange): Promise<void> {
  await ex.execute(sql`select pg_notify(${ITEMS_CHANNEL}, ${JSON.stringify(change)})`);
}

export interface EventInput {
  itemId: string;
  kind: string;
  actor: string | null;
  realActor?: string | null;
  data?: Record<string, unknown>;
}

const insertEvent = (e: EventInput) => sql`insert into events (item_id, kind, actor, real_actor, data)
    values (${e.itemId}, ${e.kind}, ${e.actor}, ${e.realActor ?? null}, ${e.data ? JSON.stringify(e.data) : null}::jsonb) returning id`;

export async function appendEvent(ex: Executor, e: EventInput): Promise<number> {
  const [r] = await query<{ id: number }>(ex, insertEvent(e));
  return Number(r!.id);
}

/**
 * An item's row write (an insert or update without `returning`), its event and its NOTIFY as one
 * statement: one round trip where there were three. Each round trip is a socket write and read on
 * the node and a parse and plan in the database; on this 2-core machine the socket writes alone
 * were a quarter of the server's CPU in the update benchmark (issue 21). Returns the event's id
 * and the row's `updated_at` as written, so the writer can build the row without reading it back.
 */
export async function writeWithEvent(
  ex: Executor,
  write: SQL,
  e: EventInput,
  change: ItemChange,
): Promise<{ eventId: number; updatedAt: string }> {
  // Prepared: the item service's writes have one text each (values only as parameters).
  const [r] = await queryPrepared<{ id: number; updated_at: string | Date | null }>(
    ex,
    sql`with w as (${write} returning updated_at), ev as (${insertEvent(e)}),
      n as (select pg_notify(${ITEMS_CHANNEL}, ${JSON.stringify(change)}))
      select ev.id, (select updated_at from w limit 1) as updated_at from ev, n`,
  );
  if (!r?.updated_at) throw new Error(`the write to ${change.id} changed no row`);
  return { eventId: Number(r.id), updatedAt: iso(r.updated_at) };
}

/** Rewrites the links of the given relation properties of one item. */
export async function writeLinks(
  ex: Executor,
  fromId: string,
  relations: Record<string, string[]>,
): Promise<void> {
  const props = Object.keys(relations);
  if (props.length === 0) return;
  await ex.execute(
    sql`delete from links where from_id = ${fromId} and prop in (${sql.join(
      props.map((p) => sql`${p}`),
      sql`, `,
    )})`,
  );
  const values = props.flatMap((prop) =>
    (relations[prop] ?? []).map((to, idx) => sql`(${fromId}, ${prop}, ${idx}, ${to})`),
  );
  if (values.length)
    await ex.execute(sql`insert into links (from_id, prop, idx, to_id) values ${sql.join(values, sql`, `)}`);
}
