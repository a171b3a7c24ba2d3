import type { ClientModule } from '../../../../client/module-api';

// The spatial client half's part: GIS import and export: the import dialog with progress, the export of a search.
// client/index.ts joins the parts; each part's components are chunks of their own (lazy).
export const ioPart: Partial<ClientModule> = {};
