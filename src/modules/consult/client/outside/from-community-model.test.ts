import { describe, expect, it } from 'vitest';
import type { Item } from '../../../../client/module-api';
import {
  firstOfEachThread,
  fromCommunityEntries,
  gist,
  isOutsideReader,
  latestWords,
  type FromCommunityEntry,
} from './from-community-model';

const thread = (id: string, purpose: string | undefined, ts: string, owner = 'Organization-1') =>
  ({ $id: id, _t: 'Thread', purpose, subject: `About ${id}`, owner, _c: { ts } }) as unknown as Item;
const message = (body: string, attachments: unknown[] = []) =>
  ({ $id: 'Message-1', _t: 'Message', body, attachments }) as unknown as Item;

describe('From the community', () => {
  it('keeps only what a community sends outward, oldest first, with its first words and files', () => {
    const entries = fromCommunityEntries(
      [
        thread('Thread-3', 'CONSULT_RESPONSE', '2026-12-05T10:00:00Z'),
        thread('Thread-1', 'CONSULT_INCOMPLETE', '2026-12-01T10:00:00Z'),
        // A conversation with no outward purpose (the proponent's own question) is not the community's word.
        thread('Thread-2', undefined, '2026-12-02T10:00:00Z'),
        thread('Thread-4', 'FIELDWORK_REPORT', '2026-12-03T10:00:00Z'),
      ],
      {
        'Thread-1': message('The route map is missing.'),
        'Thread-3': message('Our response is attached.', ['Attachment-9', 7]),
      },
    );
    expect(entries.map((e) => [e.thread, e.purpose])).toEqual([
      ['Thread-1', 'CONSULT_INCOMPLETE'],
      ['Thread-3', 'CONSULT_RESPONSE'],
    ]);
    expect(entries[0]).toMatchObject({
      body: 'The route map is missing.',
      files: [],
      from: 'Organization-1',
    });
    expect(entries[1]!.files).toEqual(['Attachment-9']);
  });

  it("takes each thread's first message from one list, oldest first", () => {
    const m = (id: string, thread: string) => ({ $id: id, _t: 'Message', thread }) as unknown as Item;
    const first = firstOfEachThread([
      m('Message-1', 'Thread-1'),
      m('Message-2', 'Thread-2'),
      m('Message-3', 'Thread-1'),
    ]);
    expect(Object.fromEntries(Object.entries(first).map(([t, x]) => [t, x.$id]))).toEqual({
      'Thread-1': 'Message-1',
      'Thread-2': 'Message-2',
    });
  });

  it('is for readers outside the organisation that holds the consultation', () => {
    const c = { $id: 'Consultation-1', _t: 'Consultation', owner: 'Organization-1' } as unknown as Item;
    expect(isOutsideReader(c, ['Organization-2'])).toBe(true);
    expect(isOutsideReader(c, ['Organization-2', 'Organization-1'])).toBe(false);
  });
});

describe("the desk's latest word", () => {
  const entry = (thread: string, about: string | null, at: string): FromCommunityEntry => ({
    thread,
    about,
    at,
    purpose: 'CONSULT_ACK',
    from: null,
    subject: '',
    body: '',
    files: [],
  });

  it('keeps the newest word of each consultation, newest first', () => {
    const words = latestWords([
      entry('Thread-1', 'Consultation-1', '2026-12-01T10:00:00Z'),
      entry('Thread-2', 'Consultation-2', '2026-12-02T10:00:00Z'),
      entry('Thread-3', 'Consultation-1', '2026-12-03T10:00:00Z'),
      entry('Thread-4', null, '2026-12-04T10:00:00Z'),
      entry('Thread-6', 'Organization-2', '2026-12-05T10:00:00Z'),
      entry('Thread-5', 'Consultation-3', '2026-11-30T10:00:00Z'),
    ]);
    expect(words.map((w) => [w.about, w.thread])).toEqual([
      ['Consultation-1', 'Thread-3'],
      ['Consultation-2', 'Thread-2'],
      ['Consultation-3', 'Thread-5'],
    ]);
  });

  it('cuts a message to one line', () => {
    expect(gist('Please add\n\nthe   route map.')).toBe('Please add the route map.');
    expect(gist('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
