import { describe, expect, it } from 'vitest';
import { defineItemType } from '../../../kernel/item-type';
import {
  orgPairErrors,
  stepErrors,
  stepOf,
  consultationData,
  type Picks,
} from '../client/create/create-model';

// The guided create form's step checks. The type here has the rules the form relies on from
// the Consultation declaration (a required name, an end not before the start), so the test
// holds in a worktree without the consult types and after they land.
const Consultation = defineItemType({
  name: 'Consultation',
  label: '{projectName}',
  properties: {
    projectName: { kind: 'string', maxLength: 300, required: true, notBlank: true },
    identifiers: { kind: 'string', list: true, maxLength: 200 },
    primaryOrg: { kind: 'relation', types: ['Organization'] },
    primaryContacts: { kind: 'relation', types: ['Contact'], list: true },
    supOrgs: { kind: 'relation', types: ['Organization'], list: true },
    supContacts: { kind: 'relation', types: ['Contact'], list: true },
    submittedTo: { kind: 'relation', types: ['Organization'] },
    requestedResponseDate: { kind: 'date' },
    projectStartDt: { kind: 'date' },
    projectEndDt: { kind: 'date', notBefore: 'projectStartDt' },
  },
  access: { create: ['staff'], defaultLevel: 'PROTECTED' },
});

const none: Picks = { primaryOrg: [], primaryContacts: [], supOrgs: [], supContacts: [], submittedTo: [] };
const withOrg: Picks = { ...none, primaryOrg: ['Organization-2'], primaryContacts: ['Contact-5'] };

describe('orgPairErrors (spec §5)', () => {
  it('requires the organisation, then its contacts', () => {
    const keys = { optional: false, orgKey: 'o', contactsKey: 'c' };
    expect(orgPairErrors([], [], keys)).toEqual({ o: 'errors.noOrg' });
    expect(orgPairErrors([], ['Contact-1'], keys)).toEqual({ o: 'errors.noOrg' });
    expect(orgPairErrors(['Organization-1'], [], keys)).toEqual({ c: 'errors.required' });
    expect(orgPairErrors(['Organization-1'], ['Contact-1'], keys)).toEqual({});
  });

  it('lets an optional pair be empty but not contacts without their organisation', () => {
    const keys = { optional: true, orgKey: 'o', contactsKey: 'c' };
    expect(orgPairErrors([], [], keys)).toEqual({});
    expect(orgPairErrors([], ['Contact-1'], keys)).toEqual({ o: 'errors.chooseOrg' });
    expect(orgPairErrors(['Organization-1'], [], keys)).toEqual({});
  });
});

describe('stepErrors', () => {
  it('holds each step to its own fields only', () => {
    // The name is missing: the project step stops, the dates step does not.
    expect(stepErrors(Consultation, 'project', {}, none, false)).toEqual({ projectName: 'errors.required' });
    expect(stepErrors(Consultation, 'dates', {}, none, false)).toEqual({});
    expect(stepErrors(Consultation, 'project', { projectName: '  ' }, none, false).projectName).toBeTruthy();
    expect(stepErrors(Consultation, 'project', { projectName: 'Line 7' }, none, false)).toEqual({});
  });

  it('refuses an end before the start on the dates step', () => {
    const data = { projectName: 'x', projectStartDt: '2027-05-01', projectEndDt: '2027-04-30' };
    expect(stepErrors(Consultation, 'dates', data, none, false)).toEqual({
      projectEndDt: 'errors.endBeforeStart',
    });
    expect(stepErrors(Consultation, 'dates', { ...data, projectEndDt: '2027-05-01' }, none, false)).toEqual(
      {},
    );
  });

  it('applies the organisation rules on the steps that pick them', () => {
    expect(stepErrors(Consultation, 'proponent', { projectName: 'x' }, none, false)).toEqual({
      primaryOrg: 'errors.noOrg',
    });
    expect(stepErrors(Consultation, 'proponent', { projectName: 'x' }, withOrg, false)).toEqual({});
    const stray = { ...withOrg, supContacts: ['Contact-9'] };
    expect(stepErrors(Consultation, 'supporting', { projectName: 'x' }, stray, false)).toEqual({
      supOrgs: 'errors.chooseOrg',
    });
  });
});

describe('the form’s data', () => {
  it('puts the picks on the fields and names each field’s step', () => {
    expect(consultationData({ projectName: 'x' }, { ...withOrg, submittedTo: ['Organization-1'] })).toEqual({
      projectName: 'x',
      primaryOrg: 'Organization-2',
      primaryContacts: ['Contact-5'],
      submittedTo: 'Organization-1',
    });
    expect(stepOf('projectEndDt')).toBe('dates');
    expect(stepOf('supContacts')).toBe('supporting');
    expect(stepOf('submittedTo')).toBe('community');
    expect(stepOf('nothing')).toBeNull();
  });
});
