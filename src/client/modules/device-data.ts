/// <reference types="vite/client" />

// What modules keep on the device for a person (geokeeper's offline store: programs, forms and
// the records collected without signal), asked about and cleared on sign-out (SignOutView). A
// module declares it in src/modules/<id>/client/device-data.ts, each its own small chunk, loaded
// only when someone signs out: the start-up bundle holds this map of loaders alone.

/** A module's data on the device, per person. */
export interface DeviceData {
  /** How many things the device holds for the person that the server does not have yet. */
  unsynced(userId: string): Promise<number>;
  /** Removes everything the module keeps on the device for the person. */
  clear(userId: string): Promise<void>;
}

const declared = import.meta.glob<{ deviceData: DeviceData }>('../../modules/*/client/device-data.ts');

async function all(): Promise<DeviceData[]> {
  return Promise.all(Object.values(declared).map(async (load) => (await load()).deviceData));
}

/** What signing out would lose: the things not yet on the server, over every module. */
export async function unsyncedOnDevice(userId: string): Promise<number> {
  let n = 0;
  for (const d of await all()) n += await d.unsynced(userId);
  return n;
}

/** Clears every module's data of the person on this device. */
export async function clearDeviceData(userId: string): Promise<void> {
  for (const d of await all()) await d.clear(userId);
}
