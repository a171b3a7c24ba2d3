import { describe, expect, it } from 'vitest';
import type { MapFeature } from '../../contract-map';
import { dropTerritory, TERRITORY_KEEP_MS, territoryFor } from './territory-cache';

// The drawing map keeps the places a person may read for a few minutes (territory-cache.ts). The
// page outlives a sign-out, so on a shared computer the next person must read their own: never
// be handed the last one's (a sacred site shown to a proponent who signs in after an officer).

const SACRED_ID = 'SpatialFeature-1';
const SACRED: MapFeature = {
  t: 'SpatialFeature',
  label: 'Sacred site',
  spatialType: 'SACRED',
  geometry: { type: 'Point', coordinates: [-123.1, 49.2] },
};

/** A client answering with one layer of one place, counting what it is asked. */
function fakeTerritoryClient() {
  const asked: string[] = [];
  const client = {
    request: <T>(o: string): Promise<T> => {
      asked.push(o);
      return Promise.resolve({ ids: ['SpatialCollection-1'] } as T);
    },
    act: ((name: string) => {
      asked.push(name);
      return Promise.resolve({ features: { [SACRED_ID]: SACRED } });
    }) as never,
  };
  return { client, asked };
}

describe('the territory kept for the drawing map', () => {
  it('is read once within the keeping time for the same person', async () => {
    const { client, asked } = fakeTerritoryClient();
    const t0 = 1_000_000;
    const a = await territoryFor(client, 'User-officer', t0);
    expect(a.features.has(SACRED_ID)).toBe(true);
    await territoryFor(client, 'User-officer', t0 + 1000);
    expect(asked).toEqual(['search/ids', 'streamFeatures']);
    await territoryFor(client, 'User-officer', t0 + TERRITORY_KEEP_MS + 1);
    expect(asked).toHaveLength(4);
  });

  it('is dropped: the next read asks the server again', async () => {
    const { client, asked } = fakeTerritoryClient();
    const t0 = 2_000_000;
    await territoryFor(client, 'User-officer', t0);
    dropTerritory();
    await territoryFor(client, 'User-officer', t0 + 1000);
    expect(asked).toEqual(['search/ids', 'streamFeatures', 'search/ids', 'streamFeatures']);
  });

  it('is never handed to another person, even when the sign-out did not clear it', async () => {
    const { client, asked } = fakeTerritoryClient();
    const t0 = 3_000_000;
    const officer = await territoryFor(client, 'User-officer', t0);
    const proponent = await territoryFor(client, 'User-proponent', t0 + 1000);
    expect(proponent).not.toBe(officer);
    expect(asked).toHaveLength(4);
  });
});
