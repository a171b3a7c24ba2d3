import type { ActHandlers } from '../../../../server/module-api';
import type { mapActs } from '../../contract-map';

// The map's act handlers (contract-map.ts).
export const mapHandlers: ActHandlers<typeof mapActs> = {};
