import { describe, expect, it } from 'vitest';
import { audienceOf } from './audience';

describe('the audience of the home page', () => {
  it('follows the types of the user’s organisations', () => {
    expect(audienceOf(['COMMUNITY'], false)).toBe('community');
    expect(audienceOf(['INDUSTRY'], false)).toBe('proponent');
    expect(audienceOf(['CONSULTANT'], false)).toBe('proponent');
    expect(audienceOf(['GOVERNMENT'], false)).toBe('regulator');
  });

  it('puts the community first, then the regulator, then the proponent', () => {
    expect(audienceOf(['INDUSTRY', 'COMMUNITY'], false)).toBe('community');
    expect(audienceOf(['INDUSTRY', 'GOVERNMENT'], false)).toBe('regulator');
  });

  it('speaks to a site admin outside any organisation as community staff, and to others plainly', () => {
    expect(audienceOf([], true)).toBe('community');
    expect(audienceOf([], false)).toBe('other');
    expect(audienceOf(['MUSEUM', undefined], false)).toBe('other');
    expect(audienceOf(['EDUCATION'], true)).toBe('other');
  });
});
