import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import type { Role } from '../../protocol/access-levels';

// The workflow engine's data (spec capability-modules §3 "Workflow", §4 "Workflow engine").
// A Workflow item is a definition: an ordered list of step definitions. An item of a
// workflow-capable type (ItemTypeDef.workflow) carries an instance in `_wf`: a copy of the
// definition's steps as it was when the instance started, each with its state. Editing the
// definition never changes a running instance; `wfApplySteps` brings the new steps in on purpose.

export const STEP_STATES = ['BLANK', 'PENDING', 'ACTIVE', 'COMPLETE', 'SKIP'] as const;
export type StepState = (typeof STEP_STATES)[number];

/** What a step's due date counts from: the step's start, or a date property of the item. */
export interface DueRule {
  days: number;
  /** 'start' (the step became ACTIVE) or the name of a date property of the item. */
  from: string;
}

/** Who a step goes to when it starts: one person, or the people of a role in the owner. */
export interface DefaultAssignee {
  user?: string;
  role?: Role;
  /**
   * With `role`: the name of a property of the item holding people (a relation to User, one or
   * a list; `preferableProperties`). Those it names who qualify for the role come first, and
   * the step is picked again when it becomes ACTIVE, so people named on the item by an earlier
   * step (a response's lands team, `internalContacts`) get it (docs/workflow.md "Default assignee").
   */
  prefer?: string;
}

/** One step of a definition (Workflow.steps). */
export interface StepDef {
  /** Stable within the definition: instances and acts name steps by it. */
  id: string;
  /** A registered step kind (manifest `stepKinds`): WKF_CONFIRM, RWF_OUTCOME, … */
  kind: string;
  label: string;
  assignee?: DefaultAssignee;
  due?: DueRule;
  /** 'next': becomes ACTIVE by itself when the step before completes (or is skipped). */
  rule?: 'next' | 'manual';
  /** Properties written on the item when the step completes (`wfApplyStepProps` too). */
  sets?: Record<string, unknown>;
}

/** One step of a running instance (the item's `_wf.steps`). */
export interface StepInstance extends StepDef {
  state: StepState;
  /** A User id, or null. */
  assignedTo: string | null;
  /** ISO date (YYYY-MM-DD), or null. */
  dueDate: string | null;
  startedAt: string | null;
  completedBy: string | null;
  completedAt: string | null;
  /** Added on this item only (not from the definition). */
  adHoc?: boolean;
  /** Due-reminder thresholds already sent (days before due: 3, 0), so each is sent once. */
  reminded?: number[];
  /**
   * Set by a person (wfSetStepDue, even to none): the due rule no longer moves it when the
   * item's date changes.
   */
  dueByHand?: boolean;
  /**
   * The step's default is a role nobody in the owner holds (among those who may read the item):
   * it waits unassigned, and the panel says why. Gone once someone is assigned.
   */
  roleUnfilled?: Role;
  /**
   * A person gave the step to someone, or to nobody (wfAssignStep, wfTakeStep, wfAddStep): the
   * engine never picks its assignee again (a `prefer` step's pick when it becomes ACTIVE).
   */
  assignedByHand?: boolean;
}

/**
 * The properties of a type a role step may prefer people from (`assignee.prefer`): its relations
 * to User alone (one or a list), not the engine's own (`_wf.$assigned`, which names who already
 * has a step). The definition check and the designer's choice both use it.
 */
export function preferableProperties(properties: Record<string, PropertyDef>): string[] {
  return Object.entries(properties)
    .filter(
      ([name, p]) =>
        !name.startsWith('_') &&
        p.kind === 'relation' &&
        !!p.types?.length &&
        p.types.every((t) => t === 'User'),
    )
    .map(([name]) => name);
}

/** The item's `_wf`. */
export interface WorkflowInstance {
  /** The Workflow it started from (null for an instance of ad hoc steps only). */
  workflow: string | null;
  /** That definition's `$version` when the steps were copied. */
  version: number | null;
  steps: StepInstance[];
}

/**
 * The properties a workflow-capable type adds to its own (spread into `properties`), with the
 * list of values its `_wf.state` takes in the owning organisation (ConsultResponse: RWF_STATES).
 * The flat `_wf.*` keys are what lists, facets and the "assigned to me" and overdue searches use:
 * the engine keeps them in step with `_wf` on every write, so no search opens the json.
 */
export function workflowProperties(stateList: string): Record<string, PropertyDef> {
  return {
    workflow: { kind: 'relation', types: ['Workflow'], write: 'system' },
    _wf: { kind: 'json', write: 'system' },
    '_wf.state': { kind: 'lov', lov: stateList, facet: true, write: 'system' },
    /** The people with an ACTIVE or PENDING step (User ids). */
    '_wf.$assigned': { kind: 'relation', types: ['User'], list: true, facet: true, write: 'system' },
    /** The earliest due date of those steps. */
    '_wf.$assignedDue': { kind: 'date', facet: true, write: 'system' },
  };
}

export const Workflow = defineItemType({
  name: 'Workflow',
  label: '{label}',
  defaultIcon: 'account_tree',
  properties: {
    label: { kind: 'string', maxLength: 200, required: true, notBlank: true, textField: true },
    description: { kind: 'text', maxLength: 5000, textField: true },
    /** The workflow-capable type it runs on (ConsultResponse). */
    appliesTo: { kind: 'string', maxLength: 100, required: true, facet: true },
    /** The owner's default for new items of that type (a community's response workflow). */
    isDefault: { kind: 'boolean', facet: true },
    steps: { kind: 'json' },
  },
  defaultHeaders: ['label', 'appliesTo', 'isDefault', '_c.ts'],
  keyFacts: ['appliesTo', 'isDefault'],
  // An organisation's own: its staff read it, its editors and orgAdmins build it.
  access: { create: ['editor'], defaultLevel: 'PROTECTED' },
});

export const workflowTypes = [Workflow] as const;
