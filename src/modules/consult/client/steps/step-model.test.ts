import { describe, expect, it } from 'vitest';
import { errorKey } from '../response/consult-acts';
import { internalThreadsQuery, refusalKey, sentThreadsQuery } from './step-model';

// A refusal as the client's RequestError carries it.
const refused = (userMessage: string, fields: { path: string; key: string }[] = []) =>
  Object.assign(new Error(userMessage), { userMessage, fields });

describe('refusalKey', () => {
  it('names what the step still needs, from the field the server names', () => {
    expect(refusalKey(refused('invalidInput', [{ path: 'outcome', key: 'errors.required' }]))).toBe(
      'consult.step.missing.outcome',
    );
    expect(refusalKey(refused('invalidInput', [{ path: 'internalContacts', key: 'errors.required' }]))).toBe(
      'consult.step.missing.assignee',
    );
    expect(refusalKey(refused('invalidInput', [{ path: 'thread', key: 'errors.required' }]))).toBe(
      'consult.step.missing.thread',
    );
    expect(refusalKey(refused('invalidInput', [{ path: 'meeting', key: 'errors.required' }]))).toBe(
      'consult.step.missing.meeting',
    );
  });
  it('any other refusal is the catalogue key; a thrown non-request is a general failure', () => {
    expect(refusalKey(refused('wfTransition'))).toBe('errors.wfTransition');
    expect(refusalKey(refused('invalidInput', [{ path: 'toString', key: 'errors.required' }]))).toBe(
      'errors.invalidInput',
    );
    expect(refusalKey(new Error('boom'))).toBe('errors.generalFailure');
    expect(errorKey('nope')).toBe('errors.generalFailure');
  });
});

describe('thread searches', () => {
  it('the threads sent to the proponent: the consultation, the response purposes, the community', () => {
    expect(sentThreadsQuery('Consultation-4', 'Organization-1').must).toEqual({
      _t: ['Thread'],
      context: ['Consultation-4'],
      purpose: ['CONSULT_RESPONSE', 'CONSULT_ACK'],
      owner: ['Organization-1'],
    });
    expect(sentThreadsQuery('Consultation-4', null).must).not.toHaveProperty('owner');
  });
  it('the internal threads: the consultation and the community, no purpose filter', () => {
    expect(internalThreadsQuery('Consultation-4', 'Organization-1').must).toEqual({
      _t: ['Thread'],
      context: ['Consultation-4'],
      owner: ['Organization-1'],
    });
  });
});
