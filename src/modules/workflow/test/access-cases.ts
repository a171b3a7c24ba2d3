import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import {
  principalClients,
  type AccessCase,
  type AccessFixture,
  type AccessPath,
} from '../../../../test/helpers/access-cases';
import type { TestServer } from '../../../../test/helpers/test-server';
import { TEST_MODULES } from './fixture';

// The workflow engine's rows of the access matrix (test/access-matrix.test.ts runs them): a
// definition is its organisation's (PROTECTED: staff and up read it; members and outsiders do
// not), and an item's `_wf` with its flat keys (`_wf.$assigned`, `_wf.$assignedDue`, `_wf.state`)
// reaches nobody who may not read the item: not in reads, search results, facet counts or pushes.
// The readers are written from docs/workflow.md and docs/access-model.md, not from the policy. The
// engine's only workflow-capable type in the app is consult's ConsultResponse, so the rows run on
// the tests' own WfTask (fixture.ts); the moves' rights are in step-rights.test.ts.

type P = 'signedOut' | 'admin' | 'member' | 'staff' | 'editor' | 'orgAdmin' | 'outsider';
const ALL: P[] = ['signedOut', 'admin', 'member', 'staff', 'editor', 'orgAdmin', 'outsider'];
const STAFF_UP: P[] = ['admin', 'staff', 'editor', 'orgAdmin'];
const THEIRS: P[] = ['admin', 'outsider'];

const SPECS = [
  { key: 'definition', type: 'Workflow', readers: STAFF_UP },
  { key: 'task', type: 'WfTask', readers: STAFF_UP },
  { key: 'theirDefinition', type: 'Workflow', readers: THEIRS },
  { key: 'theirTask', type: 'WfTask', readers: THEIRS },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[riverbend, 'member']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    editor: await makeUser(items, [[riverbend, 'editor']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    outsider: await makeUser(items, [[pipeline, 'orgAdmin']]),
  };
  const clients = await principalClients<P>(server, users);

  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const word = () => `s${Math.random().toString(36).slice(2, 10)}`;
  const definition = async (key: string, owner: string, assignee: string) => {
    ids[key] = (
      await items.create(SYSTEM, 'Workflow', {
        label: `Response ${(secrets[key] = word())}`,
        appliesTo: 'WfTask',
        owner,
        steps: [
          {
            id: 'a',
            kind: 'WKF_CONFIRM',
            label: `Answer ${(secrets[`${key}@step`] = word())}`,
            rule: 'next',
            assignee: { user: assignee },
          },
        ],
      })
    ).$id;
  };
  await definition('definition', riverbend, users.staff.id);
  await definition('theirDefinition', pipeline, users.outsider.id);
  const task = async (key: string, owner: string, workflow: string, actor: string) => {
    ids[key] = (
      await items.create(
        SYSTEM,
        'WfTask',
        { title: `Pipeline referral ${(secrets[key] = word())}`, received: '2026-05-01', workflow },
        { owner, actor },
      )
    ).$id;
  };
  await task('task', riverbend, ids.definition!, users.editor.id);
  await task('theirTask', pipeline, ids.theirDefinition!, users.outsider.id);
  // The assignees, for the search path (not specs: no row asks for them by these keys).
  ids['assignee:staff'] = users.staff.id;
  ids['assignee:outsider'] = users.outsider.id;
  // Who a step is assigned to is the task's too: a facet must not name them to a non-reader.
  secrets['task@assignee'] = users.staff.id;
  return { clients, ids, secrets };
}

/** "Assigned to me" and the engine's facets, over both assignees: each sees the readable tasks only. */
const assignedSearch: AccessPath<P> = {
  name: 'search by _wf.$assigned with the workflow facets',
  types: ['WfTask'],
  async run({ client, ids }) {
    const b = (
      await client.request('search/ids', {
        must: { _t: ['WfTask'], '_wf.$assigned': [ids['assignee:staff'], ids['assignee:outsider']] },
        facets: ['_wf.$assigned', '_wf.$assignedDue', '_wf.state'],
        labels: true,
      })
    ).b as { ids?: string[] };
    return { ids: b.ids ?? [], text: JSON.stringify(b) };
  },
};

export const accessCase: AccessCase<P> = {
  name: 'workflow',
  principals: ALL,
  specs: SPECS,
  setup,
  paths: [assignedSearch],
  witness: { principal: 'staff', key: 'definition@step' },
  mayRefuseSearch: ['signedOut'],
  modules: TEST_MODULES,
};
