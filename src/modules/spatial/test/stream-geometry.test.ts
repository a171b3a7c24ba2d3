import { describe, expect, it } from 'vitest';
import { appRegistry } from '../../index';
import { itemGeometry } from '../server/map/stream-query';

// What streamFeatures draws of an item (server/map/stream-query.ts itemGeometry): a place's own
// `geometry`, or another type's first geometry property that holds one, so a research data point
// (`spatial`) or a project (footprint, then study area) reaches the map like a place.

const registry = appRegistry();
const pt = { type: 'Point', coordinates: [-120.9, 56.1] };
const area = {
  type: 'Polygon',
  coordinates: [
    [
      [-121, 56],
      [-120.5, 56],
      [-120.5, 56.4],
      [-121, 56],
    ],
  ],
};

describe('itemGeometry', () => {
  it('takes a place’s geometry', () => {
    expect(itemGeometry(registry.type('SpatialFeature'), { geometry: pt })).toBe(pt);
  });

  it('takes another type’s geometry property, the first declared that holds one', () => {
    expect(itemGeometry(registry.type('ResearchData'), { spatial: pt })).toBe(pt);
    const project = registry.type('ResearchProject');
    expect(itemGeometry(project, { studyArea: area })).toBe(area);
    expect(itemGeometry(project, { footprint: pt, studyArea: area })).toBe(pt);
  });

  it('has none for an item without one', () => {
    expect(itemGeometry(registry.type('ResearchData'), { label: 'No place yet' })).toBeUndefined();
    expect(itemGeometry(undefined, {})).toBeUndefined();
  });
});
