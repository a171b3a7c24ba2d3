import { sql } from 'drizzle-orm';
import {
  loadPrincipal,
  query,
  seedListValues,
  SYSTEM,
  type ActCall,
  type DemoSeed,
  type ItemService,
  type Principal,
  type Services,
} from '../../../server/module-api';
import {
  cnsClose,
  cnsDistribute,
  cnsMarkIncomplete,
  cnsReview,
  submitConsultation,
  cnsWithdraw,
} from './lifecycle-acts';
import { ensureResponseDefaults } from './response-defaults';
import { cnsAssign, cnsSetRole, rwfRecordOffline, rwfSendResponse } from './work-acts';
import { seedLetterTemplate } from './letters/demo-template';
import { PROPONENT_LISTS } from '../types';

// The consultation demo (invented; nothing here is real community data): Riverbend's lists of
// values and its default response workflow, and consultations in every state from Northern
// Pipeline (its lead drafts and submits) and Cedar Ridge (recorded by the lands officer on its
// behalf), with the Ministry as regulator or informed. Every move goes through the acts'
// own handlers, so the demo holds exactly what the acts would make. The order fixes the ids.

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** Riverbend's lists (key, English label[, superState]). */
const LISTS: Record<string, [string, string, string?][]> = {
  CNS_REGIONS: [
    ['NORTH', 'North Territory'],
    ['RIVER', 'River Valley'],
    ['HEADWATERS', 'Headwaters'],
  ],
  CNS_STREAMS: [
    ['STANDARD', 'Standard'],
    ['EXPEDITED', 'Expedited'],
  ],
  CNS_PROJECT_TYPES: [
    ['PIPELINE', 'Pipeline'],
    ['MINING', 'Mining'],
    ['ROAD', 'Road'],
    ['FORESTRY', 'Forestry'],
  ],
  CNS_PRIORITIES: [
    ['HIGH', 'High'],
    ['MEDIUM', 'Medium'],
    ['LOW', 'Low'],
  ],
  RWF_OUTCOMES: [
    ['SUPPORT', 'Support'],
    ['CONCERNS', 'Support with concerns'],
    ['OPPOSED', 'Opposed'],
    ['NO_INTEREST', 'No interest'],
  ],
  COMMLOG_TYPES: [
    ['PHONE', 'Phone call'],
    ['EMAIL', 'E-mail'],
    ['LETTER', 'Letter'],
  ],
  COMMLOG_DIRECTIONS: [
    ['IN', 'Incoming'],
    ['OUT', 'Outgoing'],
  ],
  MEETING_TYPES: [
    ['SITE_VISIT', 'Site visit'],
    ['COMMUNITY', 'Community meeting'],
    ['PROPONENT', 'Meeting with the proponent'],
  ],
};

export async function seedConsultDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  const id = (name: string) => {
    const v = demo.ids.get(name);
    if (!v) throw new Error(`demo id ${name} missing`);
    return v;
  };
  const riverbend = id('org.riverbend');
  const pipeline = id('org.pipeline');
  const mining = id('org.mining');
  const ministry = id('org.ministry');
  for (const [org, capabilities] of [
    [riverbend, ['Consult', 'ConsultRespond', 'WorkflowAdmin', 'ResponseLetter']],
    [pipeline, ['Consult', 'ConsultDrafts']],
    [mining, ['Consult', 'ConsultDrafts']],
    [ministry, ['Consult']],
  ] as const) {
    const row = await items.read(SYSTEM, org);
    await items.update(SYSTEM, { $id: org, $version: row.$version, capabilities: [...capabilities] });
  }
  // The words a proponent picks on the referral form (region, stream, project type) are public:
  // at COMMUNITY a proponent could neither pick them nor read them back on their own draft.
  for (const [list, values] of Object.entries(LISTS))
    await seedListValues(
      items,
      riverbend,
      list,
      values,
      PROPONENT_LISTS.includes(list) ? 'PUBLIC' : undefined,
    );

  const as = async (email: string) => (await loadPrincipal(items.db, id(`user.${email}`)))!;
  const officer = await as('lands.officer@riverbend.example');
  const manager = await as('lands.admin@riverbend.example');
  const karen = await as('proponent@northernpipeline.example');

  // The acts' own handlers, which use only the item service of the services they are given.
  const services = { items } as unknown as Services;
  const call = <B>(principal: Principal, body: B): ActCall<B> => ({
    services,
    principal,
    session: null,
    body,
    sub: undefined,
    key: undefined,
  });

  // Riverbend's default response workflow, its RWF_STATES and a letter template are every
  // community's (response-defaults.ts): made when core's demo created the organisation.
  await items.transaction((tx) =>
    ensureResponseDefaults(tx, items, riverbend, { actor: officer.userId, realActor: null }),
  );

  // Response letters (docs/consult-letters.md): the default template made with the community
  // gets Riverbend's frame (letterhead, address, signatory), and a workflow that drafts, approves
  // and sends the letter (not the default: staff pick it for a response with "Set workflow").
  await seedLetterTemplate(items, demo, officer, riverbend);
  await items.create(officer, 'Workflow', {
    label: 'Riverbend response letter',
    description: 'Draft the letter from a template, have the lands manager approve it, send it.',
    appliesTo: 'ConsultResponse',
    steps: [
      {
        id: 'letter-propose',
        kind: 'RWF_LETTER_PROPOSE',
        label: 'Draft the response letter',
        rule: 'next',
        assignee: { user: officer.userId! },
      },
      {
        id: 'letter-approve',
        kind: 'RWF_LETTER_APPROVE',
        label: 'Approve the letter',
        rule: 'next',
        assignee: { user: manager.userId! },
      },
      { id: 'letter-send', kind: 'RWF_LETTER_SEND', label: 'Send the letter', rule: 'next' },
    ],
  });

  // The Cedar Ridge contact core's demo keeps (the only one related to Cedar Ridge).
  const [lucy] = await query<{ id: string }>(
    items.db,
    sql`select id from items where type = 'Contact' and data->>'email' = 'lucy@cedarridge.example' limit 1`,
  );
  const cedarContact = lucy?.id;

  const consultation = async (p: Principal, data: Record<string, unknown>) =>
    (await items.create(p, 'Consultation', { submittedTo: riverbend, stream: 'STANDARD', ...data })).$id;
  const byPipeline = (name: string, extra: Record<string, unknown>) =>
    consultation(karen, { projectName: name, primaryOrg: pipeline, projectType: 'PIPELINE', ...extra });
  // Cedar Ridge has no account here: the lands officer records its referrals for it.
  const byCedar = (name: string, extra: Record<string, unknown>) =>
    consultation(officer, {
      projectName: name,
      primaryOrg: mining,
      projectType: 'MINING',
      ...(cedarContact ? { primaryContacts: [cedarContact] } : {}),
      ...extra,
    });

  await byPipeline('Cedar Creek compressor station', {
    region: 'NORTH',
    requestedResponseDate: day(60),
    projectDescription: 'A new compressor station beside the existing line, still being scoped.',
  });
  const northLoop = await byPipeline('North Loop expansion', {
    region: 'NORTH',
    // File numbers: the proponent's, and the ministry's (the intake check matches them).
    identifiers: ['NP-2026-014', 'MOL-PL-88213'],
    requestedResponseDate: day(45),
    projectStartDt: day(120),
    projectEndDt: day(400),
    projectDescription: '32 km of looping beside the existing right-of-way.',
    projectArea: 128,
    areaOfNewCut: 19.5,
  });
  await submitConsultation(call(karen, { consultation: northLoop }));

  const bearPass = await byPipeline('Bear Pass lateral', {
    region: 'HEADWATERS',
    requestedResponseDate: day(30),
  });
  await submitConsultation(call(karen, { consultation: bearPass }));
  await cnsMarkIncomplete(
    call(officer, {
      consultation: bearPass,
      message: 'Please send the watercourse crossing plans before we can review.',
    }),
  );

  const northPit = await byCedar('North pit extension', {
    region: 'RIVER',
    requestedResponseDate: day(40),
    identifiers: ['CRM-2026-07'],
  });
  await submitConsultation(call(officer, { consultation: northPit }));
  await cnsSetRole(call(officer, { consultation: northPit, org: ministry, role: 'REGULATOR' }));
  await cnsReview(call(officer, { consultation: northPit }));

  // Consulting, overdue: the response was anticipated ten days ago.
  const crossing = await byPipeline('Riverbend crossing replacement', {
    region: 'RIVER',
    identifiers: ['NP-2025-031'],
    stream: 'EXPEDITED',
    requestedResponseDate: day(-10),
    projectDescription: 'Replacing the 1978 river crossing by horizontal drilling.',
  });
  await submitConsultation(call(karen, { consultation: crossing }));
  await cnsSetRole(call(officer, { consultation: crossing, org: ministry, role: 'REGULATOR' }));
  const [crossingResponse] = (
    await cnsDistribute(call(officer, { consultation: crossing, communities: [riverbend] }))
  ).responses;
  await cnsAssign(call(manager, { item: crossingResponse!, user: officer.userId! }));
  await cnsAssign(call(manager, { item: crossing, user: officer.userId! }));
  await items.create(officer, 'CommLog', {
    subject: 'Call with Karen Walsh about the drilling schedule',
    date: new Date(Date.now() - 3 * DAY).toISOString(),
    context: crossing,
    type: 'PHONE',
    direction: 'IN',
  });
  await items.create(officer, 'Meeting', {
    summary: 'Site visit at the river crossing',
    date: day(5),
    start: '10:00',
    end: '12:00',
    meetingTypes: ['SITE_VISIT'],
    context: crossing,
    otherOrgs: [pipeline],
  });

  // Time and expenses on the crossing's response (docs/consultation.md "Time and expenses"),
  // at the rates the lands manager set: the record's totals and the invoice read these.
  for (const [name, role, centsPerHour] of [
    ['Lands officer', 'LANDS_OFFICER', 6500],
    ['Elder', 'ELDER', 10000],
    ['Technical reviewer', 'TECHNICAL_REVIEWER', 14000],
  ] as const)
    await items.create(manager, 'ConsultRate', { name, role, centsPerHour });
  for (const [daysAgo, hours, role, step, description] of [
    [12, 2.5, 'LANDS_OFFICER', 'Review the referral', 'Read the referral and the drilling plan'],
    [9, 4, 'ELDER', 'Map the overlap', 'Walked the river bank with the lands officer'],
    [9, 3, 'LANDS_OFFICER', 'Map the overlap', 'Site walk and notes'],
    [6, 6, 'TECHNICAL_REVIEWER', 'Check the sources', 'Reviewed the frac-out contingency plan'],
  ] as const)
    await items.create(officer, 'ConsultTimeEntry', {
      response: crossingResponse!,
      date: day(-daysAgo),
      hours,
      role,
      step,
      description,
    });
  for (const [daysAgo, amount, kind, description] of [
    [9, 15000, 'HONORARIA', 'Elder honorarium for the site walk'],
    [9, 8640, 'MILEAGE', 'Mileage to the crossing, 144 km'],
    [4, 2375, 'PRINTING', 'Maps printed for the community meeting'],
  ] as const)
    await items.create(officer, 'ConsultExpense', {
      response: crossingResponse!,
      date: day(-daysAgo),
      amount,
      kind,
      description,
    });

  const dam = await byCedar('Tailings dam raise', { region: 'RIVER', requestedResponseDate: day(21) });
  await submitConsultation(call(officer, { consultation: dam }));
  await cnsSetRole(call(officer, { consultation: dam, org: ministry, role: 'INFORMED' }));
  const [damResponse] = (await cnsDistribute(call(officer, { consultation: dam, communities: [riverbend] })))
    .responses;
  await cnsAssign(call(manager, { item: damResponse!, user: officer.userId! }));
  await rwfSendResponse(
    call(officer, {
      response: damResponse!,
      purpose: 'CONSULT_ACK',
      subject: 'Tailings dam raise: referral received',
      message: 'We have received the referral and will respond by the requested date.',
      attachments: [],
    }),
  );

  const valve = await byPipeline('Spring Creek valve site', {
    region: 'NORTH',
    requestedResponseDate: day(-30),
  });
  await submitConsultation(call(karen, { consultation: valve }));
  const [valveResponse] = (
    await cnsDistribute(call(officer, { consultation: valve, communities: [riverbend] }))
  ).responses;
  await rwfRecordOffline(call(officer, { response: valveResponse!, outcome: 'SUPPORT' }));

  const drilling = await byCedar('Exploration drilling 2025', {
    region: 'HEADWATERS',
    requestedResponseDate: day(-90),
  });
  await submitConsultation(call(officer, { consultation: drilling }));
  const [drillingResponse] = (
    await cnsDistribute(call(officer, { consultation: drilling, communities: [riverbend] }))
  ).responses;
  await rwfRecordOffline(call(officer, { response: drillingResponse!, outcome: 'CONCERNS' }));
  await cnsClose(call(officer, { consultation: drilling }));

  const clearing = await byPipeline('Old right-of-way clearing', {
    region: 'RIVER',
    requestedResponseDate: day(15),
  });
  await submitConsultation(call(karen, { consultation: clearing }));
  await cnsWithdraw(call(karen, { consultation: clearing, reason: 'Replaced by the North Loop expansion.' }));

  // The desk's chart (desk-chart.ts) counts referrals by the month they arrived and were answered:
  // the seed made them all today, so their history is set back to match their dates (arrived
  // weeks before the requested date, answered some days later). Demo data only.
  const history: [string, number, number | null][] = [
    [drillingResponse!, 130, 96],
    [valveResponse!, 62, 33],
    [crossingResponse!, 48, null],
    [damResponse!, 19, null],
  ];
  for (const [rid, arrived, answered] of history)
    await items.db.execute(sql`update items set created_at = now() - ${arrived} * interval '1 day',
      data = case when ${answered === null} then data
        else data || jsonb_build_object('respondedAt', to_char((now() - ${answered ?? 0} * interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end
      where id = ${rid}`);

  demo.ids.set('consultation.crossing', crossing);
  demo.ids.set('consultResponse.crossing', crossingResponse!);
}
