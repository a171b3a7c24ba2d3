import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, enScreens, mergeStrings } from '../../../client/module-api';
import type { FileMoment } from '../contract-file';
import { momentWords } from '../client/file/file-words';
import { consultEn } from '../i18n/en';

// The referral's file in words (client/file/file-words.ts): who did what, by name; "someone" for
// a person the reader may not read; enumeration values worded, never keys.

let t: TFunction;
beforeAll(async () => {
  const i = i18next.createInstance();
  await i.init({
    lng: 'en',
    resources: { en: { translation: mergeStrings(mergeStrings(en, enScreens), consultEn) } },
    interpolation: { escapeValue: false },
  });
  t = i.t;
});

const base = {
  actor: 'User-3',
  at: '2026-11-30T14:00:00.000Z',
  item: 'Consultation-5',
  type: 'Consultation',
};
const labels = { 'User-3': 'Joseph Redcloud', 'Contact-14': 'Tom Baptiste' };
const lov = (list: string, key: string) =>
  list === 'COMMLOG_TYPES' && key === 'PHONE' ? 'Phone' : undefined;
const words = (m: Partial<FileMoment>) =>
  momentWords(t, { ...base, kind: 'created', ...m } as FileMoment, labels, lov);

describe("the referral's file in words", () => {
  it('names who logged a call, and who it was with', () => {
    expect(
      words({
        kind: 'commLog',
        type: 'CommLog',
        title: 'Drilling window',
        people: ['Contact-14'],
        lov: 'PHONE',
      }),
    ).toEqual({ text: 'Joseph Redcloud logged “Drilling window”', detail: 'Phone · with Tom Baptiste' });
  });

  it('says "someone" for a person the reader may not read, never their id', () => {
    const w = words({ kind: 'state', actor: 'User-6', to: 'SUBMITTED' });
    expect(w.text).toBe('Someone moved the referral to Submitted');
    expect(JSON.stringify(words({ kind: 'assigned', people: ['User-9'] }))).not.toContain('User-9');
  });

  it('words the moves of the system without a person, and states as words', () => {
    expect(words({ kind: 'state', actor: null, to: 'CONSULTING' }).text).toBe(
      'The referral moved to Consulting',
    );
    expect(words({ kind: 'state', type: 'ConsultResponse', to: 'NOT_SELECTED' }).text).toBe(
      'Joseph Redcloud moved the response to Not selected',
    );
  });

  it('words every kind of moment without a missing key', () => {
    const kinds: Partial<FileMoment>[] = [
      { kind: 'created' },
      { kind: 'created', type: 'ConsultResponse', title: 'Crossing — Riverbend' },
      { kind: 'assigned', people: ['User-3'] },
      { kind: 'unassigned' },
      { kind: 'step', title: 'Map the overlap' },
      { kind: 'meeting', title: 'Site visit', time: '13:30' },
      { kind: 'thread', title: 'Elders' },
      { kind: 'file', title: 'map.pdf' },
      ...(['DRAFT', 'PROPOSED', 'APPROVED', 'SENT'] as const).map((to) => ({
        kind: 'letter' as const,
        to,
        title: 'Reply',
      })),
    ];
    for (const m of kinds)
      for (const actor of ['User-3', null]) {
        const w = words({ ...m, actor });
        expect(w.text, JSON.stringify(m)).not.toMatch(/consult\.file|\{\{|_by|_none/);
      }
    expect(words({ kind: 'meeting', title: 'Site visit', time: '13:30' }).detail).toBe('at 13:30 (UTC)');
    expect(words({ kind: 'letter', to: 'SENT', title: 'Reply' }).text).toBe(
      'Joseph Redcloud sent the letter “Reply”',
    );
  });
});
