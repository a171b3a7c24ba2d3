import { describe, expect, it } from 'vitest';
import { geokeeperEn } from '../i18n/en';

// The module's bundle is its own strings joined with the form engine's (form/en.ts): a key in
// both would throw at load (mergeStrings), and either half missing would leave raw keys on screen.
describe('the geokeeper bundle', () => {
  it('holds the types’ names and the form engine’s words', () => {
    expect((geokeeperEn.typeNames as Record<string, string>).GeoKeeperFieldData).toBe('Field data');
    expect(JSON.stringify(geokeeperEn)).toContain('Whole number');
  });
});
