import { mergeStrings } from '../../../client/module-api';
import { geokeeperFormEn } from '../form/en';
import { geokeeperBuilderEn } from './en-builder';
import { geokeeperCollectEn } from './en-collect';
import { geokeeperFieldworkEn } from './en-fieldwork';
import { geokeeperMapEn } from './en-map';

// The GeoKeeper module's English strings, loaded with its client half. Enumeration values are
// named under `enums` (the generic forms, cells and facets read them there, by value).
const typesEn = {
  typeNames: {
    GeoKeeperProgram: 'Monitoring program',
    GeoKeeperWorkItem: 'Work item',
    GeoKeeperReference: 'Reference',
    GeoKeeperFieldData: 'Field data',
    GeoKeeperFormDef: 'Form',
    GeoKeeperFieldwork: 'Fieldwork job',
  },
  types: {
    GeoKeeperProgram: {
      label: 'Name',
      description: 'Description',
      access: 'Who sees its data',
      users: 'People with access',
      state: 'State',
    },
    GeoKeeperWorkItem: {
      label: 'Name',
      lockToTrip: 'Records only within a trip',
      state: 'State',
      program: 'Program',
      assignees: 'Assigned monitors',
      spatial: 'Where',
      description: 'Description',
    },
    GeoKeeperReference: {
      label: 'Name',
      program: 'Program',
      state: 'State',
      spatial: 'Where',
      description: 'Description',
    },
    GeoKeeperFieldData: {
      label: 'Label',
      customLabel: 'Your own label',
      formType: 'Trip or record',
      state: 'State',
      formDef: 'Form',
      formVersion: 'Form version',
      program: 'Program',
      trip: 'Trip',
      collected: 'Collected',
      finalized: 'Finalized',
      workItem: 'Work item',
      categories: 'Categories',
      formInstance: 'Answers',
      spatial: 'Where it was collected',
      notes: 'Notes',
      edit: {
        unsaved:
          'This record has changes that are kept only on this device and have not been sent yet. Close it anyway? The changes stay on this device until they are sent.',
      },
    },
    GeoKeeperFormDef: {
      label: 'Name',
      description: 'Description',
      maxPhotos: 'Most photos per record',
      maxVideos: 'Most videos per record',
      formType: 'Trip or record',
      machineName: 'Machine name',
      program: 'Program',
      state: 'State',
      definition: 'Form definition',
      version: 'Version',
    },
    GeoKeeperFieldwork: {
      label: 'Name',
      ownedBy: 'Done by',
      externalParty: 'For (external party)',
      externalNotify: 'Contact at the external party',
      createdFrom: 'From the consultation',
      program: 'Program',
      description: 'Description',
      workflow: 'Workflow',
      '_wf.state': 'Stage',
      '_wf.$assigned': 'Assigned to',
      '_wf.$assignedDue': 'Due',
    },
  },
  enums: {
    // Program access
    ASSIGNED: 'Assigned monitors',
    IN_ORG: 'Everyone in the organisation',
    USERS: 'Listed people',
    // Form types
    TRIP: 'Trip',
    RECORD: 'Record',
    // The shared GeoKeeper states
    CLOSED: 'Closed',
    ARCHIVED: 'Archived',
  },
  item: {
    events: {
      GKP_RELATED_FINALIZED: 'A record of it was finalized',
    },
  },
  errors: {
    geokeeperCommunityOnly: 'Field data (GeoKeeper) can be turned on only for community organisations.',
    geokeeperFinalized: 'This record is finalized: it can no longer be changed or deleted.',
    geokeeperTripMismatch: 'The trip must be a trip of the same program.',
    geokeeperTripOfTrip: 'Only a record can belong to a trip, not another trip.',
    geokeeperWorkItemProgram: 'The work item must belong to the same program.',
    geokeeperTripRequired: 'Records of this work item must belong to a trip.',
    geokeeperMachineName:
      'A machine name starts with a letter and holds only letters, digits and underscores.',
  },
  // What belongs in the GeoKeeper lists when they are empty (the generic list asks for these keys).
  search: {
    empty: {
      screens: {
        'geokeeper_my-data': {
          title: 'You have not collected any field data yet.',
          body: 'The trips and records you collect for a monitoring program are listed here.',
        },
        geokeeper_public: {
          title: 'No public program yet.',
          body: 'Monitoring programs a community opens to everyone are listed here.',
        },
        geokeeper_private: {
          title: 'No program yet.',
          body: 'A monitoring program gathers its forms, work items and the field data collected for it.',
        },
        geokeeper_fieldwork: {
          title: 'No fieldwork job yet.',
          body: 'A fieldwork job is monitoring asked for by a consultation, for an external party.',
        },
      },
    },
  },
};

/** With the form engine's (its field kinds, rule and import problems: form/en.ts) and each part's (en-<part>.ts). */
export const geokeeperEn = [
  geokeeperFormEn,
  geokeeperBuilderEn,
  geokeeperCollectEn,
  geokeeperFieldworkEn,
  geokeeperMapEn,
].reduce(mergeStrings, typesEn);
