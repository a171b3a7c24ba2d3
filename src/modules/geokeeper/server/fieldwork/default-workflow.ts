import { sql } from 'drizzle-orm';
import {
  query,
  SYSTEM,
  type Executor,
  type ItemService,
  type Principal,
} from '../../../../server/module-api';
import type { StepDef } from '../../../workflow/types';
import { opts } from './common';

// The fieldwork job's workflow (spec §4: GKF_CONFIRM, GKF_WORK_ITEMS, GKF_REPORT, GKF_INVOICE).
// Each step's `sets` moves the job's stage (`_wf.state`, list GKF_STATES) to the next one when it
// completes; sending the confirmation request moves NEW to CONFIRMING (threads.ts). So a job is
// NEW → CONFIRMING → COLLECTING → REPORTING → INVOICING → DONE. An organisation keeps its copy in
// admin.workflows like any definition.

export const FIELDWORK_TYPE = 'GeoKeeperFieldwork';

export function fieldworkSteps(assignee?: string): StepDef[] {
  const who = assignee ? { assignee: { user: assignee } } : {};
  return [
    {
      id: 'confirm',
      kind: 'GKF_CONFIRM',
      label: 'Confirm the fieldwork with the external party',
      rule: 'next',
      ...who,
      due: { days: 7, from: 'start' },
      sets: { '_wf.state': 'COLLECTING' },
    },
    {
      id: 'collect',
      kind: 'GKF_WORK_ITEMS',
      label: 'Collect the field data of the work items',
      rule: 'next',
      ...who,
      sets: { '_wf.state': 'REPORTING' },
    },
    {
      id: 'report',
      kind: 'GKF_REPORT',
      label: 'Send the fieldwork report',
      rule: 'next',
      ...who,
      due: { days: 14, from: 'start' },
      sets: { '_wf.state': 'INVOICING' },
    },
    {
      id: 'invoice',
      kind: 'GKF_INVOICE',
      label: 'Send the invoice',
      rule: 'next',
      ...who,
      due: { days: 14, from: 'start' },
      sets: { '_wf.state': 'DONE' },
    },
  ];
}

export const FIELDWORK_WORKFLOW = {
  label: 'Fieldwork job',
  description: 'Confirm with the external party, collect the field data, send the report and the invoice.',
};

/** The community's default fieldwork workflow (owner, appliesTo GeoKeeperFieldwork, isDefault). */
export async function defaultFieldworkWorkflow(tx: Executor, owner: string): Promise<string | undefined> {
  const [w] = await query<{ id: string }>(
    tx,
    sql`select id from items where type = 'Workflow' and not deleted and owner = ${owner}
      and data->>'appliesTo' = ${FIELDWORK_TYPE} and data->>'isDefault' = 'true' order by num limit 1`,
  );
  return w?.id;
}

/**
 * The community's default fieldwork workflow, made from the steps above the first time one of its
 * jobs needs it (there is no other place a community is offered one): it is then theirs to edit.
 */
export async function ensureFieldworkWorkflow(
  tx: Executor,
  items: ItemService,
  p: Principal,
  owner: string,
): Promise<string> {
  const existing = await defaultFieldworkWorkflow(tx, owner);
  if (existing) return existing;
  const w = await items.createIn(
    tx,
    SYSTEM,
    'Workflow',
    { ...FIELDWORK_WORKFLOW, appliesTo: FIELDWORK_TYPE, isDefault: true, steps: fieldworkSteps() },
    { ...opts(p), owner },
  );
  return w.id;
}
