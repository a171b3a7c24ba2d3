import type { ModuleDocPage, NavEntry } from '../../kernel/module';
import type { ListPreset, ListScreenDecl, ViewDecl } from '../../kernel/view';
import { consultDeskTitles } from './dashboards';
import { OPEN_CONSULTATION_STATES } from './types';

// The consultation views as data (kernel/view.ts), its navigation and their English titles
// (spec capability-modules §2 "Consultation"). Every screen but consult.organizations is the
// generic list; the policy decides what each lists (a proponent's consult.responses is empty:
// responses are never theirs to read). consult.dashboard is the desk (dashboards.ts); consult.audit
// is a screen of the client half (client/audit/, docs/consult-audit.md).

/** The organisations screen: a list with an action of its own (client/organizations/). */
export const ORGANIZATIONS_VIEW = 'consult.organizations';

/** The audit screen: events and private opens (client/audit/, server/audit.ts). */
export const AUDIT_VIEW = 'consult.audit';

/** The group exists on a dedicated deployment only when it names Consult (spec §2). */
const GATE = { dedicatedKeyCap: 'Consult' } as const;

/** A list screen of the group: two thirds of the width for tables. */
function list(name: string, icon: string, capability: string, decl: ListScreenDecl): ViewDecl {
  return {
    name,
    titleKey: `nav.${name.replace(/\./g, '_')}`,
    icon,
    width: decl.displayAs === 'LIST' ? 'HALF' : 'TWO_THIRDS',
    inNav: true,
    capability,
    ...GATE,
    list: decl,
  };
}

/**
 * The response list's presets (spec §9 "Overdue filter": anticipatedResponse from the earliest
 * date up to now, state PENDING; "Assigned to me": the engine's flat `_wf.$assigned`).
 */
export const RESPONSE_PRESETS: readonly ListPreset[] = [
  {
    id: 'overdue',
    titleKey: 'consult.presets.overdue',
    must: { anticipatedResponse: ['..$now'], state: ['PENDING'] },
  },
  { id: 'mine', titleKey: 'consult.presets.mine', must: { '_wf.$assigned': ['$me'] } },
];

/**
 * The consultation list's presets, each the filter of a desk card: referrals that wait for the
 * community's first look; those sent back incomplete (the proponent's to fix); those still open
 * past the date the proponent asked a response by; those answered.
 */
export const CONSULTATION_PRESETS: readonly ListPreset[] = [
  { id: 'new', titleKey: 'consult.presets.new', must: { state: ['SUBMITTED', 'REVIEW'] } },
  { id: 'incomplete', titleKey: 'consult.presets.incomplete', must: { state: ['INCOMPLETE'] } },
  {
    id: 'late',
    titleKey: 'consult.presets.late',
    must: { state: [...OPEN_CONSULTATION_STATES], requestedResponseDate: ['..$now'] },
  },
  { id: 'answered', titleKey: 'consult.presets.answered', must: { state: ['RESPONDED', 'CLOSED'] } },
];

export const consultViews: readonly ViewDecl[] = [
  {
    // The desk (dashboards.ts): what is due, new, theirs, and what was said.
    name: 'consult.dashboard',
    titleKey: 'nav.consult_dashboard',
    icon: 'SpaceDashboard',
    width: 'FULL',
    inNav: true,
    capability: 'Consult',
    ...GATE,
    dashboard: 'consult',
  },
  list('consult.projects', 'Assignment', 'Consult', {
    types: ['Consultation'],
    defaultSort: [{ key: '_m.ts', order: 'desc' }],
    displayAs: 'TABLE',
    dateKey: '_m.ts',
    presets: CONSULTATION_PRESETS,
    // Offered to those who may create (ConsultDrafts proponents, community staff): the guided form.
    create: true,
  }),
  list('consult.responses', 'AssignmentTurnedIn', 'ConsultRespond', {
    types: ['ConsultResponse'],
    defaultSort: [{ key: 'anticipatedResponse', order: 'asc' }],
    displayAs: 'TABLE',
    dateKey: '_m.ts',
    presets: RESPONSE_PRESETS,
    // Spec §6: non-admins lose the generic state column (the workflow's state says more to
    // them); admins of a shared deployment see every community's, so they get its column.
    headers: { adminOnly: ['state'], sharedAdmin: ['community'] },
  }),
  {
    // A list with a "Record an organisation" action (act cnsCreateOrganization): community
    // staff record proponents and regulators, which core's Organization create leaves to admins.
    name: ORGANIZATIONS_VIEW,
    titleKey: 'nav.consult_organizations',
    icon: 'Business',
    width: 'TWO_THIRDS',
    inNav: true,
    capability: 'Consult',
    ...GATE,
    screen: true,
  },
  list('consult.contacts', 'ContactPhone', 'Consult', {
    types: ['Contact'],
    defaultSort: [
      { key: 'lastName', order: 'asc' },
      { key: 'firstName', order: 'asc' },
    ],
    displayAs: 'TABLE',
    dateKey: '_c.ts',
    create: true,
  }),
  list('consult.attachments', 'AttachFile', 'Consult', {
    types: ['ConsultAttachment'],
    defaultSort: [{ key: '_c.ts', order: 'desc' }],
    displayAs: 'TABLE',
    dateKey: '_c.ts',
    zip: 'consult-attachments.zip',
  }),
  list('consult.communications', 'Forum', 'Consult', {
    // Threads and the communication log. Its create action is always "Log a communication"
    // (a CommLog: a call, a letter, a visit); threads start from their context's record.
    types: ['Thread', 'CommLog'],
    // Only threads about a consultation or a community's response to one (a member's other
    // conversations are not consultation work), and every log entry.
    mustAny: [{ _t: ['CommLog'] }, { _t: ['Thread'], 'context.$type': ['Consultation', 'ConsultResponse'] }],
    defaultSort: [{ key: '_m.ts', order: 'desc' }],
    displayAs: 'LIST',
    dateKey: '_m.ts',
    create: true,
    createType: 'CommLog',
    createLabelKey: 'consult.communications.log',
  }),
  list('consult.meetings', 'Event', 'Consult', {
    types: ['Meeting'],
    // Spec §2: by date and start, newest first.
    defaultSort: [
      { key: 'date', order: 'desc' },
      { key: 'start', order: 'desc' },
    ],
    displayAs: 'TABLE',
    dateKey: '_c.ts',
    create: true,
  }),
  {
    // Community staff holding ConsultRespond (and admins): the server's cnsAudit and the CSV
    // route ask the same of the organisation (server/audit.ts auditScope).
    name: AUDIT_VIEW,
    titleKey: 'nav.consult_audit',
    icon: 'Timeline',
    width: 'TWO_THIRDS',
    inNav: true,
    capability: 'ConsultRespond',
    minOrgRole: 'staff',
    ...GATE,
    screen: true,
  },
];

export const consultNav: readonly NavEntry[] = [
  { path: 'consult', group: true, capability: 'Consult', ...GATE },
  { path: 'consult.dashboard', capability: 'Consult', ...GATE },
  { path: 'consult.projects', capability: 'Consult', ...GATE },
  { path: 'consult.responses', capability: 'ConsultRespond', ...GATE },
  { path: 'consult.organizations', capability: 'Consult', ...GATE },
  { path: 'consult.contacts', capability: 'Consult', ...GATE },
  { path: 'consult.attachments', capability: 'Consult', ...GATE },
  { path: 'consult.communications', capability: 'Consult', ...GATE },
  { path: 'consult.meetings', capability: 'Consult', ...GATE },
  { path: AUDIT_VIEW, capability: 'ConsultRespond', ...GATE },
];

/**
 * The English words the list screens need before the module's half loads: the drawer's titles
 * and the response list's presets.
 */
/** The module's help pages (client/docs/{key}.md), one for each audience. */
export const CONSULT_DOCS: readonly ModuleDocPage[] = [
  { key: 'referrals-for-lands-staff', titleKey: 'consult.docs.landsStaff' },
  { key: 'referrals-for-proponents', titleKey: 'consult.docs.proponents' },
  { key: 'referrals-for-regulators', titleKey: 'consult.docs.regulators' },
];

export const consultTitles: Readonly<Record<string, string>> = {
  'consult.docs.landsStaff': 'Referrals: a guide for lands staff',
  'consult.docs.proponents': 'Referrals: a guide for proponents',
  'consult.docs.regulators': 'Referrals: a guide for regulators',
  ...consultDeskTitles,
  // The bell's and the mail's words for a referral submitted to the community (intake-notify.ts),
  // needed before the module's half loads.
  'notifications.kind.submitted': 'Submitted to your community',
  'nav.consult': 'Consultation',
  'nav.consult_projects': 'Consultations',
  'nav.consult_responses': 'Responses',
  'nav.consult_organizations': 'Organisations',
  'nav.consult_contacts': 'Contacts',
  'nav.consult_attachments': 'Consultation files',
  'nav.consult_communications': 'Communications',
  'nav.consult_meetings': 'Meetings',
  'consult.communications.log': 'Log a communication',
  'nav.consult_audit': 'Audit',
  'consult.presets.overdue': 'Overdue',
  'consult.presets.mine': 'Assigned to me',
  'consult.presets.new': 'New referrals',
  'consult.presets.incomplete': 'Incomplete',
  'consult.presets.late': 'Past the requested date',
  'consult.presets.answered': 'Responded or closed',
};
