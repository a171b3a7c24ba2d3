import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { MIME_GROUPS } from '../../protocol/files';
import { workflowProperties } from '../workflow/types';
import { COMMUNITY_KIND, IN_COMMUNITIES } from '../core/community-places';
import { ORGANIZATION_TYPES } from '../core/types';

// The consultation types of spec capability-modules §3 "Consultation" … "Other consult types",
// with CommLog and Meeting. Fields and enumerations follow the spec; access and the choices
// the spec leaves open are ours (docs/consultation.md).

export const CONSULT_LOV_LISTS = [
  'CNS_REGIONS',
  'CNS_STREAMS',
  'CNS_PROJECT_TYPES',
  'CNS_PRIORITIES',
  'RWF_OUTCOMES',
  'RWF_STATES',
  'COMMLOG_TYPES',
  'COMMLOG_DIRECTIONS',
  'MEETING_TYPES',
] as const;
/**
 * The lists a proponent picks from on the referral form, and reads back on their own draft: a
 * community makes their values PUBLIC (docs/consultation.md "Lists a proponent reads").
 */
export const PROPONENT_LISTS: readonly string[] = ['CNS_REGIONS', 'CNS_STREAMS', 'CNS_PROJECT_TYPES'];

/** A consultation's lifecycle (spec §3; the moves are consult/lifecycle.ts). */
export const CONSULTATION_STATES = [
  'DRAFT',
  'REVIEW',
  'INCOMPLETE',
  'SUBMITTED',
  'CONSULTING',
  'RESPONDED',
  'CLOSED',
  'WITHDRAWN',
] as const;
export type ConsultationState = (typeof CONSULTATION_STATES)[number];
/** The states between submission and the community's answer (the desks' "past the requested date"). */
export const OPEN_CONSULTATION_STATES = [
  'SUBMITTED',
  'REVIEW',
  'CONSULTING',
] as const satisfies readonly ConsultationState[];

/** A community's response (spec §3 "Response states"). */
export const RESPONSE_STATES = [
  'DRAFT',
  'NOT_SELECTED',
  'PENDING',
  'RESPONDED',
  'OFFLINE',
  'NO_RESPONSE',
] as const;
export type ResponseState = (typeof RESPONSE_STATES)[number];
/** A response in one of these is finished: once every response is, the consultation is RESPONDED. */
export const RESPONSE_DONE: readonly ResponseState[] = [
  'RESPONDED',
  'OFFLINE',
  'NO_RESPONSE',
  'NOT_SELECTED',
];

/** The roles an organisation holds on a consultation (spec §3, §6): grants to the organisation. */
export const CONSULT_ROLES = ['PROPONENT', 'REGULATOR', 'INFORMED'] as const;
export type ConsultRole = (typeof CONSULT_ROLES)[number];

/** Derived from a meeting's date and times (spec §3 "Meeting"). */
export const MEETING_STATES = ['PENDING', 'ONGOING', 'PAST'] as const;

const str = (maxLength = 500): PropertyDef => ({ kind: 'string', maxLength });
const text = (maxLength = 20_000): PropertyDef => ({ kind: 'text', maxLength, textField: true });
const area: PropertyDef = { kind: 'number', numberKind: 'FLOAT' };

/**
 * The consultation's fields a response and a ConsultAttachment carry as copies, kept in step by
 * the Consultation afterWrite hook, so their lists and facets need no join (spec §3 "plus
 * mirrored consultation fields"). Only the consultation writes them.
 */
export const MIRRORED_FIELDS = [
  'projectName',
  'region',
  'stream',
  'projectType',
  'primaryOrg',
  'primaryContacts',
  'requestedResponseDate',
] as const;
const mirrored: Record<(typeof MIRRORED_FIELDS)[number], PropertyDef> = {
  projectName: { ...str(300), textField: true, write: 'system' },
  region: { kind: 'lov', lov: 'CNS_REGIONS', facet: true, write: 'system' },
  stream: { kind: 'lov', lov: 'CNS_STREAMS', facet: true, write: 'system' },
  projectType: { kind: 'lov', lov: 'CNS_PROJECT_TYPES', facet: true, write: 'system' },
  primaryOrg: { kind: 'relation', types: ['Organization'], facet: true, write: 'system' },
  primaryContacts: { kind: 'relation', types: ['Contact'], list: true, write: 'system' },
  requestedResponseDate: { kind: 'date', facet: true, write: 'system' },
};

export const Consultation = defineItemType({
  name: 'Consultation',
  attachments: true,
  label: '{projectName}',
  defaultIcon: 'assignment',
  properties: {
    /** Moved only by the lifecycle acts; a new consultation is a DRAFT. */
    state: { kind: 'enum', values: CONSULTATION_STATES, facet: true, write: 'system' },
    projectName: { ...str(300), textField: true, required: true, notBlank: true },
    identifiers: { kind: 'string', list: true, maxItems: 20, maxLength: 200, textField: true },
    region: { kind: 'lov', lov: 'CNS_REGIONS', facet: true },
    stream: { kind: 'lov', lov: 'CNS_STREAMS', facet: true },
    projectType: { kind: 'lov', lov: 'CNS_PROJECT_TYPES', facet: true },
    primaryOrg: { kind: 'relation', types: ['Organization'], facet: true },
    primaryContacts: { kind: 'relation', types: ['Contact'], list: true, maxItems: 50 },
    supOrgs: { kind: 'relation', types: ['Organization'], list: true, maxItems: 50, facet: true },
    supContacts: { kind: 'relation', types: ['Contact'], list: true, maxItems: 50 },
    /** The community lands office the referral goes to; required to submit. */
    submittedTo: { kind: 'relation', types: ['Organization'], facet: true },
    requestedResponseDate: { kind: 'date', facet: true },
    submitted: { kind: 'dateTime', facet: true, write: 'system' },
    distributed: { kind: 'dateTime', facet: true, write: 'system' },
    projectDescription: text(),
    projectStartDt: { kind: 'date' },
    projectEndDt: { kind: 'date', notBefore: 'projectStartDt' },
    locationDescription: text(5000),
    accessRequirements: text(5000),
    /** Hectares. */
    projectArea: area,
    /** Hectares of new clearing. */
    areaOfNewCut: area,
    /** The community's people on it (cnsAssign). */
    internalContacts: { kind: 'relation', types: ['User'], list: true, facet: true, write: 'system' },
    /** Organisation id → role (cnsSetRole): what the role grants say, for the screens. */
    roles: { kind: 'json', write: 'system' },
    /** Why it was withdrawn (cnsWithdraw). */
    withdrawnReason: { ...str(2000), write: 'system' },
    /**
     * Other referrals this one is linked to: a duplicate or an overlap the intake check found
     * (the spec's `rel`, as archive entries and belongings have it). Each lists this one among
     * its related items. The intake links through act cnsIntakeLink, which keeps only what the
     * check, run again, names (server/intake-link.ts); later the officer may link or unlink one
     * by hand on the record, as any relation: only to a referral they can read (the item
     * service's rule), so a link never names a hidden referral.
     */
    rel: { kind: 'relation', types: ['Consultation'], list: true, maxItems: 50 },
  },
  defaultHeaders: ['projectName', 'state', 'primaryOrg', 'region', 'requestedResponseDate', 'submitted'],
  keyFacts: ['primaryOrg', 'submittedTo', 'requestedResponseDate', 'region', 'stream'],
  facets: ['state', 'region', 'stream', 'projectType', 'primaryOrg', 'submitted', 'requestedResponseDate'],
  stateField: 'state',
  // The record's mini-map: the project area is its features' (ConsultProjectFeature).
  areaParts: { type: 'ConsultProjectFeature', link: 'consultation' },
  // Proponents (staff or higher of an organisation that is not a community, holding
  // ConsultDrafts) draft; community staff holding ConsultRespond record one directly. A regulator
  // holding Consult alone creates none (docs/consultation.md).
  access: {
    create: ['staff'],
    defaultLevel: 'PROTECTED',
    createIn: [
      { kinds: [COMMUNITY_KIND], capability: 'ConsultRespond' },
      { kinds: ORGANIZATION_TYPES.filter((k) => k !== COMMUNITY_KIND), capability: 'ConsultDrafts' },
    ],
  },
});

export const ConsultResponse = defineItemType({
  name: 'ConsultResponse',
  attachments: true,
  // "Pipeline — Riverbend": a response's title is not its consultation's (labels cannot follow a
  // relation, so the community's name is a copy, see communityName).
  label: '{projectName} — {communityName}',
  defaultIcon: 'rate_review',
  workflow: { stateList: 'RWF_STATES', capability: 'ConsultRespond' },
  properties: {
    consultation: { kind: 'relation', types: ['Consultation'], required: true, write: 'system' },
    community: { kind: 'relation', types: ['Organization'], facet: true, write: 'system' },
    /** The community's name, copied at distribution and kept in step by the Organization hook. */
    communityName: { ...str(300), textField: true, write: 'system' },
    priority: { kind: 'lov', lov: 'CNS_PRIORITIES', facet: true },
    state: { kind: 'enum', values: RESPONSE_STATES, facet: true, write: 'system' },
    outcome: { kind: 'lov', lov: 'RWF_OUTCOMES', facet: true },
    internalContacts: { kind: 'relation', types: ['User'], list: true, facet: true, write: 'system' },
    anticipatedResponse: { kind: 'date', facet: true },
    /** When it first reached RESPONDED or OFFLINE (server/desk-chart.ts): the desk's days to respond. */
    respondedAt: { kind: 'dateTime', write: 'system' },
    notes: text(),
    /** The research checklist (rwfResearchSave, contract-research.ts): one line per source. */
    research: { kind: 'json', write: 'system' },
    ...mirrored,
    ...workflowProperties('RWF_STATES'),
  },
  // The name column says project and community (the label): no project column beside it.
  defaultHeaders: ['state', 'primaryOrg', 'anticipatedResponse', '_wf.state', '_wf.$assigned'],
  keyFacts: ['community', 'primaryOrg', 'anticipatedResponse', 'outcome', '_wf.$assigned'],
  facets: [
    'state',
    '_wf.state',
    'priority',
    'outcome',
    'region',
    'stream',
    'projectType',
    'primaryOrg',
    'community',
    'anticipatedResponse',
    '_wf.$assigned',
  ],
  stateField: 'state',
  // Made only by cnsDistribute (as the system); the community's own, never the proponent's.
  access: { create: 'admin', defaultLevel: 'PROTECTED' },
  indexes: [
    // The hooks' lookups (mirroring, withdrawal, the automatic RESPONDED).
    { name: 'items_consultresponse_consultation', keys: ['consultation'] },
    // A community's lists ("overdue", its desk): the read rule picks its own organisation's
    // responses out of every community's (1 in 20 in bench:consult) through this index.
    { name: 'items_consultresponse_access', keys: ['access', 'owner'] },
    // "Assigned to me": `_wf.$assigned` is a list, searched by containment.
    { name: 'items_consultresponse_assigned', keys: ['_wf.$assigned'], method: 'gin' },
  ],
});

/** A part of a community's response (its written sections). */
export const ConsultResponseSection = defineItemType({
  name: 'ConsultResponseSection',
  label: '{title}',
  defaultIcon: 'segment',
  properties: {
    response: { kind: 'relation', types: ['ConsultResponse'], required: true },
    title: { ...str(300), textField: true, required: true, notBlank: true },
    body: text(100_000),
    order: { kind: 'number', numberKind: 'INTEGER' },
  },
  defaultHeaders: ['title', 'order', '_c.ts'],
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'response' },
});

/** A concern the community raises in its response (spec: ConsultResponseConcern (subject)). */
export const ConsultResponseConcern = defineItemType({
  name: 'ConsultResponseConcern',
  label: '{subject}',
  defaultIcon: 'report',
  properties: {
    response: { kind: 'relation', types: ['ConsultResponse'], required: true },
    subject: { ...str(300), textField: true, required: true, notBlank: true },
    description: text(),
    section: { kind: 'relation', types: ['ConsultResponseSection'] },
    priority: { kind: 'lov', lov: 'CNS_PRIORITIES', facet: true },
  },
  defaultHeaders: ['subject', 'priority', '_c.ts'],
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'response' },
});

/** A community's territory the project touches (follows the consultation). */
export const ConsultCommunityTerritory = defineItemType({
  name: 'ConsultCommunityTerritory',
  label: '{label}',
  defaultIcon: 'map',
  properties: {
    consultation: { kind: 'relation', types: ['Consultation'], required: true },
    community: { kind: 'relation', types: ['Organization'], facet: true },
    label: { ...str(300), textField: true, required: true, notBlank: true },
    description: text(5000),
    geometry: { kind: 'geometry' },
  },
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'consultation' },
});

/** A mapped part of the project (follows the consultation). */
export const ConsultProjectFeature = defineItemType({
  name: 'ConsultProjectFeature',
  label: '{label}',
  defaultIcon: 'place',
  properties: {
    consultation: { kind: 'relation', types: ['Consultation'], required: true },
    label: { ...str(300), textField: true, required: true, notBlank: true },
    description: text(5000),
    geometry: { kind: 'geometry' },
  },
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'consultation' },
});

/**
 * The attachments of consultations with their mirrored fields (spec §3 "ConsultAttachment
 * (virtual)"): one row per Attachment whose parent is a Consultation, kept by hooks on
 * Attachment (created, renamed, trashed, deleted) and Consultation (mirrored fields). It follows
 * its Attachment, which follows the consultation, so exactly the consultation's readers read it.
 * Stored rather than joined so consult.attachments lists and facets it like any type.
 */
export const ConsultAttachment = defineItemType({
  name: 'ConsultAttachment',
  label: '{originalName}',
  defaultIcon: 'attach_file',
  // The Attachment itself is what general search finds.
  excludeGeneralSearch: true,
  history: false,
  notifyPrefs: false,
  silent: true,
  properties: {
    attachment: { kind: 'relation', types: ['Attachment'], required: true, write: 'system' },
    originalName: { ...str(500), textField: true, write: 'system' },
    size: { kind: 'number', numberKind: 'INTEGER', facet: 'sizeBands', write: 'system' },
    kind: { kind: 'enum', values: MIME_GROUPS, facet: true, write: 'system' },
    filetype: { ...str(200), facet: true, write: 'system' },
    extension: { ...str(20), facet: true, write: 'system' },
    trashed: { kind: 'boolean', facet: true, hideInGeneralSearch: true, write: 'system' },
    consultation: { kind: 'relation', types: ['Consultation'], facet: true, write: 'system' },
    ...mirrored,
  },
  defaultHeaders: ['originalName', 'kind', 'size', 'consultation', 'primaryOrg', '_c.ts'],
  facets: ['kind', 'size', 'extension', 'region', 'stream', 'projectType', 'primaryOrg', '_c.ts'],
  access: { create: 'admin', defaultLevel: 'PROTECTED', follows: 'attachment' },
  // The hooks find a file's row by its file, and a consultation's rows by the consultation.
  indexes: [
    { name: 'items_consultattachment_attachment', keys: ['attachment'] },
    { name: 'items_consultattachment_consultation', keys: ['consultation'] },
  ],
});

/** A communication log entry (spec §3 "CommLog"): a community's record of a call, a letter… */
export const CommLog = defineItemType({
  name: 'CommLog',
  attachments: true,
  label: '{subject}',
  defaultIcon: 'history_edu',
  properties: {
    subject: { ...str(300), textField: true, required: true, notBlank: true },
    context: { kind: 'relation', types: ['Consultation'], facet: true },
    date: { kind: 'dateTime', required: true, facet: true },
    type: { kind: 'lov', lov: 'COMMLOG_TYPES', facet: true },
    direction: { kind: 'lov', lov: 'COMMLOG_DIRECTIONS', facet: true },
    body: text(),
    contacts: { kind: 'relation', types: ['Contact', 'User'], list: true },
  },
  defaultHeaders: ['subject', 'date', 'type', 'direction', 'context'],
  keyFacts: ['date', 'type', 'direction', 'context'],
  // A community's record of its own consultation work (docs/consultation.md).
  access: { create: ['staff'], defaultLevel: 'PROTECTED', createIn: IN_COMMUNITIES },
});

/** A meeting (spec §3 "Meeting"); `state` is derived from its date and times (server/meetings.ts). */
export const Meeting = defineItemType({
  name: 'Meeting',
  attachments: true,
  label: '{summary}',
  defaultIcon: 'event',
  properties: {
    summary: { ...str(300), textField: true, required: true, notBlank: true },
    date: { kind: 'date', required: true, facet: true },
    /** HH:MM, UTC (the site's clock). */
    start: { kind: 'string', maxLength: 5 },
    end: { kind: 'string', maxLength: 5 },
    meetingTypes: { kind: 'lov', lov: 'MEETING_TYPES', list: true, facet: true },
    context: { kind: 'relation', types: ['Consultation'], facet: true },
    otherOrgs: { kind: 'relation', types: ['Organization'], list: true, facet: true },
    otherContacts: { kind: 'relation', types: ['Contact'], list: true },
    notes: text(),
    state: { kind: 'enum', values: MEETING_STATES, facet: true, write: 'system' },
  },
  defaultHeaders: ['summary', 'date', 'start', 'end', 'state', 'context'],
  keyFacts: ['date', 'start', 'end', 'context'],
  stateField: 'state',
  // A community's record of its own consultation work (docs/consultation.md).
  access: { create: ['staff'], defaultLevel: 'PROTECTED', createIn: IN_COMMUNITIES },
});

export const consultTypes = [
  Consultation,
  ConsultResponse,
  ConsultResponseSection,
  ConsultResponseConcern,
  ConsultCommunityTerritory,
  ConsultProjectFeature,
  ConsultAttachment,
  CommLog,
  Meeting,
] as const;
