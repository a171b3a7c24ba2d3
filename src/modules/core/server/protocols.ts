import { sql } from 'drizzle-orm';
import { roleRank } from '../../../protocol/access-levels';
import {
  AppError,
  type BeforeWriteContext,
  type Executor,
  PRINCIPALS_CHANNEL,
  query,
  rankIn,
  SYSTEM,
  textArray,
  type WriteEvent,
} from '../../../server/module-api';

// Cultural protocols (docs/access-model.md "Cultural protocols"): who may keep a protocol, who
// may be in it, and telling every node when someone joins or leaves one, since that changes what
// they may read at once (their principal is loaded again and their watches judged again).

const ORG_ADMIN = roleRank('orgAdmin');

/** A protocol is kept by its organisation's orgAdmins (and admins), not by every editor. */
export async function protocolBeforeWrite(_tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  const p = ctx.principal;
  if (p === SYSTEM || p.admin || !ctx.current) return;
  if (rankIn(p, ctx.current.owner) < ORG_ADMIN)
    throw new AppError('notAllowed', `only the organisation's orgAdmins keep ${ctx.current.id}`);
}

const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * After a protocol is written: its members must be members of its organisation (a protocol is a
 * group of the community's own people), and each person who joined or left is told to every node.
 */
export async function protocolAfterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  const now = e.kind === 'deleted' ? [] : ids(e.row.data.members);
  const change = e.changes?.members as { from?: unknown; to?: unknown } | undefined;
  const before = e.kind === 'created' ? [] : change ? ids(change.from) : now;
  if (e.kind !== 'deleted' && now.length) {
    const owner = e.row.owner;
    const inOrg = owner
      ? await query<{ user_id: string }>(
          tx,
          sql`select user_id from memberships where org_id = ${owner} and user_id = any(${textArray(now)})`,
        )
      : [];
    const ok = new Set(inOrg.map((r) => r.user_id));
    const strangers = now.filter((u) => !ok.has(u));
    if (strangers.length)
      throw new AppError('invalidInput', `not members of the organisation: ${strangers.join(', ')}`, {
        fields: [{ path: 'members', key: 'errors.invalidValue' }],
      });
  }
  // A deleted protocol lets go of all its members: items restricted to it stay closed to them.
  const moved = e.kind === 'deleted' ? ids(e.row.data.members) : [...symmetric(before, now)];
  for (const u of moved) await tx.execute(sql`select pg_notify(${PRINCIPALS_CHANNEL}, ${u})`);
}

function* symmetric(a: string[], b: string[]): Iterable<string> {
  const sa = new Set(a);
  const sb = new Set(b);
  for (const x of sa) if (!sb.has(x)) yield x;
  for (const x of sb) if (!sa.has(x)) yield x;
}
