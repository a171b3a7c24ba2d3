import { describe, expect, it } from 'vitest';
import {
  dueFrom,
  dueWords,
  idsOf,
  isOpenResponse,
  meetingState,
  responseStateColour,
  sendErrors,
} from './response-model';

// A fixed local time: the tests read the calendar as the user's browser would.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);

describe('dueFrom / dueWords', () => {
  it('counts whole days left, today, and days overdue in the user calendar', () => {
    const now = at(2026, 3, 10, 23, 30);
    expect(dueFrom('2026-03-13', now)).toEqual({ kind: 'left', days: 3 });
    expect(dueFrom('2026-03-10', now)).toEqual({ kind: 'today' });
    expect(dueFrom('2026-03-09', now)).toEqual({ kind: 'overdue', days: 1 });
    // Across the spring daylight-saving change the count is still whole days.
    expect(dueFrom('2026-04-10', at(2026, 3, 10, 0, 5))).toEqual({ kind: 'left', days: 31 });
  });
  it('takes the day of a date-time and refuses what is no date', () => {
    expect(dueFrom('2026-03-12T08:00:00.000Z', at(2026, 3, 10))).toEqual({ kind: 'left', days: 2 });
    expect(dueFrom(undefined, at(2026, 3, 10))).toEqual({ kind: 'none' });
    expect(dueFrom('soon', at(2026, 3, 10))).toEqual({ kind: 'none' });
  });
  it('words: overdue is late, the rest is not', () => {
    expect(dueWords({ kind: 'overdue', days: 4 })).toEqual({
      key: 'consult.response.overdue',
      count: 4,
      late: true,
    });
    expect(dueWords({ kind: 'left', days: 2 })).toEqual({
      key: 'consult.response.daysLeft',
      count: 2,
      late: false,
    });
    expect(dueWords({ kind: 'today' }).late).toBe(false);
    expect(dueWords({ kind: 'none' }).key).toBe('consult.response.noDate');
  });
  it('only an open response counts as late', () => {
    expect(isOpenResponse('PENDING')).toBe(true);
    expect(isOpenResponse(undefined)).toBe(true);
    expect(isOpenResponse('RESPONDED')).toBe(false);
    expect(isOpenResponse('NO_RESPONSE')).toBe(false);
  });
});

describe('sendErrors', () => {
  it('a response and a contract need a letter, an acknowledgement does not', () => {
    expect(
      sendErrors({
        purpose: 'CONSULT_RESPONSE',
        subject: 'Our response',
        message: 'See the letter.',
        attachments: [],
      }),
    ).toEqual({
      attachments: 'consult.response.lettersRequired',
    });
    expect(
      sendErrors({ purpose: 'RESPONSE_CONTRACT', subject: 'Contract', message: 'Signed.', attachments: [] })
        .attachments,
    ).toBe('consult.response.lettersRequired');
    expect(
      sendErrors({ purpose: 'CONSULT_ACK', subject: 'Received', message: 'Thank you.', attachments: [] }),
    ).toEqual({});
    expect(
      sendErrors({ purpose: 'CONSULT_RESPONSE', subject: 'x', message: 'y', attachments: ['Attachment-1'] }),
    ).toEqual({});
  });
  it('a blank subject or message is refused', () => {
    expect(sendErrors({ purpose: 'CONSULT_ACK', subject: '  ', message: ' ', attachments: [] })).toEqual({
      subject: 'consult.response.subjectRequired',
      message: 'consult.response.messageRequired',
    });
  });
});

describe('meetingState', () => {
  // Meeting times are on the site's clock (UTC), whatever the browser's zone.
  const now = new Date(Date.UTC(2026, 4, 20, 14, 30));
  it('before, during and after the meeting', () => {
    expect(meetingState('2026-05-21', '09:00', '10:00', now)).toBe('PENDING');
    expect(meetingState('2026-05-19', '09:00', '10:00', now)).toBe('PAST');
    expect(meetingState('2026-05-20', '15:00', '16:00', now)).toBe('PENDING');
    expect(meetingState('2026-05-20', '14:00', '15:00', now)).toBe('ONGOING');
    expect(meetingState('2026-05-20', '13:00', '14:30', now)).toBe('PAST');
  });
  it('without times the whole day counts; without a date there is no state', () => {
    expect(meetingState('2026-05-20', undefined, undefined, now)).toBe('ONGOING');
    expect(meetingState('2026-05-20', '10:00', undefined, now)).toBe('ONGOING');
    expect(meetingState(undefined, '10:00', '11:00', now)).toBeNull();
  });
});

describe('small helpers', () => {
  it('state colours and relation ids', () => {
    expect(responseStateColour('RESPONDED')).toBe('success');
    expect(responseStateColour('PENDING')).toBe('info');
    expect(responseStateColour('DRAFT')).toBe('default');
    expect(idsOf('User-1')).toEqual(['User-1']);
    expect(idsOf(['User-1', '', 3])).toEqual(['User-1']);
    expect(idsOf(null)).toEqual([]);
  });
});
