import { sql } from 'drizzle-orm';
import { query, SYSTEM, type Executor, type ItemService, type WriteEvent } from '../../../server/module-api';
import type { Role } from '../../../protocol/access-levels';
import type { StepDef } from '../../workflow/types';

// Every community's default response workflow (docs/consult-response.md "The default workflow"),
// its workflow states (RWF_STATES, with their superState), its cost roles and expense kinds and a letter template the letter step
// can start from. They are made when a community organisation is created, and again (for a
// database that had communities before this) the first time one of its referrals is distributed:
// a community's first referral runs from assignment to a sent letter with nothing set up by
// hand and no demo. Once made they are the community's own, to edit in admin.workflows and
// admin.lists; nothing here overwrites what it changed.

/**
 * The RWF_STATES list every community starts with (spec: a ConsultResponse's workflow state), in
 * order: key, English name, superState (LOV_SUPER_STATES). Not the response's own `state`
 * (types.ts RESPONSE_STATES).
 */
export const RWF_STATE_DEFAULTS: readonly (readonly [string, string, string])[] = [
  ['NEW', 'New', 'INIT'],
  ['IN_REVIEW', 'In review', 'IN_PROGRESS'],
  ['MAPPING', 'Mapping the overlap', 'IN_PROGRESS'],
  ['RESEARCH', 'Researching', 'IN_PROGRESS'],
  ['DRAFTING', 'Drafting the response', 'IN_PROGRESS'],
  ['APPROVAL', 'Awaiting approval', 'IN_PROGRESS'],
  ['APPROVED', 'Approved, to send', 'IN_PROGRESS'],
  ['SENT', 'Response sent', 'DONE'],
  ['CLOSED', 'Outcome recorded', 'DONE'],
];

/**
 * The cost roles and expense kinds every community starts with (docs/consultation.md "Time and
 * expenses"): key, English name. Its own to rename, archive or add to in admin.lists.
 */
export const COST_LIST_DEFAULTS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  CNS_COST_ROLES: [
    ['LANDS_OFFICER', 'Lands officer'],
    ['ELDER', 'Elder'],
    ['RESEARCHER', 'Researcher'],
    ['TECHNICAL_REVIEWER', 'Technical reviewer'],
    ['LEGAL', 'Legal counsel'],
  ],
  CNS_EXPENSE_KINDS: [
    ['TRAVEL', 'Travel'],
    ['HONORARIA', 'Honoraria'],
    ['MILEAGE', 'Mileage'],
    ['PRINTING', 'Printing'],
    ['OTHER', 'Other'],
  ],
};

/** The state a response is given when its workflow starts (cnsDistribute). */
export const FIRST_STATE = 'NEW';

export const RESPONSE_WORKFLOW = {
  label: 'Referral response',
  description:
    'Assign the file, review the referral, map the overlap with the community’s places, check the ' +
    'sources, draft, approve and send the letter, then record the outcome.',
};

/**
 * The steps, each given to a role (the engine picks the person with the least open work, see
 * docs/workflow.md "Default assignee") and due a number of days before the response the
 * proponent asked for (`anticipatedResponse`, copied from the referral's requested date). Each
 * completion moves the response's workflow state on (`sets`), which the Responses list shows.
 * Every step after Assign prefers the response's lands team (`internalContacts`, named by the
 * Assign step): picked again as it starts, it goes to one of the team who holds its role, not to
 * whoever had the least work when the response arrived.
 */
export function responseSteps(): StepDef[] {
  // `0 - days`, not `-days`: a step due on the day is 0, never -0 (which a JSON round trip loses).
  const before = (days: number) => ({ days: 0 - days, from: 'anticipatedResponse' });
  const team = (role: Role) => ({ role, prefer: 'internalContacts' });
  return [
    {
      id: 'assign',
      kind: 'RWF_ASSIGN',
      label: 'Assign the lands team',
      rule: 'next',
      assignee: { role: 'orgAdmin' },
      due: before(28),
      sets: { '_wf.state': 'IN_REVIEW' },
    },
    {
      id: 'review',
      kind: 'RWF_SIMPLE',
      label: 'Review the referral',
      rule: 'next',
      assignee: team('editor'),
      due: before(25),
      sets: { '_wf.state': 'MAPPING' },
    },
    {
      id: 'overlay',
      kind: 'RWF_SPATIAL',
      label: 'Map the overlap',
      rule: 'next',
      assignee: team('editor'),
      due: before(21),
      sets: { '_wf.state': 'RESEARCH' },
    },
    {
      id: 'research',
      kind: 'RWF_RESEARCH',
      label: 'Check the sources',
      rule: 'next',
      assignee: team('staff'),
      due: before(14),
      sets: { '_wf.state': 'DRAFTING' },
    },
    {
      id: 'letter-propose',
      kind: 'RWF_LETTER_PROPOSE',
      label: 'Draft the response letter',
      rule: 'next',
      assignee: team('editor'),
      due: before(10),
      sets: { '_wf.state': 'APPROVAL' },
    },
    {
      id: 'letter-approve',
      kind: 'RWF_LETTER_APPROVE',
      label: 'Approve the letter',
      rule: 'next',
      assignee: team('orgAdmin'),
      due: before(7),
      sets: { '_wf.state': 'APPROVED' },
    },
    {
      id: 'letter-send',
      kind: 'RWF_LETTER_SEND',
      label: 'Send the letter',
      rule: 'next',
      assignee: team('editor'),
      due: before(2),
      sets: { '_wf.state': 'SENT' },
    },
    {
      id: 'outcome',
      kind: 'RWF_OUTCOME',
      label: 'Record the outcome',
      rule: 'next',
      assignee: team('editor'),
      due: before(0),
      sets: { '_wf.state': 'CLOSED' },
    },
  ];
}

/** The template the letter step starts from: every placeholder is one the response fills by the letter step. */
export const RESPONSE_TEMPLATE = {
  title: 'Response to a referral',
  description: 'The standard reply, with the concerns raised.',
  body: [
    '{{today}}',
    '',
    '{{addressee.name}}  ',
    '{{addressee.organisation}}',
    '',
    // The file number and the signatory are the letter's frame (printed with the letterhead), and
    // the outcome is recorded after the letter is sent: none of them is asked of the body.
    '**Re: {{project.name}}**',
    '',
    'Dear {{addressee.name}},',
    '',
    '{{community.name}} has reviewed the referral received on {{consultation.submitted}}, with a response requested by {{consultation.requestedResponseDate}}.',
    '',
    'Our concerns are: {{response.concerns}}',
    '',
    'Sincerely,',
  ].join('\n'),
};

async function count(tx: Executor, type: string, owner: string, extra = sql``): Promise<number> {
  const [r] = await query<{ n: number }>(
    tx,
    sql`select count(*)::int as n from items where type = ${type} and not deleted and owner = ${owner} ${extra}`,
  );
  return Number(r?.n ?? 0);
}

/** The community's default response workflow, or undefined. */
export async function defaultResponseWorkflow(tx: Executor, community: string): Promise<string | undefined> {
  const [w] = await query<{ id: string }>(
    tx,
    sql`select id from items where type = 'Workflow' and not deleted and owner = ${community}
      and data->>'appliesTo' = 'ConsultResponse' and data->>'isDefault' = 'true' order by num limit 1`,
  );
  return w?.id;
}

/**
 * Makes what the community is missing of its defaults: the workflow states it has no value for,
 * a default response workflow if it has none, a letter template if it has none. Idempotent;
 * returns the default workflow's id.
 */
export async function ensureResponseDefaults(
  tx: Executor,
  items: ItemService,
  community: string,
  who: { actor: string | null; realActor: string | null },
): Promise<string> {
  const lists: [string, readonly (readonly [string, string, string?])[]][] = [
    ['RWF_STATES', RWF_STATE_DEFAULTS],
    ...Object.entries(COST_LIST_DEFAULTS),
  ];
  for (const [list, values] of lists) {
    const keys = await query<{ key: string }>(
      tx,
      sql`select data->>'key' as key from items where type = 'LOVValue' and not deleted
        and owner = ${community} and data->>'list' = ${list}`,
    );
    // A list the community already has values in is its own: only a list left empty is seeded,
    // so an archived or renamed default is never brought back.
    if (list !== 'RWF_STATES' && keys.length > 0) continue;
    const have = new Set(keys.map((k) => k.key));
    for (const [key, en, superState] of values)
      if (!have.has(key))
        await items.createIn(
          tx,
          SYSTEM,
          'LOVValue',
          { list, key, state: 'ACTIVE', t: { en }, ...(superState ? { superState } : {}) },
          { ...who, owner: community },
        );
  }
  if ((await count(tx, 'LetterTemplate', community)) === 0)
    await items.createIn(
      tx,
      SYSTEM,
      'LetterTemplate',
      { ...RESPONSE_TEMPLATE },
      { ...who, owner: community },
    );
  const existing = await defaultResponseWorkflow(tx, community);
  if (existing) return existing;
  const w = await items.createIn(
    tx,
    SYSTEM,
    'Workflow',
    { ...RESPONSE_WORKFLOW, appliesTo: 'ConsultResponse', isDefault: true, steps: responseSteps() },
    { ...who, owner: community },
  );
  return w.id;
}

/** Organization afterWrite: a new community gets its defaults with it (in the same transaction). */
export async function seedCommunityDefaults(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created' && !(e.kind === 'updated' && e.changes?.type)) return;
  if (e.row.data.type !== 'COMMUNITY') return;
  await ensureResponseDefaults(tx, e.items, e.row.id, { actor: e.actor, realActor: e.realActor });
}
