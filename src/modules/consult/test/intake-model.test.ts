import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  DRAFT_MAX_AGE_DAYS,
  DRAFT_VERSION,
  draftKey,
  hasTyped,
  readDraft,
  writeDraft,
  type IntakeDraft,
} from '../client/create/intake-draft';
import { checkBody, findings, toggleLink } from '../client/create/intake-check-model';
import { MemoryStorage } from '../../../client/testing/memory-storage';

// The intake's pure parts: the draft kept in the browser as the officer types, and the reading
// of the duplicate and overlap check (act cnsIntakeCheck).

const now = new Date('2026-12-02T10:00:00Z');
const draft = (over: Partial<IntakeDraft> = {}): IntakeDraft => ({
  v: DRAFT_VERSION,
  savedAt: '2026-12-02T09:58:00Z',
  step: 2,
  values: { projectName: 'Kettle River bridge', identifiers: ['NP-2026-014'] },
  picks: { primaryOrg: { ids: ['Organization-9'], labels: { 'Organization-9': 'Tamarack Energy' } } },
  ...over,
});

describe('the intake draft', () => {
  it('is kept and read per user: another user of the browser never gets it', () => {
    const s = new MemoryStorage();
    expect(writeDraft(s, 'User-3', draft())).toBe(true);
    expect(readDraft(s, 'User-3', now)).toEqual(draft());
    expect(readDraft(s, 'User-4', now)).toBeNull();
    expect(draftKey('User-3')).not.toBe(draftKey('User-4'));
    clearDraft(s, 'User-3');
    expect(readDraft(s, 'User-3', now)).toBeNull();
  });

  it('drops a malformed, older-version or stale draft rather than misread it', () => {
    const s = new MemoryStorage();
    s.setItem(draftKey('User-3'), '{not json');
    expect(readDraft(s, 'User-3', now)).toBeNull();
    s.setItem(draftKey('User-3'), JSON.stringify({ ...draft(), v: DRAFT_VERSION + 1 }));
    expect(readDraft(s, 'User-3', now)).toBeNull();
    s.setItem(draftKey('User-3'), JSON.stringify({ ...draft(), picks: { primaryOrg: { ids: [3] } } }));
    expect(readDraft(s, 'User-3', now)).toBeNull();
    const old = new Date(now.getTime() - (DRAFT_MAX_AGE_DAYS + 1) * 86_400_000).toISOString();
    writeDraft(s, 'User-3', draft({ savedAt: old }));
    expect(readDraft(s, 'User-3', now)).toBeNull();
    // A stale draft is removed, not only ignored.
    expect(s.getItem(draftKey('User-3'))).toBeNull();
  });

  it('says so when the browser will not keep it, and reads nothing without storage', () => {
    const s = new MemoryStorage();
    s.full = true;
    expect(writeDraft(s, 'User-3', draft())).toBe(false);
    expect(writeDraft(null, 'User-3', draft())).toBe(false);
    expect(readDraft(null, 'User-3', now)).toBeNull();
  });

  it('knows whether anything was typed beyond the defaults and preset picks', () => {
    const defaults = { projectName: '', identifiers: [], stream: null, geometry: '' };
    const preset = { submittedTo: { ids: ['Organization-1'], labels: {} } };
    const untouched = { projectName: '', identifiers: [''], stream: null, geometry: '' };
    expect(hasTyped(untouched, defaults, preset, preset)).toBe(false);
    expect(hasTyped({ ...untouched, projectName: 'K' }, defaults, preset, preset)).toBe(true);
    expect(hasTyped({ ...untouched, geometry: '{"type":"Point"}' }, defaults, preset, preset)).toBe(true);
    expect(
      hasTyped(
        untouched,
        defaults,
        { ...preset, primaryOrg: { ids: ['Organization-2'], labels: {} } },
        preset,
      ),
    ).toBe(true);
    expect(hasTyped(untouched, defaults, { submittedTo: { ids: [], labels: {} } }, preset)).toBe(true);
  });
});

describe('the intake check, read', () => {
  it('asks with the area, the file numbers (trimmed, once) and the community', () => {
    const g = { type: 'Point' as const, coordinates: [-120.5, 56.2] };
    expect(checkBody({ identifiers: [' NP-1 ', 'NP-1', '', 7], submittedTo: 'Organization-1' }, [g])).toEqual(
      { geometries: [g], identifiers: ['NP-1'], community: 'Organization-1' },
    );
    expect(checkBody({}, [])).toEqual({ geometries: [], identifiers: [] });
  });

  it('lists each referral once, the same number first, and counts what is not listed', () => {
    const f = findings({
      overlapping: [
        { $id: 'Consultation-2', label: 'Loop', state: 'SUBMITTED' },
        { $id: 'Consultation-5', label: 'Pad', state: 'DRAFT' },
      ],
      overlappingTotal: 24,
      sameNumber: [{ $id: 'Consultation-5', label: 'Pad', state: 'DRAFT', matched: ['NP-1'] }],
      places: 3,
    });
    expect(f.referrals.map((r) => [r.$id, r.matched, r.overlaps])).toEqual([
      ['Consultation-5', ['NP-1'], true],
      ['Consultation-2', [], true],
    ]);
    expect(f.moreOverlapping).toBe(22);
    expect(f.places).toBe(3);
    expect(f.clear).toBe(false);
    // Places alone are information, not a warning; a proponent's null stays null.
    expect(findings({ overlapping: [], overlappingTotal: 0, sameNumber: [], places: 4 }).clear).toBe(true);
    expect(
      findings({ overlapping: [], overlappingTotal: 0, sameNumber: [], places: null }).places,
    ).toBeNull();
  });

  it('links and unlinks a referral once', () => {
    expect(toggleLink([], 'Consultation-2', true)).toEqual(['Consultation-2']);
    expect(toggleLink(['Consultation-2'], 'Consultation-2', true)).toEqual(['Consultation-2']);
    expect(toggleLink(['Consultation-2', 'Consultation-5'], 'Consultation-2', false)).toEqual([
      'Consultation-5',
    ]);
  });
});
