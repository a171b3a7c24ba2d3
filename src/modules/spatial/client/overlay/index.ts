import type { ClientModule } from '../../../../client/module-api';

// The spatial client half's part: the impact overlay: the RWF_SPATIAL step panel and the report on a response.
// client/index.ts joins the parts; each part's components are chunks of their own (lazy).
export const overlayPart: Partial<ClientModule> = {};
