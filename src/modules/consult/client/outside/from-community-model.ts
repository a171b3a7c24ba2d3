import type { Item } from '../../../../client/module-api';

// "From the community" (issue 38, Deliver 3): what a community said back to the outside parties
// of a consultation, gathered from the threads it sent them (each read through the policy, so
// an outside reader finds only what was shared with them), oldest first, in words.

/** The thread purposes a community answers an outside party with, in the order of a referral. */
export const FROM_COMMUNITY_PURPOSES = [
  'CONSULT_INCOMPLETE',
  'CONSULT_ACK',
  'SPATIAL_SUMMARY',
  'CONSULT_RESPONSE',
  'CONSULT_INVOICE',
] as const;
export type FromCommunityPurpose = (typeof FROM_COMMUNITY_PURPOSES)[number];

export interface FromCommunityEntry {
  thread: string;
  purpose: FromCommunityPurpose;
  /** When it was sent (the thread's creation, ISO). */
  at: string;
  /** The organisation that sent it: the community, who signs it. */
  from: string | null;
  /** The consultation it is about (the thread's context). */
  about: string | null;
  subject: string;
  /** The first message's words, as sent. */
  body: string;
  /** The files sent with it (letters, the invoice). */
  files: string[];
}

const isPurpose = (v: unknown): v is FromCommunityPurpose =>
  (FROM_COMMUNITY_PURPOSES as readonly unknown[]).includes(v);

/**
 * The entries from the threads about the consultation and their first messages (by thread id):
 * only the purposes a community sends outward, oldest first, ties by id.
 */
export function fromCommunityEntries(
  threads: readonly Item[],
  firstMessages: Readonly<Record<string, Item | undefined>>,
): FromCommunityEntry[] {
  const out: FromCommunityEntry[] = [];
  for (const t of threads) {
    if (!isPurpose(t.purpose)) continue;
    const m = firstMessages[t.$id];
    const files = Array.isArray(m?.attachments)
      ? (m.attachments as unknown[]).filter((f): f is string => typeof f === 'string')
      : [];
    out.push({
      thread: t.$id,
      purpose: t.purpose,
      at: String((t._c as { ts?: string } | undefined)?.ts ?? ''),
      from: typeof t.owner === 'string' ? t.owner : null,
      about: typeof t.context === 'string' ? t.context : null,
      subject: typeof t.subject === 'string' ? t.subject : '',
      body: typeof m?.body === 'string' ? m.body : '',
      files,
    });
  }
  return out.sort((a, b) => a.at.localeCompare(b.at) || a.thread.localeCompare(b.thread));
}

/**
 * Each consultation's newest word from its community (issue 38, Deliver 2: the desk's "latest
 * word"), newest first: one entry per consultation.
 */
export function latestWords(entries: readonly FromCommunityEntry[]): FromCommunityEntry[] {
  const newest = new Map<string, FromCommunityEntry>();
  for (const e of entries) {
    // About a referral only: a thread on an organisation (a Crown record) is not a referral's word.
    if (!e.about?.startsWith('Consultation-')) continue;
    const had = newest.get(e.about);
    if (!had || e.at > had.at || (e.at === had.at && e.thread > had.thread)) newest.set(e.about, e);
  }
  return [...newest.values()].sort((a, b) => b.at.localeCompare(a.at) || b.thread.localeCompare(a.thread));
}

/** A message's words cut for one line: whitespace as single spaces, at most `max` characters. */
export function gist(body: string, max = 120): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Each thread's first message, from messages oldest first (by thread id). */
export function firstOfEachThread(messages: readonly Item[]): Record<string, Item> {
  const out: Record<string, Item> = {};
  for (const m of messages) if (typeof m.thread === 'string' && !out[m.thread]) out[m.thread] = m;
  return out;
}

/** Whether the reader stands outside the organisation that holds the consultation. */
export function isOutsideReader(item: Item, memberOrgs: readonly string[]): boolean {
  return typeof item.owner !== 'string' || !memberOrgs.includes(item.owner);
}
