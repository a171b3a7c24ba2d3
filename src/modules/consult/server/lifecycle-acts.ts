import { sql } from 'drizzle-orm';
import type { ActInput } from '../../../kernel/act-contract';
import type { ItemAction } from '../../../protocol/access-levels';
import {
  AppError,
  loadRowAsSystem,
  loadRowsAsSystem,
  query,
  setGrantIn,
  SYSTEM,
  type ActCall,
  type Executor,
  type ItemRow,
  type ItemService,
  type Principal,
} from '../../../server/module-api';
import { notifySubmitted } from './intake-notify';
import { sendSubmissionReceipt } from './intake-receipt';
import type { ConsultActs } from '../contract';
import { moveFor, PROPONENT_EDITABLE, type ConsultAct } from '../lifecycle';
import { RESPONSE_DONE, type ConsultRole, type ConsultationState } from '../types';
import { communityNameOf, mirroredOf, responsesOf } from './mirror';
import { isConsultStaff, orgOfType } from './rules';
import { defaultResponseWorkflow, ensureResponseDefaults, FIRST_STATE } from './response-defaults';

// The lifecycle acts (consult/lifecycle.ts is the table). Each runs in one transaction: the
// check, the move, the grants and its CNS_* event, so a refusal changes nothing.

export type ConsultCall<K extends keyof ConsultActs> = ActCall<ActInput<ConsultActs[K]>>;

/**
 * The grant each role gives the organisation (docs/consultation.md "Roles and grants"). A
 * proponent's update follows the state: only while the consultation is theirs to complete
 * (DRAFT, INCOMPLETE), so every path that asks for update (edits, uploads, items that follow it)
 * agrees; the Consultation beforeWrite hook checks the same rule again.
 */
export function roleActions(role: ConsultRole, state: string): ItemAction[] {
  if (role === 'PROPONENT' && (PROPONENT_EDITABLE as readonly string[]).includes(state))
    return ['read', 'update'];
  return ['read'];
}
/** `granted_by` of the role grants: one per (consultation, organisation), replaced on change. */
export const ROLE_GRANTOR = 'consult:role';
/** `granted_by` of the read grant a distributed community holds on a consultation it answers. */
export const COMMUNITY_GRANTOR = 'consult:community';

const opts = (p: Principal) => ({ actor: p.userId, realActor: p.masqueradeFrom });

export async function lockedConsultation(tx: Executor, items: ItemService, p: Principal, id: string) {
  return items.readableRowIn(tx, p, id, { type: 'Consultation', lock: true });
}

/**
 * Refuses unless `act` is a move from the row's state in the table and the principal is one of
 * the move's movers: "staff" of the owning community, or the "proponent" (update right on it).
 */
export async function checkMove(
  tx: Executor,
  items: ItemService,
  p: Principal,
  row: ItemRow,
  act: ConsultAct,
): Promise<ConsultationState> {
  const move = moveFor(act, String(row.data.state ?? 'DRAFT'));
  const staff = await isConsultStaff(tx, p, row.owner);
  const roles = (row.data.roles as Record<string, string> | undefined) ?? {};
  const proponent =
    !staff &&
    ([...p.orgs.keys()].some((o) => roles[o] === 'PROPONENT') ||
      (await items.policy.can(p, 'update', row, items.loaderFor(tx))));
  if (!staff && !proponent && !move) throw new AppError('notAllowed', `${act} on ${row.id}`);
  if (!move) throw new AppError('cnsTransition', `${act} from ${String(row.data.state)}`);
  if (!((staff && move.by.includes('staff')) || (proponent && move.by.includes('proponent'))))
    throw new AppError('notAllowed', `${act} on ${row.id}`);
  return move.to;
}

/** Sets (or with null removes) an organisation's role grant and the consultation's `roles` map. */
export async function setRoleIn(
  tx: Executor,
  items: ItemService,
  p: Principal,
  row: ItemRow,
  org: string,
  role: ConsultRole | null,
): Promise<Record<string, ConsultRole>> {
  // As the system: the consultation (checked by the act) as it stands in this transaction, for its roles.
  const current = await loadRowAsSystem(tx, row.id);
  await setGrantIn(
    tx,
    items,
    row.id,
    org,
    role ? roleActions(role, String(current?.data.state ?? 'DRAFT')) : null,
    {
      grantedBy: ROLE_GRANTOR,
      ...opts(p),
    },
  );
  const roles = { ...((current?.data.roles as Record<string, ConsultRole> | undefined) ?? {}) };
  if (role) roles[org] = role;
  else delete roles[org];
  await items.patchIn(tx, SYSTEM, row.id, { roles: Object.keys(roles).length ? roles : null }, opts(p));
  return roles;
}

/** After a move: the PROPONENT grants take the actions of the new state (update only while editable). */
async function syncProponentGrants(
  tx: Executor,
  items: ItemService,
  p: Principal,
  id: string,
): Promise<void> {
  // As the system: the consultation (checked by the act) after its move, for its proponent grants.
  const row = (await loadRowAsSystem(tx, id))!;
  const actions = roleActions('PROPONENT', String(row.data.state));
  for (const org of proponentOrgs(row))
    await setGrantIn(tx, items, id, org, actions, { grantedBy: ROLE_GRANTOR, ...opts(p) });
}

/** The organisations holding the PROPONENT role (the proponent side of a thread). */
export function proponentOrgs(row: ItemRow): string[] {
  return orgsInRole(row, 'PROPONENT');
}

/** The organisations holding `role` on a consultation, by its `roles` map. */
export function orgsInRole(row: ItemRow, role: ConsultRole): string[] {
  const roles = (row.data.roles as Record<string, string> | undefined) ?? {};
  return Object.entries(roles)
    .filter(([, r]) => r === role)
    .map(([o]) => o)
    .sort();
}

/** The proponent's people a thread names as participants: its drafter and its primary contacts. */
export function proponentPeople(row: ItemRow): string[] {
  const out = new Set<string>();
  if (row.createdBy) out.add(row.createdBy);
  for (const c of Array.isArray(row.data.primaryContacts) ? row.data.primaryContacts : [])
    if (typeof c === 'string') out.add(c);
  return [...out];
}

/** The level of the threads the community writes to the proponent (read by the proponent through a grant). */
export const THREAD_LEVEL = 'PROTECTED';

/**
 * A thread about the consultation shared with the proponent organisations (read; a reply needs
 * only read), with its first message by the principal. The Message is written after the grant,
 * so core's notifier finds the proponent's participants able to read it and notifies them.
 */

export async function proponentThread(
  tx: Executor,
  items: ItemService,
  p: Principal,
  c: ItemRow,
  owner: string | null,
  thread: { purpose: string; subject: string; body: string },
  /** Organisations sent a copy (a letter's regulators): they read the thread as the proponent does. */
  copyTo: readonly string[] = [],
): Promise<{ thread: string; message: string }> {
  const t = await items.createIn(
    tx,
    SYSTEM,
    'Thread',
    {
      subject: thread.subject,
      context: c.id,
      purpose: thread.purpose,
      participants: proponentPeople(c),
      ...(thread.purpose === 'CONSULT_INCOMPLETE' ? { resolved: false } : {}),
    },
    { ...opts(p), owner, access: THREAD_LEVEL },
  );
  for (const org of new Set([...proponentOrgs(c), ...copyTo]))
    await setGrantIn(tx, items, t.id, org, ['read'], { grantedBy: ROLE_GRANTOR, ...opts(p) });
  const m = await items.createIn(tx, p, 'Message', { thread: t.id, body: thread.body, author: p.userId });
  return { thread: t.id, message: m.id };
}

/** The act: the submission, then the proponent's receipt. */
export async function cnsSubmit(call: ConsultCall<'cnsSubmit'>) {
  const done = await submitConsultation(call);
  // After the commit: the receipt names a submission that happened.
  await sendSubmissionReceipt(call.services, call.principal, done.$id);
  return done;
}

/**
 * The submission alone, in one transaction: the checks, the move to the community, the roles and
 * the lands staff's notifications. The demo's story submits with it (and mails nobody).
 */
export async function submitConsultation({ services, principal: p, body }: ConsultCall<'cnsSubmit'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const row = await lockedConsultation(tx, items, p, body.consultation);
    const to = await checkMove(tx, items, p, row, 'cnsSubmit');
    const community = typeof row.data.submittedTo === 'string' ? row.data.submittedTo : row.owner;
    const fields = [];
    if (typeof row.data.primaryOrg !== 'string')
      fields.push({ path: 'primaryOrg', key: 'errors.noOrg' as const });
    if (!community || !(await orgOfType(tx, community, ['COMMUNITY'])))
      fields.push({ path: 'submittedTo', key: 'errors.required' as const });
    if (fields.length) throw new AppError('invalidInput', 'not ready to submit', { fields });
    // The proponent side: the drafting organisation and the primary organisation keep a
    // PROPONENT grant once the community owns the consultation.
    const sides = new Set([row.owner, row.data.primaryOrg as string].filter((o): o is string => !!o));
    sides.delete(community!);
    const now = await items.nowIn(tx);
    await items.patchIn(
      tx,
      SYSTEM,
      row.id,
      { state: to, submitted: now.toISOString(), submittedTo: community, owner: community },
      opts(p),
    );
    for (const org of [...sides].sort()) await setRoleIn(tx, items, p, row, org, 'PROPONENT');
    await syncProponentGrants(tx, items, p, row.id);
    const submitted = await items.touchIn(tx, SYSTEM, row.id, {
      event: 'CNS_SUBMITTED',
      data: { to: community },
      ...opts(p),
    });
    await notifySubmitted(tx, items, submitted, community!, opts(p));
    return { $id: row.id, state: to };
  });
}

export async function cnsReview({ services, principal: p, body }: ConsultCall<'cnsReview'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const row = await lockedConsultation(tx, items, p, body.consultation);
    const to = await checkMove(tx, items, p, row, 'cnsReview');
    await items.patchIn(tx, SYSTEM, row.id, { state: to }, opts(p));
    return { $id: row.id, state: to };
  });
}

export async function cnsMarkIncomplete({ services, principal: p, body }: ConsultCall<'cnsMarkIncomplete'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const row = await lockedConsultation(tx, items, p, body.consultation);
    const to = await checkMove(tx, items, p, row, 'cnsMarkIncomplete');
    await items.patchIn(tx, SYSTEM, row.id, { state: to }, opts(p));
    await syncProponentGrants(tx, items, p, row.id);
    const { thread } = await proponentThread(tx, items, p, row, row.owner, {
      purpose: 'CONSULT_INCOMPLETE',
      subject: String(row.data.projectName ?? row.id),
      body: body.message,
    });
    return { $id: row.id, state: to, thread };
  });
}

/**
 * The workflow a community's new response runs: its default. A community with no response
 * workflow at all (a database from before the defaults were seeded) gets its defaults now; one
 * that has workflows but chose none as default runs none.
 */
async function workflowFor(tx: Executor, items: ItemService, p: Principal, community: string) {
  const [any] = await query<{ n: number }>(
    tx,
    sql`select count(*)::int as n from items where type = 'Workflow' and not deleted and owner = ${community}
      and data->>'appliesTo' = 'ConsultResponse'`,
  );
  if (Number(any?.n ?? 0) === 0) return ensureResponseDefaults(tx, items, community, opts(p));
  return defaultResponseWorkflow(tx, community);
}

export async function cnsDistribute({ services, principal: p, body }: ConsultCall<'cnsDistribute'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const row = await lockedConsultation(tx, items, p, body.consultation);
    const to = await checkMove(tx, items, p, row, 'cnsDistribute');
    const communities = [...new Set(body.communities)];
    const fields = [];
    for (const [i, org] of communities.entries())
      if (!(await orgOfType(tx, org, ['COMMUNITY'])))
        fields.push({ path: `communities.${i}`, key: 'errors.invalidValue' as const });
    if (fields.length)
      throw new AppError('invalidInput', 'communities must be COMMUNITY organisations', { fields });
    // As the system: the consultation's own responses, to skip communities already answering; none is
    // returned.
    const existing = await loadRowsAsSystem(tx, await responsesOf(tx, row.id));
    const answered = new Set([...existing.values()].map((r) => r.data.community));
    const now = await items.nowIn(tx);
    const responses: string[] = [];
    for (const community of communities) {
      if (answered.has(community)) continue;
      const workflow = await workflowFor(tx, items, p, community);
      const data: Record<string, unknown> = {
        consultation: row.id,
        community,
        communityName: await communityNameOf(tx, services, community),
        state: 'PENDING',
        ...mirroredOf(row),
        ...(typeof row.data.requestedResponseDate === 'string'
          ? { anticipatedResponse: row.data.requestedResponseDate }
          : {}),
        // Its workflow state starts at the first of the list; each step's completion moves it on.
        ...(workflow ? { workflow, '_wf.state': FIRST_STATE } : {}),
      };
      for (const [k, v] of Object.entries(data)) if (v === null) delete data[k];
      const r = await items.createIn(tx, SYSTEM, 'ConsultResponse', data, {
        ...opts(p),
        owner: community,
        access: 'PROTECTED',
      });
      responses.push(r.id);
      // Another community answers a consultation it does not own: it reads the consultation.
      if (community !== row.owner)
        await setGrantIn(tx, items, row.id, community, ['read'], {
          grantedBy: COMMUNITY_GRANTOR,
          ...opts(p),
        });
    }
    await items.patchIn(tx, SYSTEM, row.id, { state: to, distributed: now.toISOString() }, opts(p));
    await items.touchIn(tx, SYSTEM, row.id, {
      event: 'CNS_DISTRIBUTED',
      data: { communities, responses },
      ...opts(p),
    });
    return { $id: row.id, state: to, responses };
  });
}

/** A response's open steps are skipped and it stops waiting (a withdrawn consultation). */
function stoppedWorkflow(wf: unknown): Record<string, unknown> {
  if (!wf || typeof wf !== 'object' || !Array.isArray((wf as { steps?: unknown }).steps)) return {};
  const steps = (wf as { steps: Record<string, unknown>[] }).steps.map((s) =>
    s.state === 'COMPLETE' || s.state === 'SKIP' ? s : { ...s, state: 'SKIP' },
  );
  return { _wf: { ...(wf as object), steps }, '_wf.$assigned': null, '_wf.$assignedDue': null };
}

export async function cnsWithdraw({ services, principal: p, body }: ConsultCall<'cnsWithdraw'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const row = await lockedConsultation(tx, items, p, body.consultation);
    const to = await checkMove(tx, items, p, row, 'cnsWithdraw');
    await items.patchIn(
      tx,
      SYSTEM,
      row.id,
      { state: to, ...(body.reason ? { withdrawnReason: body.reason } : {}) },
      opts(p),
    );
    await syncProponentGrants(tx, items, p, row.id);
    // As the system: withdrawing the consultation (checked above) ends each of its open responses.
    const responses = await loadRowsAsSystem(tx, await responsesOf(tx, row.id));
    for (const r of responses.values()) {
      if ((RESPONSE_DONE as readonly string[]).includes(String(r.data.state))) continue;
      await items.patchIn(
        tx,
        SYSTEM,
        r.id,
        { state: 'NO_RESPONSE', ...stoppedWorkflow(r.data._wf) },
        opts(p),
      );
    }
    await items.touchIn(tx, SYSTEM, row.id, {
      event: 'CNS_WITHDRAWN',
      data: body.reason ? { reason: body.reason } : {},
      ...opts(p),
    });
    return { $id: row.id, state: to };
  });
}

export async function cnsClose({ services, principal: p, body }: ConsultCall<'cnsClose'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const row = await lockedConsultation(tx, items, p, body.consultation);
    const to = await checkMove(tx, items, p, row, 'cnsClose');
    await items.patchIn(tx, SYSTEM, row.id, { state: to }, opts(p));
    await items.touchIn(tx, SYSTEM, row.id, { event: 'CNS_CLOSED', ...opts(p) });
    return { $id: row.id, state: to };
  });
}
