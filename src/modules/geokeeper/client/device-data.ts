import type { DeviceData } from '../../../client/module-api';
import { clearDevice, unsyncedOf } from './offline/device-store';

/** The offline store on sign-out (src/client/modules/device-data.ts, docs/geokeeper.md). */
export const deviceData: DeviceData = { unsynced: unsyncedOf, clear: clearDevice };
