import { forgetHidden, type ActHandlers, type CommittedListener } from '../../../../server/module-api';
import type { mapActs } from '../../contract-map';
import { streamFeatures } from './stream';

// The map's act handlers (contract-map.ts).
export const mapHandlers: ActHandlers<typeof mapActs> = { streamFeatures };

/** Committed-change listeners of the map: places a socket was sent and may no longer read. */
export const mapListeners: Readonly<Record<string, CommittedListener>> = {
  SpatialFeature: forgetHidden,
  Feature: forgetHidden,
  DispositionFeature: forgetHidden,
};
