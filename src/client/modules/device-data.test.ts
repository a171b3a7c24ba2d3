import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { dbName, offlineDb } from '../../modules/geokeeper/client/offline/db';
import { createLocal } from '../../modules/geokeeper/client/offline/records';
import { territoryFor } from '../../modules/spatial/client/draw/territory-cache';
import { clearDeviceData, unsyncedOnDevice } from './device-data';

// Sign-out asks every module what it keeps on the device (SignOutView): the offline field data of
// geokeeper is found through its client/device-data.ts, counted, and deleted; the territory the
// spatial drawing map keeps in memory is dropped (the page outlives a sign-out: no reload).

describe('the data modules keep on the device', () => {
  it('is counted over every module and deleted on sign-out', async () => {
    const user = 'User-4242';
    expect(await unsyncedOnDevice(user)).toBe(0);
    await createLocal(offlineDb(user), {
      formType: 'RECORD',
      program: 'GeoKeeperProgram-1',
      formDef: 'GeoKeeperFormDef-1',
      formVersion: 1,
      label: 'Collected offline',
      fields: { formData: { observation: 'beaver dam' } },
    });
    expect(await unsyncedOnDevice(user)).toBe(1);
    await clearDeviceData(user);
    expect(await Dexie.exists(dbName(user))).toBe(false);
    expect(await unsyncedOnDevice(user)).toBe(0);
  });

  it('drops the territory the drawing map kept: the next person’s map reads the server again', async () => {
    let reads = 0;
    const client = {
      request: <T>() => {
        reads++;
        return Promise.resolve({ ids: ['SpatialCollection-1'] } as T);
      },
      act: (() => Promise.resolve({ features: {} })) as never,
    };
    const user = 'User-4343';
    await territoryFor(client, user);
    await territoryFor(client, user);
    expect(reads).toBe(1);
    expect(await unsyncedOnDevice(user)).toBe(0);
    await clearDeviceData(user);
    await territoryFor(client, user);
    expect(reads).toBe(2);
  });
});
