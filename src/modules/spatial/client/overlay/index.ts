import { lazy } from 'react';
import type { ClientModule } from '../../../../client/module-api';

// The spatial client half's part: the impact overlay: the RWF_SPATIAL step panel and the reports
// on a response. client/index.ts joins the parts; each part's components are chunks of their own (lazy).

const SpatialStepPanel = lazy(() =>
  import('./SpatialStepPanel').then((m) => ({ default: m.SpatialStepPanel })),
);
const ImpactReportsSection = lazy(() =>
  import('./ImpactReportsSection').then((m) => ({ default: m.ImpactReportsSection })),
);

export const overlayPart: Partial<ClientModule> = {
  stepPanels: { RWF_SPATIAL: SpatialStepPanel },
  itemSections: [
    {
      id: 'spatial.overlay',
      // Below the response's own sections, before Attachments (10).
      order: 8,
      applies: (item) => item._t === 'ConsultResponse' && !!item.$id,
      component: ImpactReportsSection,
    },
  ],
};
