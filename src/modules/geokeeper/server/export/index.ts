import { asyncActionsOf, type ActHandlers, type AsyncAction } from '../../../../server/module-api';
import { exportAsyncActs, type exportActs } from '../../contract-export';
import { searchGeoKeeperAttachments } from './attachments';
import { exportFieldData } from './export-task';

// The exports of a program's field data (contract-export.ts): background tasks; and the search of
// field data's files (GeoKeeperAttachment).
export const exportHandlers: ActHandlers<typeof exportActs> = { searchGeoKeeperAttachments };
export const exportAsyncActions: Record<string, AsyncAction> = asyncActionsOf(exportAsyncActs, {
  exportFieldData,
});
