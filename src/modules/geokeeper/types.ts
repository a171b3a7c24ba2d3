import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { workflowProperties } from '../workflow/types';

// Field data (spec capability-modules §3 "Field data (GeoKeeper)"; docs/geokeeper.md): a
// community's monitoring programs, the forms its monitors fill in, the work items and references
// they collect against, the trips and records they bring back, and the fieldwork jobs a
// consultation asks of them. Who reads a program's items follows the program's access mode
// (server/program-access.ts); the levels and grants below are where that starts.

// ---------- enumerations ----------

/**
 * The shared state of GeoKeeper items (the spec: "not shown"; ours, docs/geokeeper.md):
 * DRAFT being prepared (a program or form not yet offered, a record still being collected),
 * ACTIVE in use, CLOSED done with (no new data expected), ARCHIVED kept for the record only.
 */
export const GEOKEEPER_STATES = ['DRAFT', 'ACTIVE', 'CLOSED', 'ARCHIVED'] as const;
export type GeoKeeperState = (typeof GEOKEEPER_STATES)[number];

/** Who reads a program's items besides its organisation's staff (spec §3, §6). */
export const PROGRAM_ACCESS = ['ASSIGNED', 'IN_ORG', 'USERS'] as const;
export type ProgramAccess = (typeof PROGRAM_ACCESS)[number];

/** A trip (a day's outing, holding records) or one record (spec §3 "a trip or a record"). */
export const FORM_TYPES = ['TRIP', 'RECORD'] as const;
export type FormType = (typeof FORM_TYPES)[number];

// ---------- the owning organisation's lists of values ----------

/** Field data's categories (spec §3 "categories (list CATEGORIES)"). */
export const CATEGORIES = 'CATEGORIES';
/** A fieldwork job's workflow states (spec §3 "_wf.state (list GKF_STATES)"). */
export const GKF_STATES = 'GKF_STATES';
export const GEOKEEPER_LOV_LISTS = [CATEGORIES, GKF_STATES] as const;

/** The event recorded on a work item or trip when a record of it is finalized (spec §4). */
export const GKP_RELATED_FINALIZED = 'GKP_RELATED_FINALIZED';

// ---------- property helpers ----------

const str = (maxLength = 500): PropertyDef => ({ kind: 'string', maxLength });
const text = (maxLength = 20_000): PropertyDef => ({ kind: 'text', maxLength, textField: true });
const label: PropertyDef = { ...str(300), textField: true, required: true, notBlank: true };
const state: PropertyDef = { kind: 'enum', values: GEOKEEPER_STATES, facet: true };
const program: PropertyDef = { kind: 'relation', types: ['GeoKeeperProgram'], facet: true };
const users: PropertyDef = { kind: 'relation', types: ['User'], list: true, maxItems: 500, facet: true };

// A program and what hangs off it are the community's staff's (PROTECTED); the program's mode
// adds readers by grants (docs/geokeeper.md "Who sees what"). Monitors who are plain members
// collect field data, so any member may create it; the rest is made by staff.
const STAFF_ACCESS = { create: ['staff'], defaultLevel: 'PROTECTED' } as const;

// ---------- types ----------

export const GeoKeeperProgram = defineItemType({
  name: 'GeoKeeperProgram',
  attachments: true,
  label: '{label}',
  defaultIcon: 'explore',
  properties: {
    label,
    description: text(),
    access: { kind: 'enum', values: PROGRAM_ACCESS, facet: true, required: true },
    /** The people who read the program's items when `access` is USERS. */
    users,
    state,
  },
  defaultHeaders: ['access', 'state', '_c.ts'],
  keyFacts: ['access', 'state', 'users'],
  facets: ['access', 'state', 'users'],
  access: STAFF_ACCESS,
});

/** Something to collect against: a site to watch, a stretch of line to walk. */
export const GeoKeeperWorkItem = defineItemType({
  name: 'GeoKeeperWorkItem',
  label: '{label}',
  defaultIcon: 'assignment_turned_in',
  properties: {
    label,
    /** Its records must be collected within a trip. */
    lockToTrip: { kind: 'boolean', facet: true },
    state,
    /** The program it belongs to (ours: the spec lists no program, but its access needs one). */
    program,
    /** The monitors it is assigned to (ours): readers of the program when `access` is ASSIGNED. */
    assignees: users,
    /** Where the work is (shown on the map with the work item colour). */
    spatial: { kind: 'geometry' },
    description: text(),
    /** The fieldwork job it is part of (ours): its GKF_WORK_ITEMS step waits for its data. */
    fieldwork: { kind: 'relation', types: ['GeoKeeperFieldwork'], facet: true },
  },
  defaultHeaders: ['program', 'assignees', 'state', 'lockToTrip'],
  keyFacts: ['program', 'assignees', 'state', 'lockToTrip'],
  facets: ['program', 'assignees', 'state', 'lockToTrip'],
  access: STAFF_ACCESS,
  map: { geometry: 'spatial' },
  indexes: [{ name: 'items_geokeeperworkitem_program', keys: ['program'] }],
});

/** A reference place or feature monitors check against (a baseline, a sacred site's buffer). */
export const GeoKeeperReference = defineItemType({
  name: 'GeoKeeperReference',
  attachments: true,
  label: '{label}',
  defaultIcon: 'bookmark',
  properties: {
    label,
    program,
    state,
    spatial: { kind: 'geometry' },
    description: text(),
  },
  defaultHeaders: ['program', 'state'],
  keyFacts: ['program', 'state'],
  facets: ['program', 'state'],
  access: STAFF_ACCESS,
  map: { geometry: 'spatial' },
  indexes: [{ name: 'items_geokeeperreference_program', keys: ['program'] }],
});

/**
 * A trip or a record. A record may belong to a trip of the same program (`trip`). Its answers
 * are `formInstance.formData`, collected with version `formVersion` of its form. Once
 * `finalized` it is locked (server/field-data.ts).
 */
export const GeoKeeperFieldData = defineItemType({
  name: 'GeoKeeperFieldData',
  attachments: true,
  label: '{customLabel|label}',
  defaultIcon: 'edit_location_alt',
  properties: {
    label: { ...str(300), textField: true },
    /** A label the collector typed: shown instead of the form's own when set. */
    customLabel: { ...str(300), textField: true },
    formType: { kind: 'enum', values: FORM_TYPES, facet: true, required: true },
    state,
    formDef: { kind: 'relation', types: ['GeoKeeperFormDef'], facet: true },
    /** The form version the data was collected with: its answers are read against it. */
    formVersion: { kind: 'number', numberKind: 'NATURAL' },
    program: { ...program, required: true },
    /** The trip a record belongs to: a TRIP of the same program. */
    trip: { kind: 'relation', types: ['GeoKeeperFieldData'], facet: true },
    collected: { kind: 'dateTime', facet: true },
    /** When it was finalized: from then on it is locked. */
    finalized: { kind: 'dateTime', facet: true },
    workItem: { kind: 'relation', types: ['GeoKeeperWorkItem'], facet: true },
    categories: { kind: 'lov', lov: CATEGORIES, list: true, maxItems: 50, facet: true },
    /** { formData: the answers by field name } (the form engine reads it against the form version). */
    formInstance: { kind: 'json' },
    /** Where it was collected: the device's GPS point, a walked line or an area. */
    spatial: { kind: 'geometry' },
    notes: text(),
  },
  defaultHeaders: ['formType', 'program', 'collected', 'finalized', 'state'],
  keyFacts: ['formType', 'program', 'trip', 'workItem', 'formDef', 'collected', 'finalized'],
  facets: ['formType', 'program', 'workItem', 'formDef', 'categories', 'state', 'collected'],
  access: { create: ['member'], defaultLevel: 'PROTECTED' },
  map: { geometry: 'spatial' },
  indexes: [
    { name: 'items_geokeeperfielddata_program', keys: ['program'] },
    { name: 'items_geokeeperfielddata_trip', keys: ['trip'] },
  ],
});

/** A form definition: what monitors fill in. `definition` is the form engine's (form/). */
export const GeoKeeperFormDef = defineItemType({
  name: 'GeoKeeperFormDef',
  label: '{label|machineName}',
  defaultIcon: 'dynamic_form',
  properties: {
    label: { ...str(300), textField: true },
    description: text(),
    maxPhotos: { kind: 'number', numberKind: 'NATURAL' },
    maxVideos: { kind: 'number', numberKind: 'NATURAL' },
    formType: { kind: 'enum', values: FORM_TYPES, facet: true, required: true },
    /** A stable name for the form (an XLSForm's form_id): a letter, then letters, digits, underscores. */
    machineName: { ...str(100), textField: true, required: true, notBlank: true },
    program,
    state,
    definition: { kind: 'json' },
    /** The current version; data keeps the version it was collected with. */
    version: { kind: 'number', numberKind: 'NATURAL' },
    /** The earlier versions' definitions (FormVersion[]), kept by the server (server/forms/). */
    versions: { kind: 'json', write: 'system' },
  },
  defaultHeaders: ['machineName', 'formType', 'program', 'version', 'state'],
  keyFacts: ['machineName', 'formType', 'program', 'version', 'maxPhotos', 'maxVideos'],
  facets: ['formType', 'program', 'state'],
  access: STAFF_ACCESS,
  indexes: [{ name: 'items_geokeeperformdef_program', keys: ['program'] }],
});

/**
 * A fieldwork job a consultation asks of the community's monitors, for an external party (a
 * proponent), run through the GKF workflow steps. The external party never reads it or its field
 * data unless granted; what it sees are the threads addressed to it.
 */
export const GeoKeeperFieldwork = defineItemType({
  name: 'GeoKeeperFieldwork',
  attachments: true,
  label: '{label}',
  defaultIcon: 'hiking',
  workflow: { stateList: GKF_STATES, capability: 'GeoKeeper' },
  properties: {
    label,
    ownedBy: { kind: 'relation', types: ['Organization'], facet: true },
    externalParty: { kind: 'relation', types: ['Organization'], facet: true },
    externalNotify: { kind: 'relation', types: ['Contact'], facet: true },
    createdFrom: { kind: 'relation', types: ['Consultation'], facet: true },
    /** The program its data is collected in. */
    program,
    description: text(),
    /** The consultation response and its RWF_FIELDWORK step that started it (ours; system-written). */
    response: { kind: 'relation', types: ['ConsultResponse'], write: 'system' },
    responseStep: { kind: 'string', maxLength: 100, write: 'system' },
    ...workflowProperties(GKF_STATES),
  },
  defaultHeaders: ['_wf.state', 'externalParty', 'createdFrom', '_wf.$assigned'],
  keyFacts: ['ownedBy', 'externalParty', 'externalNotify', 'createdFrom', 'program', '_wf.$assigned'],
  facets: ['_wf.state', 'externalParty', 'createdFrom', 'program', '_wf.$assigned'],
  access: STAFF_ACCESS,
});

/**
 * GeoKeeperAttachment (spec §3, virtual): a row of a search of field data's files. The kernel
 * has no seam for a virtual type (a type is an items row), so this is the row's shape only; the
 * file search that makes it (searchGeoKeeperAttachments) reads Attachments through the policy.
 */
export interface GeoKeeperAttachment {
  $id: string;
  originalName: string;
  size: number;
  fieldData: string;
  state: GeoKeeperState;
  formType: FormType;
  formDef: string | null;
  workItems: string[];
  extension: string;
  filetype: string;
}

export const geokeeperTypes = [
  GeoKeeperProgram,
  GeoKeeperWorkItem,
  GeoKeeperReference,
  GeoKeeperFieldData,
  GeoKeeperFormDef,
  GeoKeeperFieldwork,
] as const;
