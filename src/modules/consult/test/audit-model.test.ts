import { describe, expect, it } from 'vitest';
import { activeFilters, csvHref, datesInOrder, kindKey, whoWords } from '../client/audit/audit-model';

// The audit screen's pure parts: the CSV link carries exactly the screen's filters, and who did
// what reads "Admin as Person" under a masquerade.

const words = {
  system: 'System',
  hidden: (id: string) => `${id} (not visible to you)`,
  as: (real: string, who: string) => `${real} as ${who}`,
};
const labels = { 'User-1': 'Site Administrator', 'User-3': 'Joseph Redcloud' };

describe('audit model', () => {
  it('builds the CSV address from the filters that are set', () => {
    expect(csvHref({})).toBe('/api/consult/audit.csv');
    expect(csvHref({ kind: 'opened', person: ' ', from: '2026-11-01', to: '' })).toBe(
      '/api/consult/audit.csv?kind=opened&from=2026-11-01',
    );
    expect(activeFilters({ consultation: 'Consultation-4 ' })).toEqual({ consultation: 'Consultation-4' });
  });

  it('says who: the person, the admin behind them, the system, or an id it may not name', () => {
    expect(whoWords({ actor: 'User-3', realActor: null }, labels, words)).toBe('Joseph Redcloud');
    expect(whoWords({ actor: 'User-3', realActor: 'User-1' }, labels, words)).toBe(
      'Site Administrator as Joseph Redcloud',
    );
    // Starting a masquerade is recorded with the admin as both.
    expect(whoWords({ actor: 'User-1', realActor: 'User-1' }, labels, words)).toBe('Site Administrator');
    expect(whoWords({ actor: null, realActor: null }, labels, words)).toBe('System');
    expect(whoWords({ actor: 'User-9', realActor: null }, labels, words)).toBe('User-9 (not visible to you)');
  });

  it('orders dates and names kinds', () => {
    expect(datesInOrder({ from: '2026-11-02', to: '2026-11-01' })).toBe(false);
    expect(datesInOrder({ from: '2026-11-01', to: '2026-11-01' })).toBe(true);
    expect(kindKey('CNS_SUBMITTED')).toEqual({
      key: 'consult.audit.kinds.CNS_SUBMITTED',
      fallback: 'Submitted',
    });
    expect(kindKey('WKF_SOMETHING_NEW').fallback).toBe('Wkf something new');
  });
});
