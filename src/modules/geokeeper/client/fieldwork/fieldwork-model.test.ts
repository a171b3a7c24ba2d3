import { describe, expect, it } from 'vitest';
import { progressOf, refusalKey, sendProblems } from './fieldwork-model';

describe('the fieldwork panels’ rules', () => {
  it('say a refused completion in the step’s words, else the catalogue’s', () => {
    expect(
      refusalKey({ userMessage: 'invalidInput', fields: [{ path: 'finalized', key: 'errors.required' }] }),
    ).toBe('geokeeper.fieldwork.refusals.finalized');
    expect(refusalKey({ userMessage: 'notAllowed', fields: [] })).toBe('errors.notAllowed');
    expect(refusalKey(null)).toBe('errors.generalFailure');
  });
  it('refuse a report without its file, and blank words', () => {
    expect(sendProblems('GKF_REPORT', { subject: ' ', message: 'x', attachments: [] })).toEqual({
      subject: 'geokeeper.fieldwork.required.subject',
      attachments: 'geokeeper.fieldwork.required.attachments',
    });
    expect(sendProblems('GKF_INVOICE', { subject: 's', message: 'm', attachments: [] })).toEqual({});
  });
  it('count a work item’s records and the finalized ones', () => {
    const rows = [
      { workItem: 'w', formType: 'RECORD', finalized: '2026-01-01T00:00:00Z' },
      { workItem: 'w', formType: 'RECORD' },
      { workItem: 'w', formType: 'TRIP' },
      { workItem: 'v', formType: 'RECORD' },
    ];
    expect(progressOf(rows, 'w')).toEqual({ records: 2, finalized: 1 });
  });
});
