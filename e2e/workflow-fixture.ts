import { sql } from 'drizzle-orm';
import { defineItemType } from '../src/kernel/item-type';
import { defineModule } from '../src/kernel/module';
import { MODULES } from '../src/modules';
import { workflowProperties } from '../src/modules/workflow/types';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import type { E2EApp } from './helpers/app';

// What the workflow browser tests share: a module of their own with a workflow-capable type
// (no real one exists until consult's types land), whose capability Riverbend's people get.

export const CASE_CAPABILITY = 'WfCaseWork';

export const WfCase = defineItemType({
  name: 'WfCase',
  label: '{title}',
  properties: {
    title: { kind: 'string', maxLength: 200, required: true, textField: true },
    decisionDate: { kind: 'date' },
    ...workflowProperties('WF_CASE_STATES'),
  },
  defaultHeaders: ['title'],
  workflow: { stateList: 'WF_CASE_STATES' },
  access: { create: ['staff'], defaultLevel: 'PROTECTED' },
});

export const wfCaseModule = defineModule({
  id: 'wfcase',
  requires: ['core', 'workflow'],
  types: [WfCase],
  capabilities: [CASE_CAPABILITY],
  lovLists: ['WF_CASE_STATES'],
});

export const WORKFLOW_MODULES = [...MODULES, wfCaseModule];

/** The id of a demo item found by a data field (the demo's organisations and people). */
export async function idWhere(app: E2EApp, type: string, key: string, value: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    app.tdb.database.db,
    sql`select id from items where type = ${type} and data->>${key} = ${value} limit 1`,
  );
  if (!row) throw new Error(`no ${type} with ${key} = ${value}`);
  return row.id;
}

/** Gives an organisation's members a capability (as admin.capabilities would). */
export async function grantOrgCapability(app: E2EApp, org: string, capability: string): Promise<void> {
  const items = app.server.app.services.items;
  const current = (await items.read(SYSTEM, org)) as { $version: number; capabilities?: string[] };
  await items.update(SYSTEM, {
    $id: org,
    $version: current.$version,
    capabilities: [...new Set([...(current.capabilities ?? []), capability])],
  });
}
