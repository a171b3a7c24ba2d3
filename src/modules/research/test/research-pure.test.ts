import { describe, expect, it } from 'vitest';
import { exposesLivingBirthFacts, isLiving } from '../living';
import { fullNameOf } from '../names';
import { nextSequence, respondentIndexes, sequenceOf, siteCodeOf, twoDigits } from '../site-code';
import { monthsEndingAt } from '../server/activity-chart';

// The research module's pure rules (docs/research.md): the default site code, a member's full
// name, the living-person test, the chart's months.

describe('site codes', () => {
  it('writes the code, a two-digit sequence and the respondents’ two-digit indexes', () => {
    expect(siteCodeOf('HU', 0, [1, 3])).toBe('HU00-01-03');
    expect(siteCodeOf('FI', 7, [])).toBe('FI07');
    expect(siteCodeOf('CA', 123, [12])).toBe('CA123-12');
    expect(twoDigits(5)).toBe('05');
  });

  it('indexes respondents by their place in the interview’s list, in its order, once each', () => {
    const interview = ['CM-1', 'CM-2', 'CM-3'];
    expect(respondentIndexes(interview, ['CM-3', 'CM-1'])).toEqual([1, 3]);
    expect(respondentIndexes(interview, ['CM-2', 'CM-2'])).toEqual([2]);
    // A respondent the interview does not name has no index.
    expect(respondentIndexes(interview, ['CM-9', 'CM-3'])).toEqual([3]);
    expect(respondentIndexes([], ['CM-1'])).toEqual([]);
  });

  it('reads a code’s sequence only where the digits follow the code at once', () => {
    expect(sequenceOf('HU', 'HU03-01')).toBe(3);
    expect(sequenceOf('HU', 'HU12')).toBe(12);
    expect(sequenceOf('HU', 'HUT00-01')).toBeNull();
    expect(sequenceOf('HU', 'FI00')).toBeNull();
    expect(sequenceOf('HU', 'HU3')).toBeNull();
    expect(sequenceOf('HU', 'HU00x')).toBeNull();
  });

  it('takes the number after the highest given, 00 first, never one given before', () => {
    expect(nextSequence('HU', [])).toBe(0);
    expect(nextSequence('HU', ['HU00-01', 'FI04', 'HUT09'])).toBe(1);
    // A gap left by a deleted data point is not filled: the highest counts.
    expect(nextSequence('HU', ['HU00-01', 'HU05-02'])).toBe(6);
    expect(nextSequence('HU', ['HU99'])).toBe(100);
  });
});

describe('full names', () => {
  it('joins first, the nickname in quotes, middle and last', () => {
    expect(
      fullNameOf({ firstName: 'Robert', nickName: 'Bobby', middleName: 'James', lastName: 'Cardinal' }),
    ).toBe('Robert "Bobby" James Cardinal');
    expect(fullNameOf({ firstName: ' Rose ', lastName: 'Whitford  Antoine' })).toBe('Rose Whitford Antoine');
    expect(fullNameOf({ lastName: 'Sinclair' })).toBe('Sinclair');
  });

  it('falls back to the Indigenous name, else nothing', () => {
    expect(fullNameOf({ indigenousName: 'Kâ-wâpiskisit' })).toBe('Kâ-wâpiskisit');
    expect(fullNameOf({})).toBe('');
    expect(fullNameOf({ firstName: 42 })).toBe('');
  });
});

describe('living people’s birth facts', () => {
  const living = { birthDate: '1950' };
  it('takes a person without a death to be living', () => {
    expect(isLiving({})).toBe(true);
    expect(isLiving({ deceased: true })).toBe(false);
    expect(isLiving({ deathDate: '1999-04' })).toBe(false);
  });

  it('keeps a living person’s birth date or place from COMMUNITY and PUBLIC', () => {
    for (const level of ['COMMUNITY', 'PUBLIC']) {
      expect(exposesLivingBirthFacts(living, level)).toBe(true);
      expect(exposesLivingBirthFacts({ birthPlace: 'Riverbend' }, level)).toBe(true);
    }
    for (const level of ['PROTECTED', 'PRIVATE']) expect(exposesLivingBirthFacts(living, level)).toBe(false);
  });

  it('lets it go wider with the person’s agreement, without birth facts, or after death', () => {
    expect(exposesLivingBirthFacts({ ...living, shareBirthFacts: true }, 'PUBLIC')).toBe(false);
    expect(exposesLivingBirthFacts({ birthDate: '' }, 'PUBLIC')).toBe(false);
    expect(exposesLivingBirthFacts({ ...living, deceased: true }, 'PUBLIC')).toBe(false);
    expect(exposesLivingBirthFacts({ ...living, deathDate: '2001' }, 'COMMUNITY')).toBe(false);
  });
});

describe('the activity chart’s months', () => {
  it('ends with the given month, twelve of them, across a year', () => {
    const m = monthsEndingAt('2025-08');
    expect(m).toHaveLength(12);
    expect(m[0]).toBe('2024-09');
    expect(m[11]).toBe('2025-08');
  });
});
