import {
  loadRowAsSystem,
  SYSTEM,
  type Executor,
  type Services,
  type TypeHooks,
  type WriteEvent,
} from '../../../server/module-api';
import type { WorkflowInstance } from '../types';
import { loadDefinition, newRun, recomputeDue, save, startInstance } from './engine';

/**
 * The '*' afterWrite hook that starts an instance: an item of a workflow-capable type written
 * with `workflow` set and no `_wf` yet (consult creates each ConsultResponse as the system with
 * its community's default Workflow) gets the definition's steps, recorded as WKF_APPLIED_STEPS
 * by the writer, and its first step moved on. A system bump ('touched') starts nothing.
 */
async function startOnWrite(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created' && e.kind !== 'updated') return;
  const type = e.items.registry.type(e.row.type);
  if (!type?.workflow) return;
  if (e.row.data._wf) return dueOnWrite(tx, e);
  const wfId = e.row.data.workflow;
  if (typeof wfId !== 'string') return;
  const services = servicesOf(e);
  // As the system: a write hook; the writer's rights were decided by the item service.
  const row = (await loadRowAsSystem(tx, e.row.id))!;
  const def = await loadDefinition(tx, services, SYSTEM, wfId, row.type);
  const run = newRun(tx, services, SYSTEM, row, { workflow: null, version: null, steps: [] });
  run.actor = e.actor;
  run.realActor = e.realActor;
  await startInstance(run, def, 'WKF_APPLIED_STEPS', { auto: true });
}

/**
 * An update of a date a step's due rule counts from (a response's anticipatedResponse) moves
 * those steps' due dates, except dates a person set by hand; recorded as WKF_STEP_DUE_SET
 * (`auto: true`) by the writer. The engine's own `_wf` saves are 'touched': they never get here.
 */
async function dueOnWrite(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'updated' || !e.changes) return;
  const changed = new Set(Object.keys(e.changes));
  const wf = e.row.data._wf as WorkflowInstance;
  if (!Array.isArray(wf?.steps) || !wf.steps.some((s) => s.due && changed.has(s.due.from))) return;
  const services = servicesOf(e);
  // As the system: a write hook; the writer's rights were decided by the item service.
  const row = (await loadRowAsSystem(tx, e.row.id))!;
  const run = newRun(tx, services, SYSTEM, row, structuredClone(row.data._wf as WorkflowInstance));
  run.actor = e.actor;
  run.realActor = e.realActor;
  const steps = recomputeDue(run, row, changed);
  if (steps.length) await save(run, 'WKF_STEP_DUE_SET', { steps, auto: true });
}

// Hooks get the node's item service, not its services; the engine needs the services (the step
// kinds' handlers get them). The module's start binds each node's services to its item service:
// keyed by that object, so several nodes in one process (tests) never mix.
const byItems = new WeakMap<object, Services>();

export function bindServices(services: Services): void {
  byItems.set(services.items, services);
}

function servicesOf(e: WriteEvent): Services {
  const s = byItems.get(e.items);
  if (!s) throw new Error('the workflow engine is not started on this node');
  return s;
}

export const startHooks: TypeHooks = { afterWrite: startOnWrite };
