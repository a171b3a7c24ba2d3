import { asyncActionsOf, type ActHandlers, type AsyncAction } from '../../../../server/module-api';
import { ioAsyncActs, type ioActs } from '../../contract-io';
import { exportFeatures } from './export-task';
import { importFeatures } from './import-task';

// GIS import and export (contract-io.ts, docs/spatial-io.md): both are background tasks.
export const ioHandlers: ActHandlers<typeof ioActs> = {};
export const ioAsyncActions: Record<string, AsyncAction> = asyncActionsOf(ioAsyncActs, {
  importFeatures,
  exportFeatures,
});
