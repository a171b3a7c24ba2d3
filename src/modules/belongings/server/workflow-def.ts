import type { StepDef } from '../../workflow/types';

// The repatriation workflow (issue 17 "Repatriation is a workflow on the belonging"): request,
// research, negotiation, transport, return. Each step completes with the generic WKF_CONFIRM
// kind; its `sets` move the belonging's repatriationStatus (what the board shows) and the
// workflow's own state. The demo seeds it as Riverbend's default; an organisation edits its copy
// in admin.workflows like any definition.

/** The statuses the steps set, by step id (docs/belongings.md "Repatriation"). */
export const STEP_STATUS: Readonly<Record<string, string>> = {
  request: 'IN_PROGRESS',
  transport: 'IN_TRANSIT',
  return: 'REPATRIATED',
};

export function repatriationSteps(officer: string, researcher: string): StepDef[] {
  return [
    {
      id: 'request',
      kind: 'WKF_CONFIRM',
      label: 'Send the repatriation request',
      rule: 'next',
      assignee: { user: officer },
      due: { days: 14, from: 'start' },
      sets: { repatriationStatus: STEP_STATUS.request, '_wf.state': 'REQUESTED' },
    },
    {
      id: 'research',
      kind: 'WKF_CONFIRM',
      label: 'Research its history and who it belongs to',
      rule: 'next',
      assignee: { user: researcher },
      due: { days: 60, from: 'start' },
      sets: { '_wf.state': 'RESEARCHED' },
    },
    {
      id: 'negotiation',
      kind: 'WKF_CONFIRM',
      label: 'Agree the return with the institution',
      rule: 'next',
      assignee: { user: officer },
      due: { days: 90, from: 'start' },
      sets: { '_wf.state': 'AGREED' },
    },
    {
      id: 'transport',
      kind: 'WKF_CONFIRM',
      label: 'Bring it home',
      rule: 'next',
      assignee: { user: officer },
      due: { days: 30, from: 'start' },
      sets: { repatriationStatus: STEP_STATUS.transport, '_wf.state': 'IN_TRANSIT' },
    },
    {
      id: 'return',
      kind: 'WKF_CONFIRM',
      label: 'Welcome it home',
      rule: 'next',
      assignee: { user: officer },
      sets: { repatriationStatus: STEP_STATUS.return, '_wf.state': 'RETURNED' },
    },
  ];
}
