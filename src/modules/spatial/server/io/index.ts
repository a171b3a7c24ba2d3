import type { ActHandlers, AsyncAction } from '../../../../server/module-api';
import type { ioActs } from '../../contract-io';

// GIS import and export (contract-io.ts): act handlers, and the background tasks that do the work.
export const ioHandlers: ActHandlers<typeof ioActs> = {};
export const ioAsyncActions: Record<string, AsyncAction> = {};
