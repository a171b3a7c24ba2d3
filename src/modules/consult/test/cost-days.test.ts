import { describe, expect, it } from 'vitest';
import { onFileWords, toRespondWords } from '../client/response/cost-days';

// Days on file and days to respond on a response's record, in words (keys and counts).

const today = new Date(2026, 11, 2, 15, 30);

describe('days on file and to respond', () => {
  it('counts whole days on file since the submitted moment', () => {
    expect(onFileWords('2026-11-20T23:10:00.000Z', today)).toEqual({
      key: 'consult.costs.onFile',
      count: 12,
    });
    expect(onFileWords('2026-12-02', today)).toEqual({ key: 'consult.costs.onFile', count: 0 });
    expect(onFileWords(undefined, today)).toBeNull();
  });
  it('says the days to the requested date, today, past, or that none was asked', () => {
    expect(toRespondWords('2026-12-12', today)).toEqual({ key: 'consult.costs.toRespond', count: 10 });
    expect(toRespondWords('2026-12-02', today)).toEqual({ key: 'consult.costs.toRespond', count: 0 });
    expect(toRespondWords('2026-11-22', today)).toEqual({ key: 'consult.costs.pastDue', count: 10 });
    expect(toRespondWords(null, today)).toEqual({ key: 'consult.costs.noDue' });
  });
});
