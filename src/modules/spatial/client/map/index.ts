import type { ClientModule } from '../../../../client/module-api';

// The spatial client half's part: the map screen (spatial.map), its layer tree, and the search's MAP mode.
// client/index.ts joins the parts; each part's components are chunks of their own (lazy).
export const mapPart: Partial<ClientModule> = {};
