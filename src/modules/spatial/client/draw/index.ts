import { lazy } from 'react';
import type { ClientModule } from '../../../../client/module-api';

const AreaSection = lazy(() => import('./AreaSection').then((m) => ({ default: m.AreaSection })));

// The spatial client half's part: the geometry field editor (draw, paste, drop a file), and the
// read view of a geometry in a record. Its own chunk, with MapLibre and terra-draw behind it.
export const drawPart: Partial<ClientModule> = {
  fieldEditors: { geometry: lazy(() => import('./GeometryField')) },
  // The area of an item drawn from its parts (ItemTypeDef.areaParts: a consultation's project
  // features), above its files: the referral's mini-map.
  itemSections: [
    {
      id: 'spatial.area',
      order: 5,
      applies: (item, type) => !!type.areaParts && !!item.$id,
      component: AreaSection,
    },
  ],
};
