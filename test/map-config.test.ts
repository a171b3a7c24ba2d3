import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { DEFAULT_BOUNDS } from '../src/protocol/constants';

// The site's map settings (issue 37): where maps open and the bounds a drawn area is expected
// within (MAP_BOUNDS), and the drawn area past which the drawing map warns (MAP_AREA_WARN_KM2).
// A mistaken value stops the server at start-up with its name, never a silent default.

describe('MAP_BOUNDS and MAP_AREA_WARN_KM2', () => {
  it('default to Canada and 10,000 km²', () => {
    const c = loadConfig({});
    expect(c.mapBounds).toEqual([...DEFAULT_BOUNDS]);
    expect(c.mapAreaWarnKm2).toBe(10_000);
  });

  it('take a site’s own region and threshold', () => {
    const c = loadConfig({ MAP_BOUNDS: ' -125.5, 54 ,-119, 58.25', MAP_AREA_WARN_KM2: '2500' });
    expect(c.mapBounds).toEqual([-125.5, 54, -119, 58.25]);
    expect(c.mapAreaWarnKm2).toBe(2500);
  });

  it('refuse what cannot be bounds or a threshold, by name', () => {
    for (const bad of ['1,2,3', '-119,54,-125,58', '0,10,1,5', 'a,b,c,d', '-200,0,0,10'])
      expect(() => loadConfig({ MAP_BOUNDS: bad }), bad).toThrow(/MAP_BOUNDS/);
    for (const bad of ['0', '-5', 'lots'])
      expect(() => loadConfig({ MAP_AREA_WARN_KM2: bad }), bad).toThrow(/MAP_AREA_WARN_KM2/);
  });
});
