import { sql } from 'drizzle-orm';
import { roleRank } from '../../../../protocol/access-levels';
import {
  AppError,
  loadRowAsSystem,
  query,
  rankIn,
  textArray,
  type Executor,
  type ItemRow,
  type ItemService,
  type Principal,
} from '../../../../server/module-api';

// What the fieldwork acts, step kinds and listener share (docs/geokeeper.md "Fieldwork jobs").

/** Who the grants on a job's threads to its external party are made by (kept apart from others'). */
export const THREAD_GRANTOR = 'geokeeper:fieldwork';

export const opts = (p: Principal) => ({ actor: p.userId, realActor: p.masqueradeFrom });

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** A refusal naming what is missing (the step panels say it in words, by `path`). */
export function missing(path: string, why: string): never {
  throw new AppError('invalidInput', why, { fields: [{ path, key: 'errors.required' }] });
}

/** The item `id` of `type`, locked, that `p` may read (notFound otherwise: its existence is not told). */
export async function lockedReadable(
  tx: Executor,
  items: ItemService,
  p: Principal,
  id: string,
  type: string,
): Promise<ItemRow> {
  // As the system: the read is checked just below, and an unreadable row is answered as a missing one.
  const row = await loadRowAsSystem(tx, id, true);
  if (
    !row ||
    row.deleted ||
    row.type !== type ||
    !(await items.policy.can(p, 'read', row, items.loaderFor(tx)))
  )
    throw new AppError('notFound', `${id} not found`);
  return row;
}

/**
 * The community's staff and up (and admins) do the fieldwork: the same people who read a job
 * (PROTECTED) and who work on a consultation response.
 */
export function assertStaffOf(p: Principal, org: string | null): void {
  if (p.admin) return;
  if (rankIn(p, org) < roleRank('staff'))
    throw new AppError('notAllowed', `staff of ${org ?? 'no owner'} only`);
}

/** The job's threads of a purpose (about the job, owned by its community), oldest first. */
export async function jobThreads(tx: Executor, job: ItemRow, purposes: readonly string[]): Promise<string[]> {
  const rows = await query<{ id: string }>(
    tx,
    sql`select id from items where type = 'Thread' and not deleted and owner = ${job.owner}
      and data->>'context' = ${job.id} and data->>'purpose' = any(${textArray(purposes)}) order by num`,
  );
  return rows.map((r) => r.id);
}

/** Whether one of those threads' messages carries a file (a sent report). */
export async function threadsWithFiles(tx: Executor, threads: readonly string[]): Promise<number> {
  if (threads.length === 0) return 0;
  const [r] = await query<{ n: number }>(
    tx,
    sql`select count(distinct m.data->>'thread')::int as n from items m where m.type = 'Message' and not m.deleted
      and m.data->>'thread' = any(${textArray(threads)})
      and jsonb_typeof(m.data->'attachments') = 'array' and jsonb_array_length(m.data->'attachments') > 0`,
  );
  return r?.n ?? 0;
}
