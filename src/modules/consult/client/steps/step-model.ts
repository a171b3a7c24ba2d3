import { asRefusal, errorKey } from '../response/consult-acts';

// The pure parts of the step panels (unit-tested in step-model.test.ts): what a refusal to
// complete says, and the searches for what a step needs (threads sent, internal threads).

/**
 * What a kind's check found missing, by the field the server names in its refusal
 * (invalidInput on `internalContacts`, `outcome`, `thread`, `meeting`), said in words.
 */
const MISSING: Readonly<Record<string, string>> = {
  internalContacts: 'consult.step.missing.assignee',
  outcome: 'consult.step.missing.outcome',
  thread: 'consult.step.missing.thread',
  meeting: 'consult.step.missing.meeting',
  research: 'consult.research.uncheckedSources',
};

/** The i18n key of a refused step move: the missing condition, else the catalogue's key. */
export function refusalKey(e: unknown): string {
  const r = asRefusal(e);
  if (r?.userMessage === 'invalidInput') {
    const path = r.fields[0]?.path;
    if (path && Object.hasOwn(MISSING, path)) return MISSING[path]!;
  }
  return errorKey(e);
}

/** The purposes that complete a thread step (design: RWF_THREAD). */
export const SENT_PURPOSES = ['CONSULT_RESPONSE', 'CONSULT_ACK'] as const;

/**
 * The threads this community sent the proponent about the consultation: a thread on the
 * consultation with a response purpose, owned by the response's community (another community's
 * is not readable here anyway; the owner keeps the list to this response's own).
 */
export function sentThreadsQuery(consultation: string, owner: string | null) {
  return {
    must: {
      _t: ['Thread'],
      context: [consultation],
      purpose: [...SENT_PURPOSES],
      ...(owner ? { owner: [owner] } : {}),
    },
    sort: [{ key: '_c.ts', order: 'desc' as const }],
    max: 20,
  };
}

/** The community's threads about the consultation; those without a purpose are its internal ones. */
export function internalThreadsQuery(consultation: string, owner: string | null) {
  return {
    must: { _t: ['Thread'], context: [consultation], ...(owner ? { owner: [owner] } : {}) },
    sort: [{ key: '_c.ts', order: 'desc' as const }],
    max: 20,
  };
}
