import { lazy } from 'react';
import type { ClientModule } from '../../../../client/module-api';

// The GeoKeeper client half's part: fieldwork jobs' step panels (docs/geokeeper.md "Fieldwork
// jobs"), shown by the workflow panel under an ACTIVE step of the kind. Each is a chunk of its own.

const ThreadStepPanel = lazy(() => import('./ThreadStepPanel').then((m) => ({ default: m.ThreadStepPanel })));
const WorkItemsStepPanel = lazy(() =>
  import('./WorkItemsStepPanel').then((m) => ({ default: m.WorkItemsStepPanel })),
);
const StartJobStepPanel = lazy(() =>
  import('./StartJobStepPanel').then((m) => ({ default: m.StartJobStepPanel })),
);

export const fieldworkPart: Partial<ClientModule> = {
  stepPanels: {
    GKF_CONFIRM: ThreadStepPanel,
    GKF_WORK_ITEMS: WorkItemsStepPanel,
    GKF_REPORT: ThreadStepPanel,
    GKF_INVOICE: ThreadStepPanel,
    RWF_FIELDWORK: StartJobStepPanel,
  },
};
