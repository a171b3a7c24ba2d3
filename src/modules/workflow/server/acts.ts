import {
  actsOf,
  AppError,
  loadRowAsSystem,
  rankIn,
  SYSTEM,
  type ActCall,
  type ItemRow,
  type Principal,
} from '../../../server/module-api';
import { roleRank } from '../../../protocol/access-levels';
import { workflowActs } from '../contract';
import { canMoveStep, isStepDone } from '../transitions';
import type { StepInstance, StepState, WorkflowInstance } from '../types';
import { kindsFor } from './definitions';
import {
  activate,
  advance,
  applySets,
  complete,
  fillDefaults,
  flatKeys,
  instanceStep,
  invalidField,
  loadDefinition,
  mayWorkOn,
  newRun,
  save,
  setAssignee,
  setState,
  startInstance,
  transitionError,
  type Run,
} from './engine';
import { roleOf } from './reminders';
import { bindServices } from './start-hook';

/** What a kept step has lived through, carried over when the definition's steps are applied again. */
const LIVED_THROUGH = ['state', 'assignedTo', 'dueDate', 'startedAt', 'completedBy', 'completedAt'] as const;
/** Marks a kept step carries only where they are set: its reminders, and a person's choices. */
const KEPT_MARKS = ['reminded', 'assignedByHand', 'dueByHand'] as const;

// The workflow acts (contract.ts). Each runs in one transaction on the item, locked: moving a
// step needs the update right on the item; forcing (a state outside the table, the workflow
// state by hand) and clearing need editor or orgAdmin of the item's owner, or an admin.

/**
 * 'step': update on the item, or being the assignee of the step the act names (a community's
 * staff member works the steps given to them on a response they may read but not edit).
 */
type Need = 'update' | 'force' | 'step' | 'take';

/** Editors and orgAdmins of the owner, and admins: the force acts' people. */
function mayForce(p: Principal, row: ItemRow): boolean {
  return p.admin || rankIn(p, row.owner) >= roleRank('editor');
}

/** Whether the caller is the assignee of the step a 'step' act names. */
function isAssignee(call: ActCall<{ item: string }>, need: Need, row: ItemRow): boolean {
  const stepId = (call.body as { step?: unknown }).step;
  if (need !== 'step' || typeof stepId !== 'string' || !call.principal.userId) return false;
  return (
    instanceOf(row)?.steps.some((s) => s.id === stepId && s.assignedTo === call.principal.userId) ?? false
  );
}

/**
 * Whether the caller may take the unassigned step a 'take' act names: a member of the item's
 * owner holding the step's role or higher (they already read the item: onItem checked).
 */
function mayTake(call: ActCall<{ item: string }>, need: Need, row: ItemRow): boolean {
  const stepId = (call.body as { step?: unknown }).step;
  if (need !== 'take' || typeof stepId !== 'string' || !call.principal.userId) return false;
  const step = instanceOf(row)?.steps.find((s) => s.id === stepId);
  return !!step && rankIn(call.principal, row.owner) >= roleRank(roleOf(step));
}

function instanceOf(row: ItemRow): WorkflowInstance | null {
  const wf = row.data._wf;
  return wf && typeof wf === 'object' ? (structuredClone(wf) as WorkflowInstance) : null;
}

function reply(row: ItemRow) {
  const wf = instanceOf(row);
  const state = row.data['_wf.state'];
  return {
    $id: row.id,
    $version: row.version,
    _wf: wf,
    '_wf.state': typeof state === 'string' ? state : null,
  };
}

/**
 * Loads the item (locked) for an act: it must exist, be of a workflow-capable type, be readable
 * (else notFound: its existence is not told) and allow `need`; then `fn` runs the engine.
 */
async function onItem(
  call: ActCall<{ item: string }>,
  need: Need,
  fn: (run: Run, row: ItemRow) => Promise<void>,
) {
  const { services, principal } = call;
  bindServices(services);
  const { items } = services;
  const row = await items.transaction(async (tx) => {
    // As the system: the read is checked just below, and an unreadable item is answered as a missing one.
    const current = await loadRowAsSystem(tx, call.body.item, true);
    const load = items.loaderFor(tx);
    if (!current || current.deleted || !(await items.policy.can(principal, 'read', current, load)))
      throw new AppError('notFound', `${call.body.item} not found`);
    if (!services.registry.type(current.type)?.workflow)
      throw invalidField('item', `${current.type} runs no workflows`);
    if (
      !(await items.policy.can(principal, 'update', current, load)) &&
      !isAssignee(call, need, current) &&
      !mayTake(call, need, current)
    )
      throw new AppError('notAllowed', `update ${current.id}`);
    if (need === 'force' && !mayForce(principal, current))
      throw new AppError('notAllowed', `only editors of the owner may force ${current.id}`);
    const run = newRun(
      tx,
      services,
      principal,
      current,
      instanceOf(current) ?? { workflow: null, version: null, steps: [] },
    );
    await fn(run, current);
    // As the system: the item the act was allowed on, after its engine run.
    return (await loadRowAsSystem(tx, current.id))!;
  });
  return reply(row);
}

function stepOf(run: Run, id: string): StepInstance {
  const s = run.wf.steps.find((x) => x.id === id);
  if (!s) throw invalidField('step', `no step ${id}`);
  return s;
}

function hasInstance(row: ItemRow): boolean {
  return !!row.data._wf;
}

/** A normal move along the table, with the kind's handlers; a finished step moves the next on. */
async function move(run: Run, step: StepInstance, to: StepState): Promise<void> {
  if (!canMoveStep(step.state, to)) throw transitionError(`${step.id}: ${step.state} → ${to}`);
  if (to === 'ACTIVE') await activate(run, step);
  else if (to === 'COMPLETE') await complete(run, step);
  else setState(run, step, to);
  if (isStepDone(step.state)) await advance(run);
}

function requireInstance(row: ItemRow): void {
  if (!hasInstance(row)) throw transitionError(`${row.id} runs no workflow`, 'item');
}

export const acts = actsOf(workflowActs, {
  wfSet: (call) =>
    onItem(call, 'update', async (run, row) => {
      const def = await loadDefinition(run.tx, run.services, run.principal, call.body.workflow, row.type);
      await startInstance(run, def, 'WKF_MANUAL_INIT', { replaced: hasInstance(row) });
    }),

  wfStartManual: (call) =>
    onItem(call, 'update', async (run, row) => {
      if (hasInstance(row)) throw transitionError(`${row.id} already runs a workflow`, 'item');
      const def = await loadDefinition(run.tx, run.services, run.principal, call.body.workflow, row.type);
      await startInstance(run, def, 'WKF_MANUAL_INIT');
    }),

  wfSetStepState: (call) =>
    onItem(call, 'step', async (run, row) => {
      requireInstance(row);
      await move(run, stepOf(run, call.body.step), call.body.state);
      await save(run, 'WKF_STEP_STATE_SET', { step: call.body.step, state: call.body.state });
    }),

  wfForceStepState: (call) =>
    onItem(call, 'force', async (run, row) => {
      requireInstance(row);
      const step = stepOf(run, call.body.step);
      // Outside the table and without the kind's checks, `sets` or handlers: that is what forcing means.
      setState(run, step, call.body.state);
      if (isStepDone(step.state)) await advance(run);
      await save(run, 'WKF_STEP_STATE_FORCED', { step: step.id, state: call.body.state, forced: true });
    }),

  wfApplyStepProps: (call) =>
    onItem(call, 'update', async (run, row) => {
      requireInstance(row);
      const step = stepOf(run, call.body.step);
      if (step.state !== 'COMPLETE') throw transitionError(`${step.id} is not complete`, 'step');
      await applySets(run, step);
    }),

  wfForceState: (call) =>
    onItem(call, 'force', async (run) => {
      await run.services.items.patchIn(
        run.tx,
        SYSTEM,
        run.itemId,
        { '_wf.state': call.body.state },
        {
          touchOnly: true,
          event: 'WKF_FORCED_STATE',
          eventData: { state: call.body.state, forced: true },
          actor: run.actor,
          realActor: run.realActor,
        },
      );
    }),

  wfClear: (call) =>
    onItem(call, 'force', async (run, row) => {
      requireInstance(row);
      await run.services.items.patchIn(
        run.tx,
        SYSTEM,
        run.itemId,
        { _wf: null, workflow: null, ...flatKeys(null) },
        { touchOnly: true, event: 'WKF_CLEARED', actor: run.actor, realActor: run.realActor },
      );
    }),

  wfApplySteps: (call) =>
    onItem(call, 'update', async (run, row) => {
      requireInstance(row);
      if (!run.wf.workflow) throw transitionError(`${row.id} runs ad hoc steps only`, 'item');
      const def = await loadDefinition(run.tx, run.services, run.principal, run.wf.workflow, row.type);
      const old = new Map(run.wf.steps.map((s) => [s.id, s]));
      // The definition's steps, keeping what each existing step has lived through (state,
      // assignee, dates); ad hoc steps stay after the step they followed.
      const steps: StepInstance[] = def.steps.map((d) => {
        const was = old.get(d.id);
        if (!was || was.adHoc) return instanceStep(d);
        // What the step has lived through stays; so do a person's choices (an assignee the engine
        // never re-picks, a date the rule never moves). Optional marks only where they are set.
        const kept = [...LIVED_THROUGH, ...KEPT_MARKS.filter((k) => was[k])].map((k) => [k, was[k]]);
        return { ...d, ...Object.fromEntries(kept) } as StepInstance;
      });
      run.wf.steps.forEach((s, i) => {
        if (!s.adHoc) return;
        const before = run.wf.steps[i - 1];
        const at = before ? steps.findIndex((x) => x.id === before.id) : -1;
        steps.splice(at + 1, 0, s);
      });
      run.wf = { workflow: def.row.id, version: def.row.version, steps };
      // New steps get their defaults; kept ones keep what people made of them.
      await fillDefaults(run, new Set(def.steps.filter((d) => !old.has(d.id)).map((d) => d.id)));
      await advance(run);
      await save(run, 'WKF_APPLIED_STEPS', { workflow: def.row.id, version: def.row.version });
    }),

  wfAddStep: (call) =>
    onItem(call, 'update', async (run, row) => {
      const { kind, label, assignedTo, dueDate, after } = call.body;
      const registered = run.services.stepKinds.get(kind);
      if (!registered?.handler.adHoc || !kindsFor(run.services.registry, row.type).includes(kind))
        throw invalidField('kind', `${kind} may not be added ad hoc`);
      const ids = new Set(run.wf.steps.map((s) => s.id));
      let n = run.wf.steps.length + 1;
      while (ids.has(`adhoc-${n}`)) n++;
      const step: StepInstance = { ...instanceStep({ id: `adhoc-${n}`, kind, label }), adHoc: true };
      if (dueDate) step.dueDate = dueDate;
      if (assignedTo) {
        if (!(await mayWorkOn(run, assignedTo)))
          throw invalidField('assignedTo', `${assignedTo} may not read ${row.id}`);
        setAssignee(run, step, assignedTo);
        step.assignedByHand = true;
      }
      const at =
        after === undefined ? run.wf.steps.length : run.wf.steps.findIndex((s) => s.id === after) + 1;
      if (at === 0) throw invalidField('after', `no step ${after}`);
      run.wf.steps.splice(at, 0, step);
      await advance(run);
      await save(run, 'WKF_STEP_ADDED', { step: step.id, kind });
    }),

  wfAssignStep: (call) =>
    onItem(call, 'update', async (run, row) => {
      requireInstance(row);
      const step = stepOf(run, call.body.step);
      const user = call.body.assignedTo;
      if (user && !(await mayWorkOn(run, user)))
        throw invalidField('assignedTo', `${user} may not read ${row.id}`);
      const from = step.assignedTo;
      setAssignee(run, step, user);
      // A person chose (even nobody): the engine never picks this step's assignee again.
      step.assignedByHand = true;
      await save(run, user ? 'WKF_STEP_ASSIGNED' : 'WKF_STEP_UNASSIGNED', { step: step.id, from, to: user });
    }),

  wfTakeStep: (call) =>
    onItem(call, 'take', async (run, row) => {
      requireInstance(row);
      const step = stepOf(run, call.body.step);
      if (isStepDone(step.state)) throw transitionError(`${step.id} is ${step.state}`, 'step');
      if (step.assignedTo) throw transitionError(`${step.id} is already assigned`, 'step');
      if (!(await mayWorkOn(run, run.actor!)))
        throw new AppError('notAllowed', `${run.actor} may not work on ${row.id}`);
      setAssignee(run, step, run.actor);
      // Taken by the person themselves: theirs, not the engine's to move when it starts.
      step.assignedByHand = true;
      await save(run, 'WKF_STEP_ASSIGNED', { step: step.id, from: null, to: run.actor, taken: true });
    }),

  wfSetStepDue: (call) =>
    onItem(call, 'update', async (run, row) => {
      requireInstance(row);
      const step = stepOf(run, call.body.step);
      const from = step.dueDate;
      step.dueDate = call.body.dueDate;
      // A person's date (or none): the rule no longer moves it when the item's date changes.
      step.dueByHand = true;
      // A new date is a new deadline: its reminders are due again.
      step.reminded = [];
      await save(run, 'WKF_STEP_DUE_SET', { step: step.id, from, to: call.body.dueDate });
    }),

  wfStepKinds: async ({ services, body }) => {
    if (!services.registry.type(body.type)?.workflow)
      throw invalidField('type', `${body.type} runs no workflows`);
    const kinds = kindsFor(services.registry, body.type).map((kind) => ({
      kind,
      adHoc: !!services.stepKinds.get(kind)?.handler.adHoc,
    }));
    return { kinds };
  },
});
