import { forgetHidden, type ActHandlers, type CommittedListener } from '../../../../server/module-api';
import type { mapActs } from '../../contract-map';
import { streamFieldDataForMap } from './stream';

// The field data map's act (contract-map.ts) and its listeners: a record, work item or reference
// a socket was sent and may no longer read is pushed to it as a delete (module API forgetHidden).
export const mapHandlers: ActHandlers<typeof mapActs> = { streamFieldDataForMap };

export const mapListeners: Readonly<Record<string, CommittedListener>> = {
  GeoKeeperFieldData: forgetHidden,
  GeoKeeperWorkItem: forgetHidden,
  GeoKeeperReference: forgetHidden,
};
