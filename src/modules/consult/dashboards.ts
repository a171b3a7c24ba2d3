import type { CardDecl, DashboardDecl } from '../../kernel/dashboard';
import type { ViewGate } from '../../kernel/view';
import { OPEN_CONSULTATION_STATES } from './types';

// The consultation desk (issue 16 "consult.dashboard"; spec capability-modules §2 "Dashboards",
// §6, §9): where a lands officer starts the day. Cards by capability, as spec §6 gives them:
// ConsultRespond (the response work) gives calendar, initial, overdue and mine; Consult (common to
// everyone in consultations: staff, proponents, regulators) gives calendar and recent;
// ConsultDrafts (proponents) adds drafts and responses. Sizes are two thirds or a third, height 4
// (spec §9). Every card reads through search/ids as the person, so it shows what they may read,
// and it stays live (client/dashboards/useCardSearch.ts).

export const CONSULT_DASHBOARD = 'consult';

export const consultDashboards: readonly DashboardDecl[] = [
  {
    key: CONSULT_DASHBOARD,
    location: 'CONSULT',
    titleKey: 'nav.consult_dashboard',
    // Issue 37: a referral is logged from where the day starts (offered to those who may create
    // a Consultation: a community's staff holding ConsultRespond, a proponent holding ConsultDrafts).
    actions: [
      { id: 'consult.desk.logReferral', labelKey: 'consult.desk.logReferral', createType: 'Consultation' },
    ],
    // Each audience's guide (views.ts CONSULT_DOCS), beside the desk's title.
    help: [
      { doc: 'referrals-for-lands-staff', capability: 'ConsultRespond' },
      { doc: 'referrals-for-proponents', capability: 'ConsultDrafts' },
      { doc: 'referrals-for-regulators', capability: 'Consult', orgKinds: ['GOVERNMENT'] },
    ],
  },
];

const GATE = { dedicatedKeyCap: 'Consult' } as const;
const RESPOND = { capability: 'ConsultRespond', ...GATE } as const;
const DRAFTS = { capability: 'ConsultDrafts', ...GATE } as const;
const H = 4;
/** Consultations not yet submitted, newest change first: a proponent's own, or a community's logged ones. */
const DRAFTS_QUERY = {
  types: ['Consultation'],
  must: { state: ['DRAFT', 'INCOMPLETE'] },
  sort: [{ key: '_m.ts', order: 'desc' }],
  max: 8,
} as const;

/**
 * The outside parties' desks (issue 38): a proponent (ConsultDrafts) and a regulator (a member of
 * a GOVERNMENT organisation) each get their referrals counted by state beside the calendar,
 * from the same search, so the policy counts only what they may read.
 */
const PROPONENT = DRAFTS;
const REGULATOR: ViewGate = { capability: 'Consult', orgKinds: ['GOVERNMENT'], ...GATE };
const byState = (who: 'proponent' | 'regulator', gate: ViewGate): CardDecl => ({
  id: `consult.desk.${who}.byState`,
  dashboard: CONSULT_DASHBOARD,
  titleKey: who === 'proponent' ? 'consult.desk.yourByState' : 'consult.desk.byState',
  kind: 'chart',
  width: 'THIRD',
  height: 6,
  order: 15,
  ...gate,
  emptyKey: 'consult.desk.byStateEmpty',
  settings: { query: { types: ['Consultation'] }, facet: 'state', listView: 'consult.projects' },
});
/** Open referrals whose requested response date has passed, oldest first: what a regulator follows up. */
const LATE_QUERY = {
  types: ['Consultation'],
  must: { state: [...OPEN_CONSULTATION_STATES], requestedResponseDate: ['..$now'] },
  sort: [{ key: 'requestedResponseDate', order: 'asc' }],
  max: 8,
} as const;
const ANSWERED_QUERY = {
  types: ['Consultation'],
  must: { state: ['RESPONDED', 'CLOSED'] },
  sort: [{ key: '_m.ts', order: 'desc' }],
  max: 8,
} as const;

/** What the communities last wrote to an outside party about each referral (client/outside/LatestWordCard). */
const latestWord = (who: 'proponent' | 'regulator', gate: ViewGate): CardDecl => ({
  id: `consult.desk.${who}.latestWord`,
  dashboard: CONSULT_DASHBOARD,
  titleKey: 'consult.desk.latestWord',
  kind: 'component',
  width: 'THIRD',
  height: H,
  order: 47,
  ...gate,
  settings: { component: 'LatestWord' },
});

const outsideCards: readonly CardDecl[] = [
  byState('proponent', PROPONENT),
  byState('regulator', REGULATOR),
  latestWord('proponent', PROPONENT),
  latestWord('regulator', REGULATOR),
  {
    // Sent back by the community as incomplete: the proponent's to answer (the reason is in the
    // record's "From the community" thread).
    id: 'consult.desk.proponent.incomplete',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.waitingForYou',
    kind: 'search',
    width: 'THIRD',
    height: H,
    order: 45,
    ...PROPONENT,
    emptyKey: 'consult.desk.waitingForYouEmpty',
    settings: {
      query: {
        types: ['Consultation'],
        must: { state: ['INCOMPLETE'] },
        sort: [{ key: '_m.ts', order: 'desc' }],
        max: 8,
      },
      listView: 'consult.projects',
      listPreset: 'incomplete',
      rowFields: ['submittedTo', 'requestedResponseDate'],
    },
  },
  {
    id: 'consult.desk.regulator.late',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.late',
    kind: 'search',
    width: 'THIRD',
    height: H,
    order: 20,
    ...REGULATOR,
    emptyKey: 'consult.desk.lateEmpty',
    settings: {
      query: LATE_QUERY,
      listView: 'consult.projects',
      listPreset: 'late',
      rowFields: ['requestedResponseDate', 'primaryOrg', 'submittedTo'],
      dueKey: 'requestedResponseDate',
    },
  },
  {
    id: 'consult.desk.regulator.outcomes',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.outcomes',
    kind: 'search',
    width: 'THIRD',
    height: H,
    order: 52,
    ...REGULATOR,
    emptyKey: 'consult.desk.outcomesEmpty',
    settings: {
      query: ANSWERED_QUERY,
      listView: 'consult.projects',
      listPreset: 'answered',
      rowFields: ['state', 'primaryOrg', 'submittedTo'],
    },
  },
];

export const consultCards: readonly CardDecl[] = [
  ...outsideCards,
  {
    id: 'consult.desk.calendar',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.calendar',
    kind: 'calendar',
    width: 'TWO_THIRDS',
    height: 6,
    order: 10,
    anyCapability: ['Consult', 'ConsultRespond'],
    ...GATE,
    settings: {
      // Requested response dates; then, each its own search: responses due, the person's own
      // steps due, meetings.
      query: { types: ['Consultation'] },
      dateKey: 'requestedResponseDate',
      eventKey: 'consult.desk.event.requested',
      listView: 'consult.projects',
      also: [
        {
          query: { types: ['ConsultResponse'] },
          dateKey: 'anticipatedResponse',
          eventKey: 'consult.desk.event.due',
        },
        {
          query: { types: ['ConsultResponse'], must: { '_wf.$assigned': ['$me'] } },
          dateKey: '_wf.$assignedDue',
          eventKey: 'consult.desk.event.step',
        },
        {
          query: { types: ['Meeting'] },
          dateKey: 'date',
          timeKeys: { start: 'start', end: 'end' },
          eventKey: 'consult.desk.event.meeting',
        },
      ],
    },
  },
  {
    id: 'consult.desk.overdue',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.overdue',
    kind: 'search',
    width: 'THIRD',
    height: H,
    order: 20,
    ...RESPOND,
    emptyKey: 'consult.desk.overdueEmpty',
    settings: {
      // Spec §9 "Overdue filter": anticipatedResponse up to now, state PENDING.
      query: {
        types: ['ConsultResponse'],
        must: { anticipatedResponse: ['..$now'], state: ['PENDING'] },
        sort: [{ key: 'anticipatedResponse', order: 'asc' }],
        max: 8,
      },
      listView: 'consult.responses',
      listPreset: 'overdue',
      // Each row: when it was due, and where its workflow stands.
      rowFields: ['anticipatedResponse', '_wf.state'],
      dueKey: 'anticipatedResponse',
    },
  },
  {
    id: 'consult.desk.mine',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.mine',
    kind: 'search',
    width: 'TWO_THIRDS',
    height: H,
    order: 30,
    ...RESPOND,
    emptyKey: 'consult.desk.mineEmpty',
    settings: {
      query: {
        types: ['ConsultResponse'],
        must: { '_wf.$assigned': ['$me'] },
        sort: [{ key: '_wf.$assignedDue', order: 'asc' }],
        max: 8,
      },
      listView: 'consult.responses',
      listPreset: 'mine',
      rowFields: ['anticipatedResponse', '_wf.state'],
      dueKey: 'anticipatedResponse',
    },
  },
  {
    // "Initial": referrals that arrived and wait for the community's first look.
    id: 'consult.desk.initial',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.initial',
    kind: 'search',
    width: 'THIRD',
    height: H,
    order: 40,
    ...RESPOND,
    emptyKey: 'consult.desk.initialEmpty',
    settings: {
      query: {
        types: ['Consultation'],
        must: { state: ['SUBMITTED', 'REVIEW'] },
        sort: [{ key: 'submitted', order: 'asc' }],
        max: 8,
      },
      listView: 'consult.projects',
      listPreset: 'new',
      // Each row: the date the proponent asks a response by, who it is from, and its state.
      rowFields: ['requestedResponseDate', 'primaryOrg', 'state'],
      dueKey: 'requestedResponseDate',
    },
  },
  {
    id: 'consult.desk.recent',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.recent',
    kind: 'search',
    width: 'TWO_THIRDS',
    height: H,
    order: 50,
    capability: 'Consult',
    ...GATE,
    settings: {
      query: { types: ['Consultation'], sort: [{ key: '_m.ts', order: 'desc' }], max: 8 },
      listView: 'consult.projects',
      rowFields: ['state', 'primaryOrg', 'requestedResponseDate'],
    },
  },
  {
    // Referrals received and answered per month, and the median days to respond: the response
    // work's measure, so ConsultRespond's (a proponent reads no response; its counts would be 0).
    // An act's aggregation (server/desk-chart.ts) through the policy's SQL form; live on any
    // change of a response or a consultation.
    id: 'consult.desk.chart',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.chart',
    kind: 'chart',
    width: 'THIRD',
    height: H,
    order: 55,
    ...RESPOND,
    emptyKey: 'consult.desk.chartEmpty',
    settings: {
      act: 'cnsDeskChart',
      watch: ['ConsultResponse', 'Consultation'],
      listView: 'consult.responses',
    },
  },
  // The review costs (issue 37 Deliver 8): logged time at the community's rates and expenses at
  // cost, by month and by proponent (server/costs/cost-chart.ts), as the person may read them.
  ...(['month', 'proponent'] as const).map((by, i): CardDecl => ({
    id: `consult.desk.costs.${by}`,
    dashboard: CONSULT_DASHBOARD,
    titleKey: by === 'month' ? 'consult.desk.costsByMonth' : 'consult.desk.costsByProponent',
    kind: 'chart',
    width: 'THIRD',
    height: H,
    order: 56 + i,
    ...RESPOND,
    emptyKey: 'consult.desk.costsEmpty',
    settings: {
      act: 'cnsCostChart',
      body: { by },
      watch: ['ConsultTimeEntry', 'ConsultExpense', 'ConsultRate'],
      listView: 'consult.responses',
    },
  })),
  {
    // The community's own drafts: referrals an officer logged and saved before submitting them
    // (the intake's "Save draft"), which wait for the rest of their details.
    id: 'consult.desk.staffDrafts',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.staffDrafts',
    kind: 'search',
    width: 'THIRD',
    height: H,
    order: 58,
    ...RESPOND,
    emptyKey: 'consult.desk.staffDraftsEmpty',
    settings: {
      query: DRAFTS_QUERY,
      listView: 'consult.projects',
      rowFields: ['primaryOrg', 'requestedResponseDate'],
    },
  },
  {
    id: 'consult.desk.drafts',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.drafts',
    kind: 'search',
    width: 'THIRD',
    height: H,
    order: 60,
    ...DRAFTS,
    emptyKey: 'consult.desk.draftsEmpty',
    emptyAction: { labelKey: 'consult.desk.newConsultation', view: 'consult.projects' },
    settings: {
      // Not yet submitted; those sent back incomplete are "Waiting for you".
      query: { ...DRAFTS_QUERY, must: { state: ['DRAFT'] } },
      listView: 'consult.projects',
      rowFields: ['submittedTo', 'requestedResponseDate'],
    },
  },
  {
    // A proponent's answers: consultations the communities have responded to.
    id: 'consult.desk.responses',
    dashboard: CONSULT_DASHBOARD,
    titleKey: 'consult.desk.responses',
    kind: 'search',
    width: 'TWO_THIRDS',
    height: H,
    order: 70,
    ...DRAFTS,
    emptyKey: 'consult.desk.responsesEmpty',
    settings: {
      query: ANSWERED_QUERY,
      listView: 'consult.projects',
      listPreset: 'answered',
      rowFields: ['state', 'submittedTo'],
    },
  },
];

/** The desk's words, needed before the module's half loads (the cards render from the config). */
export const consultDeskTitles: Readonly<Record<string, string>> = {
  'nav.consult_dashboard': 'Consultation desk',
  'consult.desk.calendar': 'Calendar',
  'consult.desk.event.requested': 'Response requested: {{title}}',
  'consult.desk.event.due': 'Response due: {{title}}',
  'consult.desk.event.step': 'Your step due: {{title}}',
  'consult.desk.event.meeting': 'Meeting: {{title}}',
  'consult.desk.overdue': 'Overdue responses',
  'consult.desk.overdueEmpty': 'No response is overdue.',
  'consult.desk.mine': 'Assigned to me',
  'consult.desk.mineEmpty': 'No response step is waiting for you.',
  'consult.desk.initial': 'New referrals',
  'consult.desk.initialEmpty': 'No referral is waiting for a first look.',
  'consult.desk.recent': 'Recently changed consultations',
  'consult.desk.chart': 'Referrals by month',
  'consult.desk.chartEmpty': 'No referral was received or answered in the last 12 months.',
  'consult.desk.chart.received': 'Received',
  'consult.desk.chart.answered': 'Answered',
  'consult.desk.chart.medianMonth': 'Median days to respond',
  'consult.desk.chart.median': 'Median days to respond (12 months): {{value}}',
  'consult.desk.costsByMonth': 'Review costs by month',
  'consult.desk.costsByProponent': 'Review costs by proponent',
  'consult.desk.costsEmpty': 'No time or expense was logged in the last 12 months.',
  'consult.desk.costs.time': 'Staff time',
  'consult.desk.costs.expenses': 'Expenses',
  'consult.desk.costs.total': 'Total (12 months): {{value}}',
  'consult.desk.costs.hours': 'Hours logged: {{value}}',
  'consult.desk.costs.proponent': 'Proponent',
  'consult.desk.costs.others': 'Others',
  'consult.desk.staffDrafts': 'Referral drafts',
  'consult.desk.staffDraftsEmpty': 'No referral is waiting to be submitted.',
  'consult.desk.drafts': 'Your drafts',
  'consult.desk.draftsEmpty': 'No draft waits to be submitted.',
  'consult.desk.newConsultation': 'Start a consultation',
  // The desk's action, drawn before the module's half (and its strings) loads.
  'consult.desk.logReferral': 'Log a referral',
  'consult.desk.yourByState': 'Your referrals by state',
  'consult.desk.byState': 'Consultations by state',
  'consult.desk.byStateEmpty': 'No consultation yet.',
  'consult.desk.waitingForYou': 'Waiting for you',
  'consult.desk.latestWord': 'The community’s latest word',
  'consult.desk.waitingForYouEmpty': 'No referral was sent back to you as incomplete.',
  'consult.desk.late': 'Past the requested date',
  'consult.desk.lateEmpty': 'Every open consultation is within its requested date.',
  'consult.desk.outcomes': 'Recent outcomes',
  'consult.desk.outcomesEmpty': 'No consultation has been answered yet.',
  'consult.desk.responses': 'Responses received',
  'consult.desk.responsesEmpty': 'No community has responded yet.',
};
