import type { DeviceData } from '../../../client/module-api';
import { dropTerritory } from './draw/territory-cache';

/**
 * The territory the drawing map keeps in memory (draw/territory-cache.ts), dropped on sign-out
 * (src/client/modules/device-data.ts). Nothing of it is unsent: it is a copy of the server's.
 */
export const deviceData: DeviceData = {
  unsynced: () => Promise.resolve(0),
  clear: () => Promise.resolve(dropTerritory()),
};
