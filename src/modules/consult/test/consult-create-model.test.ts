import { describe, expect, it } from 'vitest';
import { defineItemType } from '../../../kernel/item-type';
import { ORGANIZATION_TYPES } from '../../core/types';
import {
  CREATE_STEPS,
  ORG_KINDS,
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

const none: Picks = {
  primaryOrg: [],
  primaryContacts: [],
  supOrgs: [],
  supContacts: [],
  submittedTo: [],
  rel: [],
};
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

  it('requires proponent contacts only when the organisation has one the user may see', () => {
    const orgOnly = { ...none, primaryOrg: ['Organization-2'] };
    // Contacts to choose from: at least one is required (spec §5).
    expect(stepErrors(Consultation, 'proponent', { projectName: 'x' }, orgOnly, false)).toEqual({
      primaryContacts: 'errors.required',
    });
    // None the user may see (Northern Pipeline's are its own): optional, the form goes on.
    expect(
      stepErrors(Consultation, 'proponent', { projectName: 'x' }, orgOnly, false, { contactsOptional: true }),
    ).toEqual({});
    // Still no proponent without its organisation.
    expect(
      stepErrors(Consultation, 'proponent', { projectName: 'x' }, none, false, { contactsOptional: true }),
    ).toEqual({ primaryOrg: 'errors.noOrg' });
  });
});

describe('the pickers’ organisation kinds', () => {
  it('offers no community as proponent or supporter, and only communities to submit to', () => {
    expect(ORG_KINDS.primaryOrg).not.toContain('COMMUNITY');
    expect(ORG_KINDS.supOrgs).not.toContain('COMMUNITY');
    expect(ORG_KINDS.submittedTo).toEqual(['COMMUNITY']);
    // Every other kind of the spec's enumeration fits a proponent or a supporter.
    expect([...ORG_KINDS.primaryOrg].sort()).toEqual(
      ORGANIZATION_TYPES.filter((k) => k !== 'COMMUNITY').sort(),
    );
    expect([...ORG_KINDS.supOrgs].sort()).toEqual([...ORG_KINDS.primaryOrg].sort());
    // A new one is recorded as the likeliest kind: a company proposes, a government regulates.
    expect(ORG_KINDS.primaryOrg[0]).toBe('INDUSTRY');
    expect(ORG_KINDS.supOrgs[0]).toBe('GOVERNMENT');
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
    expect(stepOf('rel')).toBe('check');
    expect(stepOf('nothing')).toBeNull();
  });

  it('saves the links apart (act cnsIntakeLink, after the areas), and checks before the files', () => {
    expect(consultationData({ projectName: 'x' }, { ...none, rel: ['Consultation-4'] })).toEqual({
      projectName: 'x',
    });
    expect(CREATE_STEPS.indexOf('check')).toBe(CREATE_STEPS.indexOf('community') + 1);
    expect(CREATE_STEPS.at(-1)).toBe('files');
  });
});
