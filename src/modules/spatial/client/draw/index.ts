import type { ClientModule } from '../../../../client/module-api';

// The spatial client half's part: the geometry field editor (draw, paste, drop a file).
// client/index.ts joins the parts; each part's components are chunks of their own (lazy).
export const drawPart: Partial<ClientModule> = {};
