import { describe, expect, it } from 'vitest';
import { RequestError, restrictedFileNames } from './request-error';

describe('restrictedFileNames', () => {
  it('names the files a send refused as restricted, and nothing else', () => {
    const e = new RequestError({
      userMessage: 'invalidInput',
      fields: [
        { path: 'attachments.0', key: 'errors.invalidValue' },
        { path: 'attachments.1', key: 'errors.restrictedFile', params: { name: 'elders-story.pdf' } },
      ],
    });
    expect(restrictedFileNames(e)).toEqual(['elders-story.pdf']);
    expect(restrictedFileNames(new RequestError({ userMessage: 'notAllowed' }))).toEqual([]);
    expect(restrictedFileNames(null)).toEqual([]);
  });
});
