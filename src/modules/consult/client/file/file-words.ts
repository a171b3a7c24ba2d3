import type { TFunction } from 'i18next';
import type { FileMoment } from '../../contract-file';

// The words of one moment of the referral's file (contract-file.ts): a sentence that names who
// did what ("Joseph Redcloud logged “Call with Karen Walsh”"), and a detail line (the kind of
// call and who it was with, a meeting's hour). People are named by their labels; one the reader
// may not read is "someone", never an id. Enumeration values are worded, never shown as keys.

type T = TFunction;
export type LovWord = (list: string, key: string) => string | undefined;

export interface MomentWords {
  text: string;
  detail?: string;
}

/** "Joseph Redcloud, Mary Thunderbird": the people by name, "someone" for one not readable. */
export function peopleWords(
  t: T,
  ids: readonly string[] | undefined,
  labels: Record<string, string>,
): string {
  return (ids ?? []).map((id) => labels[id] ?? t('item.someone')).join(', ');
}

const stateWord = (t: T, v: string) => t(`enums.${v}`, { defaultValue: humanize(v), nsSeparator: false });

function humanize(key: string): string {
  const s = key.replace(/_/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** What the record says of one moment; a sentence starts with a capital ("Someone moved…"). */
export function momentWords(t: T, m: FileMoment, labels: Record<string, string>, lov: LovWord): MomentWords {
  const w = words(t, m, labels, lov);
  return { ...w, text: w.text.charAt(0).toLocaleUpperCase() + w.text.slice(1) };
}

function words(t: T, m: FileMoment, labels: Record<string, string>, lov: LovWord): MomentWords {
  // The system's own moves (a distribution's response) have no person: the sentence says none.
  const by = m.actor ? 'by' : 'none';
  const who = m.actor ? (labels[m.actor] ?? t('item.someone')) : '';
  const title = m.title ?? '';
  const people = peopleWords(t, m.people, labels);
  const k = (key: string, extra: Record<string, unknown> = {}) =>
    t(`consult.file.${key}`, { who, title, people, context: by, ...extra });
  switch (m.kind) {
    case 'created':
      return { text: k(m.type === 'Consultation' ? 'createdReferral' : 'createdResponse') };
    case 'state':
      return {
        text: k(m.type === 'Consultation' ? 'stateReferral' : 'stateResponse', {
          to: stateWord(t, m.to ?? ''),
        }),
      };
    case 'assigned':
    case 'unassigned':
      return { text: k(people ? m.kind : `${m.kind}Hidden`) };
    case 'step':
      return { text: k('step') };
    case 'commLog': {
      const kind = m.lov ? lov('COMMLOG_TYPES', m.lov) : undefined;
      const parts = [kind, people ? t('consult.file.with', { people }) : undefined].filter(Boolean);
      return { text: k('commLog'), ...(parts.length ? { detail: parts.join(' · ') } : {}) };
    }
    case 'meeting':
      return {
        text: k('meeting'),
        ...(m.time ? { detail: t('consult.file.meetingAt', { time: m.time }) } : {}),
      };
    case 'thread':
      return { text: k('thread') };
    case 'file':
      return { text: k('file') };
    case 'letter':
      return { text: k(`letter${humanize(m.to ?? 'DRAFT').replace(/ /g, '')}`) };
  }
}
