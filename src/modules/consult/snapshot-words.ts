// The words of the summary an RWF_SNAPSHOT step posts to the lands team's thread, shared by the
// server that writes it into the record (server/snapshot.ts) and the module's English bundle
// (i18n/en-response.ts, `consult.snapshot`), like audit.ts: one source for the English.

export const SNAPSHOT_WORDS = {
  title: 'Where {{name}} stands',
  state: 'Response: {{value}}',
  workflowState: 'Workflow state: {{value}}',
  priority: 'Priority: {{value}}',
  outcome: 'Outcome: {{value}}',
  due: 'Response due: {{value}}',
  team: 'Lands team: {{value}}',
  nobody: 'nobody yet',
  steps: 'Steps:',
  step: '{{n}}. {{label}}: {{state}}',
  assignedTo: 'assigned to {{name}}',
  unassigned: 'not assigned',
  dueOn: 'due {{date}}',
  doneBy: 'by {{name}} on {{date}}',
  someone: 'someone',
  /** A response's state (RESPONSE_STATES), as the response screens name it. */
  responseStates: {
    DRAFT: 'Draft',
    NOT_SELECTED: 'Not selected',
    PENDING: 'Pending',
    RESPONDED: 'Responded',
    OFFLINE: 'Recorded offline',
    NO_RESPONSE: 'No response',
  } as Record<string, string>,
  /** A step's state (STEP_STATES), as the workflow panel names it. */
  stepStates: {
    BLANK: 'Not started',
    PENDING: 'Pending',
    ACTIVE: 'Active',
    COMPLETE: 'Complete',
    SKIP: 'Skipped',
  } as Record<string, string>,
} as const;
