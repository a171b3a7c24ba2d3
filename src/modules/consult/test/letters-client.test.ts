import { describe, expect, it } from 'vitest';
import { editableLetter, letterRefusal } from '../client/letters/letter-model';

// The letter panel's reading of refusals: each names what to do, not a generic failure.

describe('letterRefusal', () => {
  it('names the placeholders still in the letter', () => {
    const e = {
      userMessage: 'invalidInput',
      fields: [{ path: 'body', key: 'errors.required', params: { missing: 'response.outcome' } }],
    };
    expect(letterRefusal(e)).toEqual({
      key: 'consult.letter.errors.unfilled',
      params: { fields: 'response.outcome' },
    });
  });

  it('says to draft the letter first, and who approves', () => {
    expect(
      letterRefusal({ userMessage: 'invalidInput', fields: [{ path: 'letter', key: 'errors.required' }] }),
    ).toEqual({ key: 'consult.letter.errors.noLetter' });
    expect(letterRefusal({ userMessage: 'notAllowed', fields: [] })).toEqual({
      key: 'consult.letter.errors.notApprover',
    });
    expect(letterRefusal(new Error('x'))).toEqual({ key: 'errors.generalFailure' });
  });

  it('lets staff edit drafts and proposed letters only', () => {
    expect(['DRAFT', 'PROPOSED', 'APPROVED', 'SENT', undefined].map(editableLetter)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
