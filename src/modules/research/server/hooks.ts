import { sql } from 'drizzle-orm';
import { roleRank } from '../../../protocol/access-levels';
import {
  AppError,
  loadPrincipal,
  loadRowAsSystem,
  query,
  rankIn,
  type BeforeWriteContext,
  type Executor,
  type ModuleHooks,
  type WriteEvent,
} from '../../../server/module-api';
import { exposesLivingBirthFacts } from '../living';
import { fullNameOf } from '../names';
import { nextSequence, respondentIndexes, siteCodeOf } from '../site-code';
import { RESEARCH_LOV_LISTS } from '../types';

// The research types' server rules (docs/research.md): a data point's project from its interview
// and its site code when left empty; a member's full name from the name parts; living people's
// birth facts kept from COMMUNITY and PUBLIC; and who may change the research lists.

const empty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The value of a key after the write: the patch's (null: removed), else the stored one. */
function after(ctx: BeforeWriteContext, k: string): unknown {
  if (k in ctx.data) return ctx.data[k] === null ? undefined : ctx.data[k];
  return ctx.current?.data[k];
}

/**
 * The site codes already given for `code` in the interview (or, for a data point without one, in
 * the project among its data points without an interview), deleted data points included: a
 * number once given is never given again.
 */
async function givenSiteCodes(tx: Executor, code: string, scope: { activity?: string; project?: string }) {
  const where = scope.activity
    ? sql`data->>'activity' = ${scope.activity}`
    : sql`data->>'project' = ${scope.project!} and data->>'activity' is null`;
  const rows = await query<{ code: string }>(
    tx,
    sql`select data->>'siteCode' as code from items
      where type = 'ResearchData' and ${where}
        and left(data->>'siteCode', ${code.length}) = ${code}`,
  );
  return rows.map((r) => r.code);
}

async function dataBeforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  const activityId = after(ctx, 'activity');
  const code = after(ctx, 'valueCode');
  const needsCode = empty(after(ctx, 'siteCode')) && typeof code === 'string' && code !== '';
  let activity: Record<string, unknown> | undefined;
  if (typeof activityId === 'string' && activityId) {
    // When a code is to be made, the interview's row is locked for the rest of the write: two
    // data points coded at once in one interview wait for each other and take different numbers.
    // As the system: a write hook; the relation check refuses an interview the writer may not read.
    const row = await loadRowAsSystem(tx, activityId, needsCode);
    if (row && !row.deleted && row.type === 'ResearchActivity') activity = row.data;
  }
  // The project defaults to the interview's, when only the interview is given.
  if (activity && empty(after(ctx, 'project')) && typeof activity.project === 'string')
    ctx.data.project = activity.project;

  if (!needsCode) return;
  const project = after(ctx, 'project');
  const scope = activity
    ? { activity: activityId as string }
    : typeof project === 'string' && project
      ? { project }
      : null;
  // Without an interview or a project there is nothing to number the site within.
  if (!scope) return;
  const indexes = activity
    ? respondentIndexes(strings(activity.respondents), strings(after(ctx, 'respondents')))
    : [];
  ctx.data.siteCode = siteCodeOf(code, nextSequence(code, await givenSiteCodes(tx, code, scope)), indexes);
}

async function memberBeforeWrite(_tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  // A name typed by hand stays; an empty one, or one the server made, follows the parts.
  if ('fullName' in ctx.data && !empty(ctx.data.fullName)) return;
  const before = ctx.current?.data ?? {};
  const typedBefore = !empty(before.fullName) && before.fullName !== fullNameOf(before);
  if (typedBefore && !('fullName' in ctx.data)) return;
  const made = fullNameOf({
    firstName: after(ctx, 'firstName'),
    middleName: after(ctx, 'middleName'),
    lastName: after(ctx, 'lastName'),
    nickName: after(ctx, 'nickName'),
    indigenousName: after(ctx, 'indigenousName'),
  });
  if (made) ctx.data.fullName = made;
  else if (ctx.kind === 'update' && !empty(before.fullName)) ctx.data.fullName = null;
  else delete ctx.data.fullName;
}

/**
 * A living person's birth date or place may not be read by the whole community or the public
 * unless they agreed (`shareBirthFacts`). Checked on the row as written, where its level is
 * known whichever came first (the facts, or the wider level); the refusal rolls the write back.
 */
async function memberAfterWrite(_tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created' && e.kind !== 'updated') return;
  if (!exposesLivingBirthFacts(e.row.data, e.row.access)) return;
  throw new AppError('invalidInput', `${e.row.id}: a living person's birth facts at ${e.row.access}`, {
    fields: [{ path: '$access', key: 'errors.livingBirthFacts' }],
  });
}

const RESEARCH_LISTS: readonly unknown[] = RESEARCH_LOV_LISTS;

/**
 * The research lists are changed by those who may read the organisation's PRIVATE research data
 * (spec §5 "private-read on ResearchData"): its orgAdmins and admins. Checked after the write,
 * where the value's owner is known; the system's own writes (the demo) name no person and pass.
 */
async function lovAfterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  const lists = [e.row.data.list, e.changes?.list?.from];
  if (!lists.some((l) => RESEARCH_LISTS.includes(l)) || !e.actor?.startsWith('User-')) return;
  const p = await loadPrincipal(tx, e.actor);
  if (p?.admin || (p && rankIn(p, e.row.owner) >= roleRank('orgAdmin'))) return;
  throw new AppError(
    'notAllowed',
    `change the list ${String(e.row.data.list)}: needs PRIVATE.read on ResearchData`,
  );
}

export const researchHooks: ModuleHooks = {
  ResearchData: { beforeWrite: dataBeforeWrite },
  CommunityMember: { beforeWrite: memberBeforeWrite, afterWrite: memberAfterWrite },
  LOVValue: { afterWrite: lovAfterWrite },
};
