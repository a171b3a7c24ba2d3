import { sql } from 'drizzle-orm';
import type { AccessLevel } from '../../protocol/access-levels';
import { PROTOCOLS_KEY } from '../../protocol/item';
import type { Registry } from '../../kernel/registry';
import type { Executor } from '../db/open';
import { query, textArrayParam } from '../db/query';
import { loadRow } from '../items/rows';
import type { AccessRow, GrantRow, RowLoader } from './access-row';
import type { AccessPolicy } from './policy';
import type { Principal } from './principal';
import { loadRightsEvents, principalAt, rightsBreaks } from './principal-history';

// Who could read an item in the past (docs/access-model.md "History"). An item's row holds only
// its present; its events hold every change of level, owner, protocols (`changes`, with from/to)
// and of grants (granted, grantRemoved, membershipChanged). Walking them back from the present
// row gives the access row in force after each event, and the one policy judges a reader against
// it. Derived items are judged through their parent as it was then: the walk covers the chain.

/** Event kinds that change who may read an item besides `changes`. */
const GRANT_KINDS = ['granted', 'grantRemoved', 'membershipChanged'];
const MAX_FOLLOW_DEPTH = 6;

interface AccessEvent {
  id: number;
  kind: string;
  actor: string | null;
  data: Record<string, unknown> | null;
}

/** The access row in force from event id `at` (inclusive) until the next state's. */
interface State {
  at: number;
  row: AccessRow;
}

interface ChangeValue {
  from?: unknown;
  to?: unknown;
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown> | null;

/**
 * The grant an event adds or takes away, by its principal (read needs any grant, whatever its
 * actions or granter, so the principal is the key): a membership's read grant to its organisation
 * comes and goes with the membership.
 */
function grantMove(e: AccessEvent): { principal: string; adds: boolean; grant: GrantRow } | null {
  const d = e.data ?? {};
  if (e.kind === 'membershipChanged' && typeof d.org === 'string') {
    const adds = Array.isArray(d.roles) && d.roles.length > 0;
    return {
      principal: d.org,
      adds,
      grant: { principal: d.org, actions: ['read'], grantedBy: 'membership' },
    };
  }
  if ((e.kind === 'granted' || e.kind === 'grantRemoved') && typeof d.principal === 'string') {
    const actions = Array.isArray(d.actions) ? (d.actions as string[]) : [];
    const grantedBy = typeof d.grantedBy === 'string' ? d.grantedBy : (e.actor ?? 'system');
    return {
      principal: d.principal,
      adds: e.kind === 'granted' && actions.length > 0,
      grant: { principal: d.principal, actions: actions.length ? actions : ['read'], grantedBy },
    };
  }
  return null;
}

function clone(row: AccessRow): AccessRow {
  return { ...row, data: { ...row.data }, grants: [...row.grants] };
}

/**
 * The states of one item, oldest first, from its present row and its access events. Where the
 * events cannot tell (a grant whose earlier state no event records), the walk takes the narrower
 * answer: a grant first seen being given was absent before it, and after a removal none of that
 * principal's grants is counted until the next grant (another granter's may have stayed).
 */
export function statesOf(current: AccessRow, events: readonly AccessEvent[]): State[] {
  const asc = [...events].sort((a, b) => a.id - b.id);
  const moves = asc.map(grantMove);
  const prevOn = moves.map((m, i) => {
    if (!m) return -1;
    for (let j = i - 1; j >= 0; j--) if (moves[j]?.principal === m.principal) return j;
    return -1;
  });
  const out: State[] = [];
  const cur = clone(current);
  for (let i = asc.length - 1; i >= 0; i--) {
    const e = asc[i]!;
    out.push({ at: e.id, row: clone(cur) });
    // Undo the event: the row as it was just before it.
    if (e.kind === 'deleted') cur.deleted = false;
    const changes = e.data?.changes as Record<string, ChangeValue> | undefined;
    if (changes && typeof changes === 'object')
      for (const [k, c] of Object.entries(changes)) {
        if (!c || typeof c !== 'object') continue;
        if (k === '$access') cur.access = c.from as AccessLevel;
        else if (k === 'owner') cur.owner = (c.from as string | null) ?? null;
        else if (k === PROTOCOLS_KEY) {
          const from = (c.from ?? {}) as { protocols?: string[] | null; strict?: boolean };
          cur.protocols = from.protocols?.length ? [...from.protocols] : null;
          cur.protocolStrict = from.strict === true;
        } else if (c.from === null || c.from === undefined) delete cur.data[k];
        else cur.data[k] = c.from;
      }
    const m = moves[i];
    if (m) {
      const prev = prevOn[i]!;
      const before = prev >= 0 ? moves[prev]!.adds : !m.adds;
      cur.grants = cur.grants.filter((g) => g.principal !== m.principal);
      if (before) cur.grants.push(prev >= 0 ? moves[prev]!.grant : m.grant);
    }
  }
  out.push({ at: -Infinity, row: cur });
  out.reverse();
  return out;
}

/**
 * Past access of items, for one request: each item's states are read once. Event ids order
 * everything (a bigserial over all items), so "when" is an event id.
 */
export class AccessHistory {
  private readonly states = new Map<string, Promise<State[] | null>>();
  private readonly judged = new Map<string, Promise<boolean>>();
  private readonly created = new Map<string, Promise<number | undefined>>();
  private rights: Promise<{ breaks: number[]; at: (moment: number) => Principal }> | null = null;

  constructor(
    private readonly ex: Executor,
    private readonly registry: Registry,
    private readonly policy: AccessPolicy,
  ) {}

  private statesFor(id: string): Promise<State[] | null> {
    let s = this.states.get(id);
    if (!s) this.states.set(id, (s = this.load(id)));
    return s;
  }

  private async load(id: string): Promise<State[] | null> {
    const row = await loadRow(this.ex, id);
    if (!row) return null;
    const t = this.registry.type(row.type);
    // Only the events that move who may read: the fields the policy reads (level, owner,
    // protocols, the parent and recipient relations) and grants. A busy thread's replies
    // touch it thousands of times; none of those is read here.
    const keys = ['$access', 'owner', PROTOCOLS_KEY, t?.access.follows, t?.access.recipientField].filter(
      (k): k is string => typeof k === 'string',
    );
    const events = await query<{ id: number | string; kind: string; actor: string | null; data: unknown }>(
      this.ex,
      sql`select id, kind, actor, data from events where item_id = ${id}
        and (kind = any(${textArrayParam([...GRANT_KINDS, 'deleted'])})
          or jsonb_exists_any(data->'changes', ${textArrayParam(keys)}))
        order by id`,
    );
    return statesOf(
      row,
      events.map((e) => ({ id: Number(e.id), kind: e.kind, actor: e.actor, data: parse(e.data) })),
    );
  }

  private async rowAt(id: string, at: number): Promise<AccessRow | undefined> {
    const states = await this.statesFor(id);
    if (!states) return undefined;
    let found = states[0]!;
    for (const s of states) if (s.at <= at) found = s;
    return found.row;
  }

  /** The moments in [from, to) where the item or a source it follows changed who may read it. */
  private async breaks(id: string, from: number, to: number, depth: number): Promise<number[]> {
    const states = await this.statesFor(id);
    if (!states) return [from];
    const own = [from, ...states.map((s) => s.at).filter((at) => at > from && at < to)];
    const follows = this.registry.type(states[0]!.row.type)?.access.follows;
    if (!follows || depth >= MAX_FOLLOW_DEPTH) return own;
    const all = new Set(own);
    for (let i = 0; i < own.length; i++) {
      const parent = (await this.rowAt(id, own[i]!))?.data[follows];
      if (typeof parent !== 'string') continue;
      for (const at of await this.breaks(parent, own[i]!, own[i + 1] ?? to, depth + 1)) all.add(at);
    }
    return [...all].sort((a, b) => a - b);
  }

  /**
   * Could the principal read the item at every moment in [from, to), event ids, under its level,
   * owner, grants and protocols as they were then, both with the rights they hold now and with
   * those they held then (a member made staff later does not read what staff alone read then;
   * staff made a member do not read what members may not)? The reader is the one principal of
   * this history's request.
   */
  readableThroughout(p: Principal, id: string, from: number, to: number): Promise<boolean> {
    const key = `${id} ${from} ${to}`;
    let r = this.judged.get(key);
    if (!r) this.judged.set(key, (r = this.judge(p, id, from, to)));
    return r;
  }

  /** The reader's rights at each moment, from their membership and protocol events. */
  private rightsOf(p: Principal) {
    if (!this.rights)
      this.rights = (async () => {
        if (!p.userId) return { breaks: [], at: () => p };
        const ev = await loadRightsEvents(this.ex, p.userId);
        return {
          breaks: rightsBreaks(ev.memberships, ev.protocols),
          at: (moment: number) => principalAt(p, ev.memberships, ev.protocols, moment),
        };
      })();
    return this.rights;
  }

  /** The item's first event (its creation): "since it was made" begins there. */
  private createdAt(id: string): Promise<number | undefined> {
    let c = this.created.get(id);
    if (!c)
      this.created.set(
        id,
        (c = query<{ id: number | string | null }>(
          this.ex,
          sql`select min(id) as id from events where item_id = ${id}`,
        ).then(([r]) => (r?.id === null || r?.id === undefined ? undefined : Number(r.id)))),
      );
    return c;
  }

  private async judge(p: Principal, id: string, from: number, to: number): Promise<boolean> {
    if (p.admin) return true;
    const rights = await this.rightsOf(p);
    const moments = new Set(await this.breaks(id, from, to, 0));
    for (const at of rights.breaks) if (at > from && at < to) moments.add(at);
    // An item with no recorded creation (written by SQL) is judged with today's rights alone.
    const made = from === -Infinity ? await this.createdAt(id) : from;
    for (const at of [...moments].sort((a, b) => a - b)) {
      const row = await this.rowAt(id, at);
      if (!row) return false;
      const load: RowLoader = async (ids) => {
        const out = new Map<string, AccessRow>();
        for (const x of ids) {
          const r = await this.rowAt(x, at);
          if (r) out.set(x, r);
        }
        return out;
      };
      if (!(await this.policy.can(p, 'read', row, load))) return false;
      const then = at === -Infinity ? (made ?? Infinity) : at;
      if (!(await this.policy.can(rights.at(then), 'read', row, load))) return false;
    }
    return true;
  }
}
