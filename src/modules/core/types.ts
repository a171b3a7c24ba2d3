import { defineItemType } from '../../kernel/item-type';
import { ACCESS_LEVELS } from '../../protocol/access-levels';
import { MIME_GROUPS } from '../../protocol/files';
import { SystemAlert } from './admin-types';
import { Protocol } from './protocol-type';

// The core types of spec core-platform §3. Fields and enumerations follow the spec; the access
// rules are ours (docs/access-model.md).

export const ORGANIZATION_TYPES = [
  'COMMUNITY',
  'GOVERNMENT',
  'INDUSTRY',
  'CONSULTANT',
  'EDUCATION',
  'NOT_FOR_PROFIT',
  'INDIVIDUAL',
  'MUSEUM',
  'OTHER',
] as const;
export const NOTIFY_PREFS = ['IMMEDIATE', 'DIGEST', 'NONE'] as const;
export const USER_NOTIFY = ['NIL', 'DEFAULT', 'PREFS', 'ALWAYS'] as const;
export const SYNC_STATES = ['LOCAL', 'SYNCED', 'PENDING', 'MISSING', 'ERROR'] as const;
export const THREAD_PURPOSES = [
  'CONSULT_INCOMPLETE',
  'CONSULT_RESPONSE',
  'CONSULT_ACK',
  'RESPONSE_CONTRACT',
  // The redacted summary of a community's impact overlay, sent to the proponent (spatial module).
  'SPATIAL_SUMMARY',
  'CONFIRM_FIELDWORK',
  'FIELDWORK_REPORT',
  'FIELDWORK_INVOICE',
  // A community's invoice for its review costs, sent to the proponent (consult's time and expenses).
  'CONSULT_INVOICE',
] as const;
export const AGREEMENT_STATES = ['DRAFT', 'ACTIVE', 'ARCHIVE', 'COMPLETE'] as const;
export const LOV_STATES = ['ACTIVE', 'ARCHIVED'] as const;
/**
 * Where a value stands in a lifecycle, for lists of states an organisation defines itself (a
 * response workflow's RWF_STATES, spec capability-modules §4: "entries carry a superState such
 * as INIT"): screens and dashboards group the owner's own state names by it.
 */
export const LOV_SUPER_STATES = ['INIT', 'IN_PROGRESS', 'DONE'] as const;
export const DISPLAY_AS = ['LIST', 'TABLE', 'MAP', 'CARDS', 'TIMELINE', 'CAROUSEL'] as const;

const str = (maxLength = 500) => ({ kind: 'string' as const, maxLength });
const phone = { kind: 'string' as const, maxLength: 40, format: 'phone' as const };

export const User = defineItemType({
  name: 'User',
  label: '{name|email}',
  defaultIcon: 'person',
  properties: {
    name: { ...str(200), textField: true, required: true, notBlank: true },
    email: {
      kind: 'string',
      maxLength: 320,
      format: 'email',
      required: true,
      textField: true,
      write: 'admin',
    },
    admin: { kind: 'boolean', write: 'admin', facet: true },
    dark: { kind: 'boolean' },
    hideGuidance: { kind: 'boolean' },
    multiColumns: { kind: 'boolean' },
    masquerading: { kind: 'boolean', write: 'system' },
    avatar: { kind: 'file' },
    capabilities: { kind: 'json', write: 'admin' },
    whatsNewViewed: str(40),
    whatsNewLast: str(40),
    notifyPairs: { kind: 'json', write: 'system' },
  },
  defaultHeaders: ['name', 'email', '_c.ts'],
  keyFacts: ['email'],
  // The people who sign in. A user reads and edits their own User item (PRIVATE otherwise).
  access: { create: 'admin', defaultLevel: 'PRIVATE', selfGrant: ['read', 'update'], principal: true },
});

export const Organization = defineItemType({
  name: 'Organization',
  attachments: true,
  label: '{displayName|legalName}',
  defaultIcon: 'business',
  properties: {
    displayName: { ...str(200), textField: true, required: true, notBlank: true },
    type: { kind: 'enum', values: ORGANIZATION_TYPES, facet: true, required: true },
    website: { kind: 'string', maxLength: 500, format: 'url' },
    industry: { ...str(200), textField: true },
    legalName: { ...str(300), textField: true },
    /** Capabilities this organisation's members hold (site admins set them). */
    capabilities: { kind: 'string', list: true, write: 'admin' },
  },
  defaultHeaders: ['displayName', 'type', '_c.ts'],
  keyFacts: ['type', 'website'],
  facets: ['type'],
  access: { create: 'admin', defaultLevel: 'PUBLIC', ownsItself: true, kindField: 'type' },
});

export const Contact = defineItemType({
  name: 'Contact',
  attachments: true,
  // Imported records name people without an account as their creator.
  creator: true,
  // A blocked account's card is left out of pickers too.
  accountField: 'user',
  label: '{firstName} {lastName}',
  defaultIcon: 'contact_mail',
  properties: {
    email: { kind: 'string', maxLength: 320, format: 'email', textField: true },
    firstName: { ...str(100), textField: true, required: true, notBlank: true },
    middleName: { ...str(100), textField: true },
    lastName: { ...str(100), textField: true, required: true, notBlank: true },
    mobilePhone: phone,
    officePhone: phone,
    otherPhone: phone,
    _related: { kind: 'relation', types: ['Organization'], list: true, facet: true },
    notify: { kind: 'enum', values: NOTIFY_PREFS },
    /** The sign-in account of this contact, if any. */
    user: { kind: 'relation', types: ['User'], write: 'admin' },
  },
  defaultHeaders: ['lastName', 'firstName', 'email', '_related', 'officePhone'],
  keyFacts: ['_related', 'email', 'mobilePhone', 'officePhone'],
  facets: ['_related'],
  access: { create: ['staff'], defaultLevel: 'PROTECTED' },
});

export const Notify = defineItemType({
  name: 'Notify',
  silent: true,
  // A notification is not watched or edited: no History, no notification about notifications.
  history: false,
  notifyPrefs: false,
  label: '{kind}',
  defaultIcon: 'notifications',
  excludeGeneralSearch: true,
  properties: {
    // Only the system routes a notification; its recipient may mark it read or unread.
    kind: { ...str(100), write: 'system' },
    recipient: { kind: 'relation', types: ['User'], required: true, write: 'system' },
    context: { kind: 'relation', types: ['*'], write: 'system' },
    eventContext: { kind: 'relation', types: ['*'], write: 'system' },
    event: { kind: 'number', numberKind: 'INTEGER', write: 'system' },
    unread: { kind: 'boolean', facet: true },
    /** Set once the e-mail (immediate or digest) is claimed: nothing is mailed twice. */
    mailedAt: { kind: 'dateTime', write: 'system' },
  },
  access: { create: 'admin', defaultLevel: 'PRIVATE', recipientField: 'recipient', follows: 'context' },
  // The bell, markNotifications and the mail sender look up a recipient's notifications (made
  // by migration 0007 before indexes were declared; the name is kept, so nothing is rebuilt).
  indexes: [{ name: 'items_notify_recipient', keys: ['recipient', 'num'] }],
});

export const Thread = defineItemType({
  name: 'Thread',
  attachments: true,
  label: '{subject}',
  defaultIcon: 'forum',
  properties: {
    subject: { ...str(300), textField: true, required: true, notBlank: true },
    participants: { kind: 'relation', types: ['User', 'Contact'], list: true },
    context: { kind: 'relation', types: ['*'] },
    purpose: { kind: 'enum', values: THREAD_PURPOSES, facet: true },
    resolved: { kind: 'boolean', facet: true },
    actionType: { kind: 'lov', lov: 'ACTION_TYPES' },
    assignedDue: { kind: 'date' },
    assignedTo: { kind: 'relation', types: ['User', 'Contact'] },
    syncState: { kind: 'enum', values: SYNC_STATES, write: 'system' },
    sortTS: { kind: 'dateTime', write: 'system' },
  },
  defaultHeaders: ['subject', 'assignedTo', 'assignedDue', '_c.ts'],
  keyFacts: ['assignedTo', 'assignedDue', 'resolved', 'purpose'],
  access: { create: ['member'], defaultLevel: 'PROTECTED' },
});

export const Message = defineItemType({
  name: 'Message',
  label: '{body}',
  defaultIcon: 'chat',
  excludeGeneralSearch: true,
  properties: {
    thread: { kind: 'relation', types: ['Thread'], required: true },
    author: { kind: 'relation', types: ['User', 'Contact'] },
    body: { kind: 'text', maxLength: 100_000, textField: true, required: true, notBlank: true },
    attachments: { kind: 'relation', types: ['Attachment'], list: true },
    drupalTarget: str(200),
    drupalCID: str(200),
  },
  // Whoever may read a thread may reply in it.
  access: { create: ['member'], defaultLevel: 'PROTECTED', follows: 'thread', createUnderParent: 'read' },
});

export const Event = defineItemType({
  name: 'Event',
  silent: true,
  label: '{kind}',
  defaultIcon: 'history',
  excludeGeneralSearch: true,
  properties: {
    kind: { ...str(100), required: true },
    context: { kind: 'relation', types: ['*'], required: true },
    subContext: str(200),
    also: { kind: 'relation', types: ['*'], list: true },
    description: { kind: 'text', maxLength: 10_000 },
  },
  access: { create: 'admin', defaultLevel: 'PROTECTED', follows: 'context' },
});

export const LOVValue = defineItemType({
  name: 'LOVValue',
  label: '{key}',
  defaultIcon: 'list',
  properties: {
    key: { ...str(200), required: true, notBlank: true, textField: true },
    list: { ...str(100), required: true, facet: true },
    t: { kind: 'json', translations: true },
    state: { kind: 'enum', values: LOV_STATES, facet: true },
    access: { kind: 'enum', values: ACCESS_LEVELS },
    superState: { kind: 'enum', values: LOV_SUPER_STATES, facet: true },
  },
  defaultHeaders: ['list', 'key', 'state'],
  keyFacts: ['list'],
  stateField: 'state',
  // The forms' choices, not the community's knowledge: kept to the lists' own screens, out of the
  // general search and the timeline, where they were 201 of 510 results (issue 39, Deliver 7).
  excludeGeneralSearch: true,
  access: { create: ['editor'], defaultLevel: 'COMMUNITY', levelField: 'access' },
});

export const Attachment = defineItemType({
  name: 'Attachment',
  label: '{originalName}',
  defaultIcon: 'attach_file',
  properties: {
    originalName: { ...str(500), textField: true, required: true },
    // Only the upload writes where the bytes are and what they are: a changed fileID would
    // hand someone else's bytes to whoever may read this attachment's parent.
    fileID: { ...str(200), write: 'system' },
    filetype: { ...str(200), facet: true, write: 'system' },
    uppyID: { ...str(200), write: 'system' },
    rel: { kind: 'relation', types: ['*'], required: true, write: 'system' },
    relProp: { ...str(100), write: 'system' },
    relIndex: { kind: 'number', numberKind: 'INTEGER', write: 'system' },
    relType: { ...str(100), write: 'system' },
    trashed: { kind: 'boolean', facet: true, hideInGeneralSearch: true },
    /** Bytes; counted in the size bands of spec core §3. */
    size: { kind: 'number', numberKind: 'INTEGER', facet: 'sizeBands', write: 'system' },
    /** The mime prefix group (spec core §3). */
    mimeGroup: { kind: 'enum', values: MIME_GROUPS, facet: true, write: 'system' },
  },
  defaultHeaders: ['originalName', 'mimeGroup', 'size', 'rel', '_c.ts'],
  keyFacts: ['mimeGroup', 'size', 'rel'],
  facets: ['mimeGroup', 'size', 'filetype', 'trashed', '_c.ts'],
  access: { create: ['member'], defaultLevel: 'PROTECTED', follows: 'rel' },
});

export const File = defineItemType({
  name: 'File',
  silent: true,
  label: '{repo}',
  defaultIcon: 'description',
  excludeGeneralSearch: true,
  properties: { repo: str(200) },
  access: { create: 'admin', defaultLevel: 'PRIVATE' },
});

export const Source = defineItemType({
  name: 'Source',
  attachments: true,
  label: '{label}',
  properties: { label: { ...str(300), textField: true }, rel: { kind: 'relation', types: ['*'] } },
  access: { create: ['editor'], defaultLevel: 'PROTECTED' },
});

export const Import = defineItemType({
  name: 'Import',
  attachments: true,
  label: '{label}',
  defaultIcon: 'upload',
  properties: {
    label: { ...str(300), textField: true, required: true },
    kind: { ...str(100), required: true, registeredKind: 'Import', facet: true },
    // A CSV import's last dry run or run (counts and problems) and its mapping, written by the
    // importCsv task only (docs/csv-import.md).
    csvResult: { kind: 'json', write: 'system' },
    csvMapping: { kind: 'json', write: 'system' },
    // A module's own import task's last report (the research module's GEDCOM import), written
    // by that task only: what it made, and every record it skipped and why.
    importResult: { kind: 'json', write: 'system' },
  },
  access: { create: ['editor'], defaultLevel: 'PROTECTED' },
});

export const Task = defineItemType({
  name: 'Task',
  silent: true,
  label: '{key}',
  defaultIcon: 'pending_actions',
  excludeGeneralSearch: true,
  // The task service alone writes a Task: its key names the result folder and the job a kill
  // stops, so a starter rewriting their own Task's key could reach another user's (issue 36).
  properties: {
    key: { ...str(200), write: 'system' },
    asyncKey: { ...str(200), write: 'system' },
    started: { kind: 'dateTime', write: 'system' },
    percentageComplete: { kind: 'number', write: 'system' },
    resultURI: { ...str(2000), write: 'system' },
    keyAction: { ...str(100), write: 'system' },
    keyItem: { kind: 'relation', types: ['*'], write: 'system' },
    errorKey: { ...str(200), write: 'system' },
  },
  access: { create: 'admin', defaultLevel: 'PRIVATE' },
});

export const Agreement = defineItemType({
  name: 'Agreement',
  attachments: true,
  label: '{title}',
  defaultIcon: 'handshake',
  properties: {
    title: { ...str(300), textField: true, required: true, notBlank: true },
    state: { kind: 'enum', values: AGREEMENT_STATES, facet: true },
    with: { kind: 'relation', types: ['Organization'], facet: true },
    kind: { ...str(100), registeredKind: 'Agreement', facet: true },
    _versions: { kind: 'relation', types: ['Agreement'], list: true },
  },
  defaultHeaders: ['title', 'state', 'with', '_c.ts'],
  keyFacts: ['with', 'kind'],
  stateField: 'state',
  access: { create: ['editor'], defaultLevel: 'PROTECTED' },
});

export const SavedSearch = defineItemType({
  name: 'SavedSearch',
  label: '{name}',
  defaultIcon: 'saved_search',
  properties: {
    name: { ...str(200), textField: true },
    nameT: { kind: 'json' },
    itemTypeName: str(100),
    displayAs: { kind: 'enum', values: DISPLAY_AS },
    criteria: { kind: 'json' },
    selectedFacets: { kind: 'json' },
    searchString: str(1000),
    sortBy: { kind: 'json' },
    showFacets: { kind: 'boolean' },
    hash: str(200),
  },
  access: { create: 'signedIn', defaultLevel: 'PRIVATE' },
});

export const coreTypes = [
  User,
  Organization,
  Contact,
  Notify,
  Thread,
  Message,
  Event,
  LOVValue,
  Attachment,
  File,
  Source,
  Import,
  Task,
  Agreement,
  SavedSearch,
  SystemAlert,
  Protocol,
];
