import { describe, expect, it } from 'vitest';
import { entryYear, mediaCategories, mediaCategory } from '../media';

// The media categories of an entry's files (spec §3: AUDIO, DOCUMENT, IMAGE, OTHER, VIDEO from the
// mime prefix groups) and the year an entry is filed under.

describe('mediaCategory', () => {
  it('maps each mime group, and splits application into documents and others', () => {
    expect(mediaCategory('audio', 'audio/wav')).toBe('AUDIO');
    expect(mediaCategory('video', 'video/mp4')).toBe('VIDEO');
    expect(mediaCategory('image', 'image/jpeg')).toBe('IMAGE');
    expect(mediaCategory('text', 'text/plain')).toBe('DOCUMENT');
    expect(mediaCategory('application', 'application/pdf')).toBe('DOCUMENT');
    expect(
      mediaCategory('application', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe('DOCUMENT');
    expect(mediaCategory('application', 'application/zip')).toBe('OTHER');
    expect(mediaCategory('model', 'model/gltf-binary')).toBe('OTHER');
    expect(mediaCategory(undefined, undefined)).toBe('OTHER');
  });

  it('lists each category once, in the spec order', () => {
    expect(
      mediaCategories([
        { mimeGroup: 'image', filetype: 'image/png' },
        { mimeGroup: 'audio', filetype: 'audio/wav' },
        { mimeGroup: 'image', filetype: 'image/jpeg' },
      ]),
    ).toEqual(['AUDIO', 'IMAGE']);
    expect(mediaCategories([])).toEqual([]);
  });
});

describe('entryYear', () => {
  it('takes the year of a full or imprecise date, else the year published', () => {
    expect(entryYear('1962-08-14', 1970)).toBe(1962);
    expect(entryYear('1958-08', undefined)).toBe(1958);
    expect(entryYear('1910', undefined)).toBe(1910);
    expect(entryYear(undefined, 2004)).toBe(2004);
    expect(entryYear(undefined, undefined)).toBeUndefined();
  });
});
