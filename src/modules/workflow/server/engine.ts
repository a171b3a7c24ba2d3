import { sql } from 'drizzle-orm';
import { roleRank, type Role } from '../../../protocol/access-levels';
import {
  AppError,
  loadPrincipal,
  loadRowAsSystem,
  loadRowsAsSystem,
  notifyPerson,
  query,
  rankIn,
  SYSTEM,
  type Executor,
  type ItemRow,
  type Principal,
  type Services,
  type StepContext,
} from '../../../server/module-api';
import { StepDefsZ } from '../contract';
import { isStepDone, isStepOpen } from '../transitions';
import type { StepDef, StepInstance, StepState, WorkflowInstance } from '../types';

// The step engine: one "run" per act (or per start), inside the act's transaction. It changes
// the instance in memory, calls the kinds' handlers, and saves `_wf` with its flat keys in one
// system patch recorded as the act's own WKF_* event (a touchOnly patch: `$version` stays, so
// nobody's open edit of the item's fields turns stale because a step moved).

export interface StepMove {
  step: string;
  from: StepState;
  to: StepState;
}

export interface Run {
  tx: Executor;
  services: Services;
  /** Who acts: the caller, or SYSTEM for the engine's own starts. Handlers see it. */
  principal: Principal;
  actor: string | null;
  realActor: string | null;
  itemId: string;
  wf: WorkflowInstance;
  moves: StepMove[];
  /** People given a step in this run: notified once the instance is saved. */
  assigned: { user: string; step: string }[];
  /** Steps the engine gave to someone else when they became ACTIVE (`repick`): recorded on save. */
  repicked: { step: string; from: string | null; to: string }[];
  now: Date;
}

export function newRun(
  tx: Executor,
  services: Services,
  principal: Principal,
  item: ItemRow,
  wf: WorkflowInstance,
  now = new Date(),
): Run {
  return {
    tx,
    services,
    principal,
    actor: principal === SYSTEM ? null : principal.userId,
    realActor: principal === SYSTEM ? null : principal.masqueradeFrom,
    itemId: item.id,
    wf,
    moves: [],
    assigned: [],
    repicked: [],
    now,
  };
}

/** YYYY-MM-DD of a date (UTC). */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** A day plus `days`, from a YYYY-MM-DD or an ISO date-time (its UTC day). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day.slice(0, 10);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}

/** The due date a step's rule gives, or null (no rule, or its date property is empty). */
export function ruleDue(step: StepInstance, item: ItemRow): string | null {
  if (!step.due) return null;
  if (step.due.from === 'start') return step.startedAt ? addDays(step.startedAt, step.due.days) : null;
  const from = item.data[step.due.from];
  return typeof from === 'string' && from.length >= 10 ? addDays(from, step.due.days) : null;
}

/** The invalidInput refusal of a move the table (or the instance) does not allow. */
export function transitionError(what: string, path = 'state'): AppError {
  return new AppError('invalidInput', what, { fields: [{ path, key: 'errors.wfTransition' }] });
}

/** A field of the act's body that names something invalid. */
export function invalidField(path: string, what: string): AppError {
  return new AppError('invalidInput', what, { fields: [{ path, key: 'errors.invalidValue' }] });
}

/** A Workflow the item may run: it exists, applies to the item's type, and (for a person) is readable. */
export async function loadDefinition(
  tx: Executor,
  services: Services,
  principal: Principal,
  id: string,
  itemType: string,
): Promise<{ row: ItemRow; steps: StepDef[] }> {
  // As the system: a person's read of the Workflow is checked just below, and an unreadable one is
  // answered as a missing one.
  const row = await loadRowAsSystem(tx, id);
  if (!row || row.deleted || row.type !== 'Workflow') throw invalidField('workflow', `${id} is no Workflow`);
  if (
    principal !== SYSTEM &&
    !(await services.items.policy.can(principal, 'read', row, services.items.loaderFor(tx)))
  )
    throw invalidField('workflow', `${id} is no Workflow`);
  if (row.data.appliesTo !== itemType) throw invalidField('workflow', `${id} does not apply to ${itemType}`);
  const steps = StepDefsZ.safeParse(row.data.steps ?? []);
  if (!steps.success) throw invalidField('workflow', `${id} has invalid steps`);
  return { row, steps: steps.data as StepDef[] };
}

/** A step of the definition as a new instance step: BLANK, its default assignee, no dates yet. */
export function instanceStep(def: StepDef): StepInstance {
  return {
    ...def,
    state: 'BLANK',
    assignedTo: null,
    dueDate: null,
    startedAt: null,
    completedBy: null,
    completedAt: null,
  };
}

/** Whether `user` may be given a step of the item: a step is work on it, so they must read it. */
export async function mayWorkOn(run: Run, user: string, item?: ItemRow): Promise<boolean> {
  const p = await loadPrincipal(run.tx, user);
  // As the system: the run's item, to ask whether a person may read it (policy).
  const row = item ?? (await loadRowAsSystem(run.tx, run.itemId));
  if (!p || !row) return false;
  return run.services.items.policy.can(p, 'read', row, run.services.items.loaderFor(run.tx));
}

export interface CandidateOptions {
  /** A property of the item naming people (`assignee.prefer`): those it names come first. */
  prefer?: string | undefined;
  /** The step being picked for: its own assignee is not counted as their load. */
  except?: StepInstance;
}

/** The User ids the item's `prefer` property names (one, or a list). */
function namedIn(item: ItemRow, prefer: string | undefined): Set<string> {
  if (!prefer) return new Set();
  const v = item.data[prefer];
  return new Set((Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string'));
}

/**
 * The people who may take a step whose default is `role`: members of the item's owner whose role
 * there is `role` or higher (the access model's ranks: an editor is staff too), whose account is
 * not blocked, and who may read the item. Sorted by who should get it: those the item names in
 * `prefer` first (only if they qualify as above: being named gives nobody the role), then
 * fewest items on which they have an open step, plus the steps of this instance already given to
 * them, then by name and id, so the choice is the same every time and can be explained.
 */
export async function roleCandidates(
  run: Run,
  item: ItemRow,
  role: Role,
  opts: CandidateOptions = {},
): Promise<string[]> {
  return (await rankedCandidates(run, item, role, opts)).map((c) => c.id);
}

/** roleCandidates, each with whether the item names them in `prefer`. */
async function rankedCandidates(
  run: Run,
  item: ItemRow,
  role: Role,
  opts: CandidateOptions,
): Promise<{ id: string; preferred: boolean }[]> {
  if (!item.owner) return [];
  const named = namedIn(item, opts.prefer);
  const members = await query<{ id: string }>(
    run.tx,
    sql`select m.user_id as id from memberships m
      left join credentials c on c.user_id = m.user_id
      where m.org_id = ${item.owner} and not coalesce(c.blocked, false)
      order by m.user_id`,
  );
  // As the system: candidates are kept below only if they may read the item; only ids are returned.
  const users = await loadRowsAsSystem(
    run.tx,
    members.map((m) => m.id),
  );
  const workTypes = [...run.services.registry.types.values()].filter((t) => t.workflow).map((t) => t.name);
  const out: { id: string; preferred: boolean; load: number; name: string }[] = [];
  for (const { id } of members) {
    const user = users.get(id);
    if (!user || user.deleted) continue;
    const p = await loadPrincipal(run.tx, id);
    if (!p || rankIn(p, item.owner) < roleRank(role)) continue;
    if (!(await run.services.items.policy.can(p, 'read', item, run.services.items.loaderFor(run.tx))))
      continue;
    let load = run.wf.steps.filter(
      (s) => s !== opts.except && s.assignedTo === id && !isStepDone(s.state),
    ).length;
    for (const type of workTypes) {
      const [n] = await query<{ n: number }>(
        run.tx,
        sql`select count(*)::int as n from items where type = ${type} and not deleted
          and id <> ${item.id} and data->'_wf.$assigned' @> ${JSON.stringify([id])}::jsonb`,
      );
      load += Number(n?.n ?? 0);
    }
    out.push({
      id,
      preferred: named.has(id),
      load,
      name: run.services.items.labelOf(user).toLocaleLowerCase(),
    });
  }
  out.sort(
    (a, b) =>
      Number(b.preferred) - Number(a.preferred) ||
      a.load - b.load ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  return out.map(({ id, preferred }) => ({ id, preferred }));
}

/**
 * Fills the instance's default assignees and the due dates counted from the item's date
 * properties (docs/workflow.md "Default assignee"). A named person gets the step if they may
 * read the item; a role's step goes to the first of roleCandidates, or waits unassigned with
 * `roleUnfilled` when nobody holds the role. `only`: just these steps (those `wfApplySteps`
 * brings in).
 */
export async function fillDefaults(run: Run, only?: ReadonlySet<string>): Promise<void> {
  // As the system: the run's item, which the act or hook was allowed on.
  const item = (await loadRowAsSystem(run.tx, run.itemId))!;
  for (const s of run.wf.steps) {
    if (only && !only.has(s.id)) continue;
    if (s.assignedTo === null && !isStepDone(s.state)) {
      if (s.assignee?.user) {
        if (await mayWorkOn(run, s.assignee.user, item)) setAssignee(run, s, s.assignee.user);
      } else if (s.assignee?.role) {
        const [first] = await roleCandidates(run, item, s.assignee.role, { prefer: s.assignee.prefer });
        if (first) setAssignee(run, s, first);
        else s.roleUnfilled = s.assignee.role;
      }
    }
    if (s.dueDate === null && !s.dueByHand && s.due && s.due.from !== 'start') s.dueDate = ruleDue(s, item);
  }
}

/**
 * The item's date properties changed (`changed`: their names): open steps whose due date counts
 * from one of them get it again, unless a person set theirs by hand. Returns the steps moved.
 */
export function recomputeDue(run: Run, item: ItemRow, changed: ReadonlySet<string>): string[] {
  const moved: string[] = [];
  for (const s of run.wf.steps) {
    if (!s.due || s.due.from === 'start' || !changed.has(s.due.from)) continue;
    if (s.dueByHand || isStepDone(s.state)) continue;
    const due = ruleDue(s, item);
    if (due === s.dueDate) continue;
    s.dueDate = due;
    // A new deadline: its reminders are due again.
    s.reminded = [];
    moved.push(s.id);
  }
  return moved;
}

export function setAssignee(run: Run, step: StepInstance, user: string | null): void {
  if (step.assignedTo === user) return;
  step.assignedTo = user;
  step.reminded = [];
  if (user) {
    delete step.roleUnfilled;
    run.assigned.push({ user, step: step.id });
  }
}

function handlerOf(run: Run, kind: string) {
  return run.services.stepKinds.get(kind)?.handler ?? {};
}

async function context(run: Run, step: StepInstance): Promise<StepContext> {
  // As the system: the run's item for the step kind's handler, which the act or hook was allowed on.
  const row = (await loadRowAsSystem(run.tx, run.itemId))!;
  // The handler sees the instance as this run has it (a snapshot lists the step just completed
  // as complete), not as last saved.
  const wf = structuredClone(run.wf);
  const item = { ...row, data: { ...row.data, _wf: wf, ...flatKeys(wf) } };
  return { tx: run.tx, services: run.services, principal: run.principal, item, step: { ...step } };
}

/** Sets a step's state and what goes with it (start and completion stamps), recording the move. */
export function setState(run: Run, step: StepInstance, to: StepState): void {
  const from = step.state;
  if (from === to) return;
  run.moves.push({ step: step.id, from, to });
  step.state = to;
  const at = run.now.toISOString();
  if (to === 'ACTIVE') {
    step.startedAt = at;
    if (step.dueDate === null && step.due?.from === 'start') step.dueDate = addDays(at, step.due.days);
  }
  if (to === 'COMPLETE') {
    step.completedBy = run.actor;
    step.completedAt = at;
  } else {
    step.completedBy = null;
    step.completedAt = null;
  }
}

/** Writes a step's `sets` on the item, as an ordinary recorded change by whoever completes it. */
export async function applySets(run: Run, step: StepInstance): Promise<void> {
  if (!step.sets || Object.keys(step.sets).length === 0) return;
  await run.services.items.patchIn(run.tx, SYSTEM, run.itemId, step.sets, {
    actor: run.actor,
    realActor: run.realActor,
  });
}

/**
 * A role step that prefers people named on the item (`assignee.prefer`) is picked again as it
 * becomes ACTIVE, from the item as it is now: the people an earlier step named (a response's
 * lands team, put on it by the Assign step) were not there when the instance started and its
 * defaults were filled. Never a step a person assigned, or unassigned (`assignedByHand`). The
 * step stays where it is while its assignee still qualifies and nobody named ranks ahead of them
 * (they are named themselves, or nobody named may take it): moving it only because loads
 * changed since the start would take it from someone already told it is theirs. A new assignee
 * is notified (`setAssignee`) and the move recorded as an assignment on save.
 */
async function repick(run: Run, step: StepInstance): Promise<void> {
  const a = step.assignee;
  if (!a?.role || !a.prefer || step.assignedByHand) return;
  // As the system: the run's item, which the act or hook was allowed on.
  const item = (await loadRowAsSystem(run.tx, run.itemId))!;
  const ranked = await rankedCandidates(run, item, a.role, { prefer: a.prefer, except: step });
  const first = ranked[0];
  if (!first || first.id === step.assignedTo) return;
  const current = ranked.find((c) => c.id === step.assignedTo);
  if (current && (current.preferred || !first.preferred)) return;
  const from = step.assignedTo;
  setAssignee(run, step, first.id);
  run.repicked.push({ step: step.id, from, to: first.id });
}

/** Makes a step ACTIVE and runs its kind's onActive (which may ask to complete it at once). */
export async function activate(run: Run, step: StepInstance): Promise<void> {
  // Before the kind's handler: it sees the step's assignee as it will be.
  await repick(run, step);
  const before = await context(run, step);
  setState(run, step, 'ACTIVE');
  const r = await handlerOf(run, step.kind).onActive?.({ ...before, step: { ...step } });
  if (r === 'complete') await complete(run, step);
}

/** Completes a step: its kind's check, its `sets`, the stamp, then its kind's onComplete. */
export async function complete(run: Run, step: StepInstance): Promise<void> {
  const h = handlerOf(run, step.kind);
  await h.canComplete?.(await context(run, step));
  await applySets(run, step);
  const before = { ...step };
  setState(run, step, 'COMPLETE');
  await h.onComplete?.({ ...(await context(run, step)), step: before });
}

/**
 * Moves the instance on: the first step not done yet becomes PENDING if it was BLANK, and a
 * PENDING one whose rule is "next" becomes ACTIVE (and, if its kind completes it at once, the
 * one after it follows). Steps further on are left as they are.
 */
export async function advance(run: Run): Promise<void> {
  for (let guard = 0; guard <= run.wf.steps.length * 3; guard++) {
    const next = run.wf.steps.find((s) => !isStepDone(s.state));
    if (!next) return;
    if (next.state === 'BLANK') {
      setState(run, next, 'PENDING');
      continue;
    }
    if (next.state === 'PENDING' && next.rule === 'next') {
      await activate(run, next);
      if (isStepDone(next.state)) continue;
    }
    return;
  }
}

/** The flat keys lists and searches use: who has open steps and the earliest open due date. */
export function flatKeys(wf: WorkflowInstance | null): Record<string, unknown> {
  if (!wf) return { '_wf.$assigned': null, '_wf.$assignedDue': null };
  const open = wf.steps.filter((s) => isStepOpen(s.state));
  const assigned = [...new Set(open.map((s) => s.assignedTo).filter((u): u is string => !!u))].sort();
  const due = open
    .map((s) => s.dueDate)
    .filter((d): d is string => !!d)
    .sort()[0];
  return { '_wf.$assigned': assigned.length ? assigned : null, '_wf.$assignedDue': due ?? null };
}

/**
 * Saves the instance (and any other system keys, e.g. `workflow`) as one touchOnly patch
 * recorded as `event`, then notifies the people given a step in this run.
 */
export async function save(
  run: Run,
  event: string,
  data: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Promise<ItemRow> {
  const row = await run.services.items.patchIn(
    run.tx,
    SYSTEM,
    run.itemId,
    { _wf: run.wf, ...flatKeys(run.wf), ...extra },
    {
      touchOnly: true,
      event,
      eventData: { ...data, ...(run.moves.length ? { moves: run.moves } : {}) },
      actor: run.actor,
      realActor: run.realActor,
    },
  );
  // A step the engine picked again is recorded as any assignment is (WKF_STEP_ASSIGNED, with
  // `auto`: nobody chose the person), after the save that moved it.
  for (const r of run.repicked)
    await run.services.items.touchIn(run.tx, SYSTEM, run.itemId, {
      event: 'WKF_STEP_ASSIGNED',
      data: { step: r.step, from: r.from, to: r.to, auto: true },
      actor: run.actor,
      realActor: run.realActor,
    });
  const assigned = run.assigned;
  run.assigned = [];
  run.moves = [];
  run.repicked = [];
  for (const a of assigned) {
    const step = run.wf.steps.find((s) => s.id === a.step);
    if (step?.assignedTo === a.user && !isStepDone(step.state))
      // Core's notifyPerson: nobody about their own act, no blocked account, no one who may not read it.
      await notifyPerson(run.tx, run.services.items, {
        user: a.user,
        item: row,
        kind: 'assigned',
        actor: run.actor,
        realActor: run.realActor,
      });
  }
  return row;
}

/**
 * Starts an instance of a definition on the item: the steps saved as they are copied (recorded
 * as `event`), then the first step moved on (WKF_STEP_STATE_SET for the moves, if any). Saving
 * first means a step's `sets` written while starting see an item that already has its `_wf`.
 */
export async function startInstance(
  run: Run,
  def: { row: ItemRow; steps: StepDef[] },
  event: string,
  data: Record<string, unknown> = {},
): Promise<ItemRow> {
  run.wf = { workflow: def.row.id, version: def.row.version, steps: def.steps.map(instanceStep) };
  await fillDefaults(run);
  let row = await save(
    run,
    event,
    { workflow: def.row.id, version: def.row.version, ...data },
    {
      workflow: def.row.id,
    },
  );
  await advance(run);
  if (run.moves.length) row = await save(run, 'WKF_STEP_STATE_SET', { auto: true });
  return row;
}
