import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { ROLES } from '../../protocol/access-levels';
import { STEP_STATES } from './types';

// The workflow engine's acts (spec capability-modules §4 "Workflow engine"). Every act names the
// item (`item`: its id) and answers the item's new `_wf` with its `$version`; each writes its
// event (WKF_*) in the same transaction as the change. A move outside the transition table is
// refused with `errors.wfTransition` and changes nothing.

const ItemId = z.string().min(1).max(200);
const WorkflowId = z.string().regex(/^Workflow-[1-9][0-9]*$/, 'a Workflow id');
const UserId = z.string().regex(/^User-[1-9][0-9]*$/, 'a User id');
const StepId = z.string().min(1).max(100);
const StepStateZ = z.enum(STEP_STATES);

export const DueRuleZ = z.strictObject({
  days: z.number().int().min(-365).max(3650),
  from: z.string().min(1).max(100),
});
export const StepDefZ = z.strictObject({
  id: StepId,
  kind: z.string().min(1).max(100),
  label: z.string().min(1).max(200),
  assignee: z
    .strictObject({
      user: UserId.optional(),
      role: z.enum(ROLES).optional(),
      /** A property of the item naming people who come first for the role (definitions.ts checks it). */
      prefer: z.string().min(1).max(100).optional(),
    })
    .optional(),
  due: DueRuleZ.optional(),
  rule: z.enum(['next', 'manual']).optional(),
  sets: z.record(z.string(), z.unknown()).optional(),
});
/** A Workflow's `steps` (the designer saves them with an ordinary update; the server checks them). */
export const StepDefsZ = z.array(StepDefZ).max(100);

const StepInstanceZ = StepDefZ.extend({
  state: StepStateZ,
  assignedTo: z.string().nullable(),
  dueDate: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  adHoc: z.boolean().optional(),
  reminded: z.array(z.number()).optional(),
  dueByHand: z.boolean().optional(),
  roleUnfilled: z.enum(ROLES).optional(),
  assignedByHand: z.boolean().optional(),
});
export const WorkflowInstanceZ = z.strictObject({
  workflow: z.string().nullable(),
  version: z.number().nullable(),
  steps: z.array(StepInstanceZ),
});

/** Every act answers the item's id, its new version and its `_wf` (null once cleared). */
const WfReply = z.strictObject({
  $id: z.string(),
  $version: z.number(),
  _wf: WorkflowInstanceZ.nullable(),
  '_wf.state': z.string().nullable(),
});

export const workflowActs = defineActs({
  /** Sets (or replaces) the item's workflow and starts it (rule "next" steps become ACTIVE). */
  wfSet: { body: z.strictObject({ item: ItemId, workflow: WorkflowId }), reply: WfReply },
  /** Moves one step along the transition table (completing runs its kind's checks and `sets`). */
  wfSetStepState: { body: z.strictObject({ item: ItemId, step: StepId, state: StepStateZ }), reply: WfReply },
  /** Writes a step's `sets` on the item again (after the item changed). */
  wfApplyStepProps: { body: z.strictObject({ item: ItemId, step: StepId }), reply: WfReply },
  /** Starts a workflow by hand on an item that has none running (WKF_MANUAL_INIT). */
  wfStartManual: { body: z.strictObject({ item: ItemId, workflow: WorkflowId }), reply: WfReply },
  /** Sets `_wf.state` outside the steps (editors and orgAdmins of the owner; WKF_FORCED_STATE). */
  wfForceState: { body: z.strictObject({ item: ItemId, state: z.string().min(1).max(100) }), reply: WfReply },
  /** Removes the instance (WKF_CLEARED). */
  wfClear: { body: z.strictObject({ item: ItemId }), reply: WfReply },
  /** Brings the definition's current steps into the instance, keeping the states of steps it still has (WKF_APPLIED_STEPS). */
  wfApplySteps: { body: z.strictObject({ item: ItemId }), reply: WfReply },
  /** Any state, outside the table (editors and orgAdmins of the owner; WKF_STEP_STATE_FORCED). */
  wfForceStepState: {
    body: z.strictObject({ item: ItemId, step: StepId, state: StepStateZ }),
    reply: WfReply,
  },
  /** Adds a step to this item only, of a kind that allows it (simple, letter send, thread, meeting, fieldwork). */
  wfAddStep: {
    body: z.strictObject({
      item: ItemId,
      kind: z.string().min(1).max(100),
      label: z.string().min(1).max(200),
      assignedTo: UserId.optional(),
      dueDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      after: StepId.optional(),
    }),
    reply: WfReply,
  },
  /** Assigns a step (null: unassigns); notifies the assignee (WKF_STEP_ASSIGNED / WKF_STEP_UNASSIGNED). */
  wfAssignStep: {
    body: z.strictObject({ item: ItemId, step: StepId, assignedTo: UserId.nullable() }),
    reply: WfReply,
  },
  /**
   * The caller takes an open step nobody is assigned: anyone of the item's owner who holds the
   * step's role (or higher) and may read the item, even without the update right
   * (WKF_STEP_ASSIGNED with `taken: true`). The step then shows in their "Assigned to me".
   */
  wfTakeStep: {
    body: z.strictObject({ item: ItemId, step: StepId }),
    reply: WfReply,
  },
  /** Sets or clears a step's due date by hand. */
  wfSetStepDue: {
    body: z.strictObject({
      item: ItemId,
      step: StepId,
      dueDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .nullable(),
    }),
    reply: WfReply,
  },
  /** The step kinds an organisation's designer may use for a type, with whether each may be added ad hoc. */
  wfStepKinds: {
    body: z.strictObject({ type: z.string().min(1).max(100) }),
    reply: z.strictObject({ kinds: z.array(z.strictObject({ kind: z.string(), adHoc: z.boolean() })) }),
  },
});
export type WorkflowActs = typeof workflowActs;
